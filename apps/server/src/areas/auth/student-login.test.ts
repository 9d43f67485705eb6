import { printedClassCode, studentLoginMessages } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import type { TestClient, TestContext } from "../../../test/build-test-app.ts";
import { testAppForFile, withTestApp } from "../../../test/own-app.ts";
import { classCodeOf } from "./class-code.ts";

const ctx = testAppForFile();

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
  it("step 1 answers select with the class's tiles, sorted by name, once the class code is typed", async () => {
    const { teacher, zoe, amir } = await classOf("select");
    const code = await classCodeOf(ctx.db, teacher.id);
    const reply = await ctx.client().post("/student/login", {
      step: 1,
      teacher: teacher.username.toUpperCase(),
      // As a child may type it off the card: lower case, with the card's dash.
      classCode: printedClassCode(code).toLowerCase(),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      type: "select",
      students: [
        { id: amir.id, name: "Amir K" },
        { id: zoe.id, name: "Zoe Y" },
      ],
    });
  });

  it("step 1 shows a stranger who knows only the teacher's username no names", async () => {
    const { teacher } = await classOf("select");
    const stranger = ctx.client();
    const reply = await stranger.post("/student/login", { step: 1, teacher: teacher.username });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ type: "input", students: [], classCodeShowsTiles: true });
    const wrong = await stranger.post("/student/login", {
      step: 1,
      teacher: teacher.username,
      classCode: "AAAAAA",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ classCode: [studentLoginMessages.classCode] });
    expect(JSON.stringify(wrong.body)).not.toContain("Zoe");
  });

  it("step 1 shows the tiles on a browser the class used, until the teacher changes the code", async () => {
    const { teacher, zoe } = await classOf("select");
    const tiles = async (client: TestClient) =>
      (await client.post("/student/login", { step: 1, teacher: teacher.username })).body.data
        .students.length;
    // A browser a student of the class signed in on, one the teacher signed in on, and one
    // the class code was typed on once.
    const kidsTablet = ctx.client();
    await kidsTablet.signIn({ ...zoe, teacherUsername: teacher.username });
    await kidsTablet.post("/logout");
    const teachersLaptop = ctx.client();
    await teachersLaptop.signIn(teacher);
    const oldCode = await classCodeOf(ctx.db, teacher.id);
    const classroom = ctx.client();
    await classroom.post("/student/login", {
      step: 1,
      teacher: teacher.username,
      classCode: oldCode,
    });
    for (const client of [kidsTablet, teachersLaptop, classroom])
      expect(await tiles(client)).toBe(2);

    const changed = await teachersLaptop.post(`/teacher/${teacher.id}/settings`, {
      verb: "change_class_code",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.class_code).not.toBe(oldCode);
    for (const client of [kidsTablet, teachersLaptop, classroom])
      expect(await tiles(client)).toBe(0);
    // The old code opens nothing; the new one does.
    const fresh = ctx.client();
    const old = await fresh.post("/student/login", {
      step: 1,
      teacher: teacher.username,
      classCode: oldCode,
    });
    expect(old.status).toBe(422);
    const again = await fresh.post("/student/login", {
      step: 1,
      teacher: teacher.username,
      classCode: changed.body.class_code,
    });
    expect(again.body.data.students).toHaveLength(2);
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
    const atMine = (body: object) =>
      ctx.client().post("/student/login", { teacher: mine.teacher.username, ...body });
    const byId = await atMine({ step: 2, type: "select", studentId: other.zoe.id });
    expect(byId.status).toBe(422);
    const signIn = await atMine({
      step: 3,
      type: "select",
      studentId: other.zoe.id,
      password: other.zoe.password,
    });
    expect(signIn.status).toBe(422);
    const byName = await atMine({ step: 2, type: "input", student: "nobody" });
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

describe("limits on guessing students' passwords", () => {
  /** A client posting from its own address (tests trust 127.0.0.1 as a proxy). */
  const from = (context: TestContext, ip: string) => {
    const client = context.client();
    return (body: unknown) =>
      client.request("POST", "/student/login", body, { "x-forwarded-for": ip });
  };
  const password = (
    teacher: { username: string },
    pick: { student?: string; studentId?: number },
    pw: string,
  ) => ({
    step: 3,
    type: pick.student ? "input" : "select",
    teacher: teacher.username,
    ...pick,
    password: pw,
  });

  it("count a typed and a picked student against one account", async () => {
    await withTestApp({ LOGIN_LIMIT_PER_ACCOUNT_AND_IP: "3" }, async (small) => {
      const teacher = await small.factories.user({ role: "teacher" });
      const zoe = await small.factories.user({
        role: "student",
        teacherId: teacher.id,
        username: "zoe",
      });
      const post = from(small, "198.51.100.20");
      expect((await post(password(teacher, { student: "zoe" }, "cat10"))).status).toBe(401);
      expect((await post(password(teacher, { studentId: zoe.id }, "cat11"))).status).toBe(401);
      expect((await post(password(teacher, { student: "ZOE" }, "cat12"))).status).toBe(401);
      expect((await post(password(teacher, { studentId: zoe.id }, zoe.password))).status).toBe(429);
    });
  });

  it("hold back a class after too many wrong passwords from anywhere, but not its school", async () => {
    await withTestApp({ LOGIN_LIMIT_PER_CLASS: "6" }, async (small) => {
      const teacher = await small.factories.user({ role: "teacher" });
      const kids = await Promise.all(
        ["ana", "ben", "cleo"].map((username) =>
          small.factories.user({ role: "student", teacherId: teacher.id, username }),
        ),
      );
      const [ana, ben, cleo] = kids as [(typeof kids)[0], (typeof kids)[0], (typeof kids)[0]];
      const school = from(small, "192.0.2.80");
      expect((await school(password(teacher, { student: "ana" }, ana.password))).status).toBe(200);
      // Six wrong passwords over three addresses and three children: no single count is full…
      for (const [i, kid] of [ben, cleo, ben, cleo, ben, cleo].entries()) {
        const guess = from(small, `203.0.113.${10 + (i % 3)}`);
        expect(
          (await guess(password(teacher, { studentId: kid.id }, `frogsun${10 + i}`))).status,
        ).toBe(401);
      }
      // …but the class's is: a new address is held back even with the right password…
      const stranger = from(small, "203.0.113.99");
      const held = await stranger(password(teacher, { student: "ben" }, ben.password));
      expect(held.status).toBe(429);
      expect(held.body.message).toBe("Too many attempts. Please wait a few minutes and try again.");
      // …while the school address the class signs in from carries on.
      expect((await school(password(teacher, { student: "ben" }, ben.password))).status).toBe(200);
      expect((await school(password(teacher, { studentId: cleo.id }, cleo.password))).status).toBe(
        200,
      );
    });
  });

  it("never count a class's successes, nor its typos against the school's other classes", async () => {
    await withTestApp({ LOGIN_LIMIT_PER_IP: "5" }, async (small) => {
      const first = await small.factories.user({ role: "teacher" });
      const second = await small.factories.user({ role: "teacher" });
      const [a, newcomer] = await Promise.all(
        ["a1", "a2"].map((username) =>
          small.factories.user({ role: "student", teacherId: first.id, username }),
        ),
      );
      const b = await small.factories.user({
        role: "student",
        teacherId: second.id,
        username: "b1",
      });
      if (!a || !newcomer) throw new Error("no students");
      // Every attempt from its own browser behind the school's one address.
      const school = (body: unknown) =>
        small.client().request("POST", "/student/login", body, { "x-forwarded-for": "192.0.2.90" });
      for (let i = 0; i < 10; i++)
        expect((await school(password(first, { student: "a1" }, a.password))).status).toBe(200);
      expect((await school(password(second, { student: "b1" }, b.password))).status).toBe(200);
      // The first class mistypes more than the address's allowance…
      for (let i = 0; i < 5; i++) await school(password(first, { student: "a1" }, `typo${i}`));
      // …which holds back its students who never signed in from here, and answers guesses
      // with 429 like unknown names…
      expect((await school(password(first, { student: "a2" }, newcomer.password))).status).toBe(
        429,
      );
      expect((await school(password(first, { student: "a1" }, "typo9"))).status).toBe(429);
      // …but not a right password of a student who did, nor the second class.
      expect((await school(password(first, { student: "a1" }, a.password))).status).toBe(200);
      expect((await school(password(second, { student: "b1" }, b.password))).status).toBe(200);
    });
  });
  it("keep teacher-name typos and adults' wrong passwords from holding back a school's classes and teachers", async () => {
    await withTestApp({ LOGIN_LIMIT_PER_IP: "5" }, async (small) => {
      const teacher = await small.factories.user({ role: "teacher" });
      const kid = await small.factories.user({ role: "student", teacherId: teacher.id });
      const colleague = await small.factories.user({ role: "teacher" });
      const newClass = await small.factories.user({ role: "teacher" });
      const address = "192.0.2.70";
      const student = from(small, address);
      const adult = () => {
        const client = small.client();
        return (body: unknown) =>
          client.request("POST", "/login", body, { "x-forwarded-for": address });
      };
      // The teacher set the class up from the school's address.
      expect((await adult()({ login: teacher.username, password: teacher.password })).status).toBe(
        200,
      );
      // Students mistype teacher names up to the limit and past it…
      for (let i = 0; i < 5; i++)
        expect((await student({ step: 1, teacher: `no-such-teacher${i}` })).status).toBe(422);
      expect((await student({ step: 1, teacher: "no-such-teacher9" })).status).toBe(429);
      // …after which the school's address learns nothing more about names: an existing teacher
      // whose class never signed in from here is refused alike…
      expect((await student({ step: 1, teacher: newClass.username })).status).toBe(429);
      // …while the class that signs in from here carries on, and so does any adult.
      expect((await student({ step: 1, teacher: teacher.username })).status).toBe(200);
      expect((await student(password(teacher, { studentId: kid.id }, kid.password))).status).toBe(
        200,
      );
      expect(
        (await adult()({ login: colleague.username, password: colleague.password })).status,
      ).toBe(200);
      // Adults' wrong passwords up to the limit and past it hold back adults only, and of
      // them only those who never signed in from here.
      for (let i = 0; i < 5; i++)
        expect((await adult()({ login: `nobody${i}`, password: "guess-guess" })).status).toBe(401);
      expect(
        (await adult()({ login: newClass.username, password: newClass.password })).status,
      ).toBe(429);
      expect(
        (await adult()({ login: colleague.username, password: colleague.password })).status,
      ).toBe(200);
      expect((await student(password(teacher, { studentId: kid.id }, kid.password))).status).toBe(
        200,
      );
    });
  });

  it("hold back the class being guessed at an address, not the address's other classes", async () => {
    await withTestApp({ LOGIN_LIMIT_PER_IP: "5" }, async (small) => {
      // Two classes that have never signed in from this address.
      const guessed = await small.factories.user({ role: "teacher" });
      const target = await small.factories.user({ role: "student", teacherId: guessed.id });
      const other = await small.factories.user({ role: "teacher" });
      const kid = await small.factories.user({ role: "student", teacherId: other.id });
      const post = from(small, "203.0.113.70");
      for (let i = 0; i < 5; i++)
        expect(
          (await post(password(guessed, { studentId: target.id }, `frogsun${10 + i}`))).status,
        ).toBe(401);
      expect(
        (await post(password(guessed, { studentId: target.id }, target.password))).status,
      ).toBe(429);
      expect(
        (await post({ step: 2, type: "select", teacher: guessed.username, studentId: target.id }))
          .status,
      ).toBe(429);
      expect((await post({ step: 1, teacher: other.username })).status).toBe(200);
      expect((await post(password(other, { studentId: kid.id }, kid.password))).status).toBe(200);
    });
  });
});
