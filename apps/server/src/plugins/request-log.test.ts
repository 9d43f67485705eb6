import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";
import { issueToken } from "../areas/auth/index.ts";

describe("the request log", () => {
  let ctx: TestContext;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const capture = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    ctx = await buildTestApp({}, { logger: { level: "info", stream: capture } });
  });
  afterAll(() => ctx.close());

  it("writes one line per request: its id, route, status, time and user", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    lines.length = 0;
    const reply = await client.post("/teacher/students", { verb: "list" });
    expect(reply.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "request",
      method: "POST",
      route: "/teacher/students",
      status: 200,
      user: teacher.id,
    });
    expect(lines[0]?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof lines[0]?.ms).toBe("number");
  });

  it("logs the route's pattern, never a link's token, and a request no route took", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const token = await issueToken(ctx.db, teacher.id, "password_reset");
    lines.length = 0;
    const client = ctx.client();
    await client.post(`/password/reset/${token}?again=${token}`, { password: "short" });
    await client.get(`/api/nothing-here/${token}`);
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(token);
    const routes = lines.filter((l) => l.msg === "request").map((l) => [l.route, l.status]);
    expect(routes).toContainEqual(["/password/reset/:token", 422]);
    expect(routes).toContainEqual(["(no route)", 404]);
  });
});
