import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { api } from "./api.ts";

const ok = z.object({ success: z.literal(true) });

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
    await api.post("/login", ok, { login: "ms.rivera", password: "x" });
    await api.post("/teacher/students", ok, { verb: "list" });
    await api.get("/auth/session", ok);
    await api.post("/logout", ok);
    expect(sent).toEqual(["page-token", "signed-in-token", null, "signed-in-token"]);
  });
});
