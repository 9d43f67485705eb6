import { contract, verbs } from "@refrain/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { api, attachmentName } from "./api.ts";

const ok = z.object({ success: z.literal(true) });
/** Calls as an area declares them, answered by the stub server below. */
const call = (method: "GET" | "POST", path: string) =>
  contract({ method, path, tag: "test", summary: "", policy: "public", response: ok });
const login = contract({
  ...call("POST", "/login"),
  body: z.object({ login: z.string(), password: z.string() }),
});
const session = call("GET", "/auth/session");
const logout = call("POST", "/logout");
const roster = verbs(
  { method: "POST", path: "/teacher/students", tag: "test", policy: "public" },
  { list: { summary: "", body: z.object({ verb: z.literal("list") }), response: ok } },
);
const pdfCall = (path: string) =>
  contract({
    method: "GET",
    path,
    tag: "test",
    summary: "",
    policy: "public",
    file: "application/pdf",
  });

/** A page whose meta tag holds `token`, and a server whose answers the test writes. */
function page(token: string, answers: { headers?: Record<string, string> }[]) {
  vi.stubGlobal("document", {
    querySelector: (selector: string) =>
      selector === 'meta[name="csrf-token"]' ? { content: token } : null,
  });
  const sent: (string | null)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_path: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get("X-CSRF-Token"));
      const answer = answers.shift() ?? {};
      return new Response(JSON.stringify({ success: true }), {
        status: 200,
        headers: { "Content-Type": "application/json", ...answer.headers },
      });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the CSRF token", () => {
  it("starts as the page's and becomes the one an answer sends, as after signing in", async () => {
    const sent = page("page-token", [{ headers: { "X-CSRF-Token": "signed-in-token" } }, {}]);
    await api.call(login, { body: { login: "ms.rivera", password: "x" } });
    await api.call(roster.list);
    await api.call(session);
    await api.call(logout);
    expect(sent).toEqual(["page-token", "signed-in-token", null, "signed-in-token"]);
  });
});

describe("api.download", () => {
  /** A server that answers every call with `answer`, recording the headers it was sent. */
  function server(answer: () => Response) {
    vi.stubGlobal("document", { querySelector: () => ({ content: "page-token" }) });
    const sent: Headers[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: RequestInit) => {
        sent.push(new Headers(init.headers));
        return answer();
      }),
    );
    return sent;
  }
  const pdf = { filename: "fallback.pdf" };

  it("returns the file under the name the server gave, asked for as a call", async () => {
    const sent = server(
      () =>
        new Response("%PDF-1.7", {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="login-cards.pdf"',
          },
        }),
    );
    const file = await api.download(pdfCall("/teacher/media/cards.pdf"), pdf);
    expect(file.filename).toBe("login-cards.pdf");
    expect(await file.blob.text()).toBe("%PDF-1.7");
    expect(sent[0]?.get("Accept")).toBe("application/pdf");
    expect(sent[0]?.get("X-Requested-With")).toBe("XMLHttpRequest");
  });

  it("posts a form's fields as JSON with the CSRF token (the PDF report)", async () => {
    const bodies: unknown[] = [];
    const sent = server(
      () => new Response("%PDF", { headers: { "Content-Type": "application/pdf" } }),
    );
    const fetched = vi.mocked(fetch);
    const form = contract({
      ...pdfCall("/teacher/reports/pdf/:id"),
      method: "POST",
      params: z.object({ id: z.number() }),
      body: z.object({ media: z.literal("pdf") }),
    });
    await api.download(form, { params: { id: 7 }, body: { media: "pdf" }, ...pdf });
    for (const [, init] of fetched.mock.calls) bodies.push(JSON.parse(String(init?.body)));
    expect(fetched.mock.calls[0]?.[0]).toBe("/teacher/reports/pdf/7");
    expect(fetched.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(bodies[0]).toEqual({ media: "pdf" });
    // The token every changing call sends (which one depends on the earlier tests' rotations).
    await api.call({ ...logout, response: z.unknown() });
    expect(sent[0]?.get("X-CSRF-Token")).toMatch(/.+/);
    expect(sent[0]?.get("X-CSRF-Token")).toBe(sent[1]?.get("X-CSRF-Token"));
    expect(sent[0]?.get("Content-Type")).toBe("application/json");
  });

  it("falls back to the caller's name when the server names none", async () => {
    server(() => new Response("%PDF", { headers: { "Content-Type": "application/pdf" } }));
    expect((await api.download(pdfCall("/x.pdf"), pdf)).filename).toBe("fallback.pdf");
  });

  it("throws the server's refusal with its message and fields", async () => {
    server(() =>
      Response.json(
        { success: false, message: "No students", errors: { students: ["Add students first."] } },
        { status: 422 },
      ),
    );
    await expect(api.download(pdfCall("/x.pdf"), pdf)).rejects.toMatchObject({
      name: "ApiError",
      status: 422,
      message: "No students",
      errors: { students: ["Add students first."] },
    });
  });

  it("refuses an answer of another type, such as the app's page", async () => {
    server(() => new Response("<!doctype html>", { headers: { "Content-Type": "text/html" } }));
    await expect(api.download(pdfCall("/x.pdf"), pdf)).rejects.toMatchObject({ name: "ApiError" });
  });

  it("takes up a rotated CSRF token for the next call", async () => {
    const sent = server(
      () =>
        new Response("%PDF", {
          headers: { "Content-Type": "application/pdf", "X-CSRF-Token": "rotated-token" },
        }),
    );
    await api.download(pdfCall("/x.pdf"), pdf);
    // The stub answers with the PDF again: only the header sent matters here.
    await api.call({ ...logout, response: z.unknown() });
    expect(sent[1]?.get("X-CSRF-Token")).toBe("rotated-token");
  });
});

describe("attachmentName", () => {
  it("reads quoted, bare and UTF-8 encoded names", () => {
    expect(attachmentName('attachment; filename="a b.pdf"')).toBe("a b.pdf");
    expect(attachmentName("attachment; filename=quote-12.pdf")).toBe("quote-12.pdf");
    expect(attachmentName("attachment; filename*=UTF-8''caf%C3%A9.pdf")).toBe("café.pdf");
    expect(attachmentName(null)).toBeUndefined();
  });
});

describe("api.call", () => {
  it("fills the path, sends the query and puts a verb's name into its body", async () => {
    vi.stubGlobal("document", { querySelector: () => ({ content: "page-token" }) });
    const calls: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string, init: RequestInit) => {
        calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
        return Response.json({ success: true });
      }),
    );
    const feedback = contract({
      method: "GET",
      path: "/student/feedback/:studentId",
      tag: "test",
      summary: "",
      policy: "public",
      params: z.object({ studentId: z.string() }),
      query: z.object({ to: z.string().optional(), page: z.number().optional() }),
      response: ok,
    });
    await api.call(feedback, {
      params: { studentId: "a/b" },
      query: { to: "x@y.z", page: undefined },
    });
    await api.call(roster.list);
    expect(calls).toEqual([
      { path: "/student/feedback/a%2Fb?to=x%40y.z", body: undefined },
      { path: "/teacher/students", body: { verb: "list" } },
    ]);
  });

  it("refuses an answer that is not the contract's shape", async () => {
    vi.stubGlobal("document", { querySelector: () => ({ content: "page-token" }) });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ ok: 1 })),
    );
    await expect(api.call(session)).rejects.toMatchObject({ name: "ApiError" });
  });
});
