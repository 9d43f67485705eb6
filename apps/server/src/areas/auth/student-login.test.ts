import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../test/build-test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

async function classOf(mode: "input" | "select") {
  const teacher = await ctx.factories.user({ role: "teacher", studentLoginType: mode });
  const zoe = await ctx.factories.user({
    role: "student",
    teacherId: teacher.id,
    username: "zoe",
    firstName: "Zoe",
    lastName: "Young",
  });
  const amir = await ctx.factories.user({
    role: "student",
    teacherId: teacher.id,
    username: "amir",
    firstName: "Amir",
    lastName: "Khan",
  });
  return { teacher, zoe, amir };
}

describe("POST /student/login", () => {
  it("step 1 answers select with the class's tiles, sorted by name", async () => {
    const { teacher, zoe, amir } = await classOf("select");
    const reply = await ctx
      .client()
      .post("/student/login", { step: 1, teacher: teacher.username.toUpperCase() });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      type: "select",
      students: [
        { id: amir.id, name: "Amir K" },
        { id: zoe.id, name: "Zoe Y" },
      ],
    });
  });

  it("step 1 answers input without revealing the class", async () => {
    const { teacher } = await classOf("input");
    const reply = await ctx.client().post("/student/login", { step: 1, teacher: teacher.username });
    expect(reply.body.data).toEqual({ type: "input", students: [] });
  });

  it("steps 2 and 3 sign a typed-in student in", async () => {
    const { teacher, zoe } = await classOf("input");
    const client = ctx.client();
    const step2 = await client.post("/student/login", {
      step: 2,
      type: "input",
      teacher: teacher.username,
      student: "ZOE",
    });
    expect(step2.body.data).toEqual({ id: zoe.id });
    const step3 = await client.post("/student/login", {
      step: 3,
      type: "input",
      teacher: teacher.username,
      student: "zoe",
      password: zoe.password,
    });
    expect(step3.status).toBe(200);
    expect(step3.body).toMatchObject({ success: true, data: { success: true } });
    const session = await client.get("/auth/session");
    expect(session.body.user).toMatchObject({ id: zoe.id, role: "student" });
  });

  it("a tile goes straight to the password step", async () => {
    const { teacher, amir } = await classOf("select");
    const client = ctx.client();
    const reply = await client.post("/student/login", {
      step: 3,
      type: "select",
      teacher: teacher.username,
      studentId: amir.id,
      password: amir.password,
    });
    expect(reply.status).toBe(200);
    expect((await client.get("/auth/session")).body.user.id).toBe(amir.id);
  });

  it("never reaches a student of another teacher", async () => {
    const mine = await classOf("select");
    const other = await classOf("select");
    const byId = await ctx.client().post("/student/login", {
      step: 2,
      type: "select",
      teacher: mine.teacher.username,
      studentId: other.zoe.id,
    });
    expect(byId.status).toBe(422);
    const signIn = await ctx.client().post("/student/login", {
      step: 3,
      type: "select",
      teacher: mine.teacher.username,
      studentId: other.zoe.id,
      password: other.zoe.password,
    });
    expect(signIn.status).toBe(422);
    const byName = await ctx.client().post("/student/login", {
      step: 2,
      type: "input",
      teacher: mine.teacher.username,
      student: "nobody",
    });
    expect(byName.status).toBe(422);
    expect(byName.body.errors.student).toBeDefined();
  });

  it("never blocks a class signing in together from one school address", async () => {
    const { teacher, zoe } = await classOf("input");
    const schoolNetwork = ctx.client();
    // More successful sign-ins than LOGIN_LIMIT_PER_IP (50) from one address: only failures count.
    for (let i = 0; i < 60; i++) {
      const reply = await schoolNetwork.post("/student/login", {
        step: 2,
        type: "input",
        teacher: teacher.username,
        student: "zoe",
      });
      expect(reply.status).toBe(200);
    }
    const signIn = await schoolNetwork.post("/student/login", {
      step: 3,
      type: "input",
      teacher: teacher.username,
      student: "zoe",
      password: zoe.password,
    });
    expect(signIn.status).toBe(200);
  });

  it("answers a wrong password with the generic message", async () => {
    const { teacher } = await classOf("input");
    const reply = await ctx.client().post("/student/login", {
      step: 3,
      type: "input",
      teacher: teacher.username,
      student: "zoe",
      password: "wrong",
    });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe("Invalid username or password. Please try again");
  });

  it("validates each step with the spec's messages", async () => {
    const noTeacher = await ctx.client().post("/student/login", { step: 1, teacher: "" });
    expect(noTeacher.status).toBe(422);
    expect(noTeacher.body.errors).toEqual({ teacher: ["Enter your teacher's username"] });
    const longTeacher = await ctx
      .client()
      .post("/student/login", { step: 1, teacher: "t".repeat(21) });
    expect(longTeacher.body.errors).toEqual({
      teacher: ["Field cannot have more than 20 characters."],
    });
    const unknown = await ctx
      .client()
      .post("/student/login", { step: 1, teacher: "no-such-teacher" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.teacher).toBeDefined();
    const { teacher } = await classOf("input");
    const noStudent = await ctx
      .client()
      .post("/student/login", { step: 2, type: "input", teacher: teacher.username, student: "" });
    expect(noStudent.body.errors).toEqual({ student: ["Enter your username"] });
    const noTile = await ctx
      .client()
      .post("/student/login", { step: 2, type: "select", teacher: teacher.username });
    expect(noTile.body.errors).toEqual({ studentId: ["Select your username"] });
    const noPassword = await ctx.client().post("/student/login", {
      step: 3,
      type: "input",
      teacher: teacher.username,
      student: "zoe",
    });
    expect(noPassword.body.errors).toEqual({ password: ["Enter your password"] });
    const longStudent = await ctx.client().post("/student/login", {
      step: 2,
      type: "input",
      teacher: teacher.username,
      student: "s".repeat(26),
    });
    expect(longStudent.body.errors).toEqual({
      student: ["Field cannot have more than 25 characters."],
    });
  });
});
