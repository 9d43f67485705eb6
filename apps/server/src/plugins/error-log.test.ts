import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
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
