import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../test/build-test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe("POST /teacher/students {verb: list}", () => {
  it("lists the teacher's own students with their printable passwords, and nobody else's", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const other = await ctx.factories.user({ role: "teacher" });
    const ava = await ctx.factories.user({
      role: "student",
      teacherId: teacher.id,
      username: "avam",
      password: "tiger12",
      firstName: "Ava",
    });
    await ctx.factories.user({ role: "student", teacherId: other.id, username: "avam" });
    const client = ctx.client();
    await client.signIn(teacher);
    const reply = await client.post("/teacher/students", { verb: "list" });
    expect(reply.status).toBe(200);
    expect(reply.body.students).toEqual([
      expect.objectContaining({
        id: ava.id,
        firstname: "Ava",
        username: "avam",
        password: "tiger12",
        planid: 8,
        require_3x: "inherit",
      }),
    ]);
  });

  it("refuses an unknown verb with 422", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    const reply = await client.post("/teacher/students", { verb: "explode" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.verb).toBeDefined();
  });
});
