import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";
import { loggableError, messageWithoutValues } from "./error-log.ts";

describe("loggableError", () => {
  it("keeps class, code, constraint, message and frames, never parameters or detail", () => {
    const cause = Object.assign(
      new Error('new row for relation "users" violates check constraint "c"'),
      {
        code: "23514",
        constraint: "c",
        table: "users",
        detail: "Failing row contains (Ada, ada@example.org, $argon2id$v=19$secret).",
        where: "ada@example.org",
      },
    );
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ["ada@example.org", "$argon2id$v=19$secret"],
      cause,
    );
    const logged = loggableError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain("ada@example.org");
    expect(text).not.toContain("argon2id");
    expect(text).not.toContain("params");
    expect(logged).toMatchObject({
      type: "DrizzleQueryError",
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { type: "Error", code: "23514", constraint: "c", table: "users" },
    });
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: insert[^\n]*\n\s+at /);
  });

  it("keeps no cookie or header value of a Playwright call log, nor our cookies anywhere", () => {
    // As Playwright 1.65 words a request that failed when the server stopped mid-recording.
    const dim = (line: string) => `\u001b[2m${line}\u001b[22m`;
    const error = new Error(
      [
        "apiRequestContext.post: socket hang up",
        "Call log:",
        dim("  - → POST http://127.0.0.1:3000/media/tutorials/groups"),
        dim("    - user-agent: Mozilla/5.0"),
        dim("    - cookie: refrain_csrf=seed-value-1; refrain_session=live-session-token-2"),
        dim("    - X-CSRF-Token: csrf-token-3"),
        "",
      ].join("\n"),
    );
    const quoting = new Error(
      "Cookie: refrain_session=live-session-token-2\nauthorization: Bearer bearer-4 (refrain_csrf=seed-value-1)",
    );
    const text = JSON.stringify([
      loggableError(error),
      loggableError(new Error("x", { cause: quoting })),
    ]);
    for (const secret of ["live-session-token-2", "seed-value-1", "csrf-token-3", "bearer-4"])
      expect(text).not.toContain(secret);
    expect(loggableError(error).message).toBe("apiRequestContext.post: socket hang up");
    expect(loggableError(quoting).message).toBe("Cookie: …\nauthorization: …");
  });

  it("keeps no cookie of a real Playwright request's error in the log line", async () => {
    const api = await request.newContext({
      extraHTTPHeaders: { cookie: "refrain_session=live-session-token-5" },
    });
    // Port 9 (discard) is closed here: the request fails as it does against a stopped server.
    const error = await api
      .post("http://127.0.0.1:9/logout", { headers: { "X-CSRF-Token": "csrf-token-6" } })
      .catch((e: unknown) => e);
    await api.dispose();
    expect(String((error as Error).message)).toContain("live-session-token-5");
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    log.error({ error: loggableError(error) }, "recording a tutorial failed");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("live-session-token-5");
    expect(lines[0]).not.toContain("csrf-token-6");
    expect(lines[0]).toContain("ECONNREFUSED");
  });

  it("hides values a database message quotes", () => {
    expect(messageWithoutValues('invalid input syntax for type integer: "ada@example.org"')).toBe(
      'invalid input syntax for type integer: "…"',
    );
  });
});

describe("the error handler's log line for a failed query", () => {
  let ctx: TestContext;
  const lines: string[] = [];

  beforeAll(async () => {
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    ctx = await buildTestApp({}, { logger: { level: "info", stream: capture } });
    // A rule of this test's database only, so that sign-up's insert fails inside the database.
    await ctx.db.execute(
      sql`alter table users add constraint test_refuses_boom check (first_name <> 'Boomer')`,
    );
  });
  afterAll(() => ctx.close());

  it("names the error, its code and the route, without the hash, the parameters or the form", async () => {
    const form = {
      userType: "parent",
      firstName: "Boomer",
      lastName: "Quixotic-Lastname",
      userName: "boomer.q",
      email: "boomer.private@example.org",
      password: "Secret-Pass-77",
      gradeLevel: "2nd grade",
      howDidYouFindUs: "Other",
    };
    const reply = await ctx.client().post("/teacher/signup", form);
    expect(reply.status).toBe(500);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = logged.find((line) => line.msg === "request failed");
    expect(failure).toMatchObject({
      level: 50,
      reqId: reply.body.requestId,
      method: "POST",
      route: "/teacher/signup",
      error: {
        type: "DrizzleQueryError",
        cause: { code: "23514", constraint: "test_refuses_boom", table: "users" },
      },
    });
    const stack = (failure?.error as { stack?: string } | undefined)?.stack;
    expect(stack).toContain("\n    at ");
    const everything = lines.join("\n");
    for (const secret of [
      "$argon2id",
      "params",
      form.lastName,
      form.email,
      form.password,
      form.userName,
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
  });
});
