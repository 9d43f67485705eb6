import { FOLLOWS_THE_CLASS, rosterMessages } from "@refrain/domain";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, type RoleWorld, roleClients } from "../../../test/authorization.ts";
import {
  adminActingAsTeacher,
  classOf,
  signedInOwner,
  studentsAddedAudit,
} from "../../../test/classes.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import {
  auditLog,
  groupMemberships,
  studentFeedback,
  studentGroups,
  users,
} from "../../db/schema/index.ts";

const ctx = testAppForFile();

const studentBody = (over: Record<string, unknown> = {}) => ({
  firstname: "Ava",
  lastname: "Lopez",
  planid: 9,
  username: "aval",
  password: "otter42",
  parent_email: "",
  require_3x: "inherit",
  require_retake: 1,
  slow_video: 0,
  enable_fluency_recording: "inherit",
  fluency_recording_lyrics_only: 1,
  ...over,
});

/** A class owner posts `verb` for another teacher's student, which reads as missing (404). */
async function refusedForAnothersStudent(verb: string, student: (id: number) => object) {
  const { client } = await signedInOwner(ctx);
  const other = await ctx.factories.user({ role: "teacher" });
  const theirs = await ctx.factories.user({ role: "student", teacherId: other.id });
  const reply = await client.post("/teacher/students", { verb, student: student(theirs.id) });
  expect(reply.status).toBe(404);
  return { other, theirs };
}

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
    const { client } = await signedInOwner(ctx);
    const reply = await client.post("/teacher/students", { verb: "explode" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.verb).toBeDefined();
  });
});

describe("POST /teacher/students {verb: parameters}", () => {
  it("gives the class limit, and fluency options to teachers but not parents", async () => {
    const { client } = await signedInOwner(ctx, { maxStudents: 12 });
    const reply = await client.post("/teacher/students", { verb: "parameters" });
    expect(reply.body).toEqual({ success: true, maximumStudents: 12, fluencyVideosEnabled: true });

    const parent = await ctx.factories.user({ role: "parent" });
    const parentClient = ctx.client();
    await parentClient.signIn(parent);
    const answer = await parentClient.post("/teacher/students", { verb: "parameters" });
    expect(answer.body).toEqual({
      success: true,
      maximumStudents: 30,
      fluencyVideosEnabled: false,
    });
  });
});

describe("POST /teacher/students {verb: autocreate}", () => {
  it("creates usable students: free usernames, easy passwords, first name Student, the class's level", async () => {
    const {
      owner: teacher,
      students,
      client,
    } = await signedInOwner(ctx, { students: 2, maxStudents: 8 });
    await ctx.db
      .update(users)
      .set({ username: "STUDENT2" })
      .where(eq(users.id, students[0]?.id ?? 0));

    const reply = await client.post("/teacher/students", { verb: "autocreate", count: 3 });
    expect(reply.status).toBe(200);
    expect(reply.body.students).toHaveLength(5);
    expect(reply.body.newids).toHaveLength(3);
    const created = reply.body.students.filter((s: { id: number }) =>
      reply.body.newids.includes(s.id),
    );
    expect(created.map((s: { username: string }) => s.username)).toEqual([
      "student1",
      "student3",
      "student4",
    ]);
    for (const s of created) {
      expect(s).toMatchObject({ firstname: "Student", lastname: "", planid: 8 });
      expect(s.password).toMatch(/^[a-z]+[1-9]\d$/);
    }
    // Newly created students come last.
    expect(reply.body.students.slice(-3)).toEqual(created);
    expect(await studentsAddedAudit(ctx, teacher.id)).toEqual([
      expect.objectContaining({
        actorId: teacher.id,
        onBehalfOfId: null,
        details: { count: 3, studentIds: reply.body.newids },
      }),
    ]);

    // The printed password works on the student sign-in.
    const first = created[0];
    const student = ctx.client();
    await student.signIn({
      role: "student",
      username: first.username,
      password: first.password,
      teacherUsername: teacher.username,
    });
    expect((await student.get("/auth/session")).body.user.role).toBe("student");
  });

  it("refuses to pass the class limit with a clear message, creating nobody", async () => {
    const { owner: teacher, client } = await signedInOwner(ctx, { students: 3, maxStudents: 5 });
    const reply = await client.post("/teacher/students", { verb: "autocreate", count: 3 });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ count: [rosterMessages.classFull(5, 3)] });
    expect(reply.body.message).toBe(
      "Your class can hold 5 students and has 3, so you can add up to 2 more.",
    );
    expect(await classOf(ctx, teacher.id)).toHaveLength(3);
  });

  it("lets only one of two racing requests pass the limit", async () => {
    const { owner: teacher, client } = await signedInOwner(ctx, { students: 1, maxStudents: 5 });
    const replies = await Promise.all([
      client.post("/teacher/students", { verb: "autocreate", count: 3 }),
      client.post("/teacher/students", { verb: "autocreate", count: 3 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await classOf(ctx, teacher.id)).toHaveLength(4);
  });

  it("requires the number of students", async () => {
    const { client } = await signedInOwner(ctx);
    const reply = await client.post("/teacher/students", { verb: "autocreate" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ count: ["Field is required"] });
    const zero = await client.post("/teacher/students", { verb: "autocreate", count: 0 });
    expect(zero.status).toBe(422);
  });
});

describe("POST /teacher/students {verb: save}", () => {
  it("updates a student of the class, settings and password included", async () => {
    const { owner: teacher, students, client } = await signedInOwner(ctx, { students: 1 });
    const id = students[0]?.id;
    const reply = await client.post("/teacher/students", {
      verb: "save",
      student: studentBody({ id, parent_email: " mom@example.org ", firstname: "  Ava " }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.student).toEqual({
      id,
      ...studentBody({ parent_email: "mom@example.org" }),
    });
    const [row] = await classOf(ctx, teacher.id);
    expect(row).toMatchObject({
      firstName: "Ava",
      planId: 9,
      requireRetake: true,
      slowVideo: false,
      require3x: null,
      fluencyRecordingLyricsOnly: true,
    });
    const student = ctx.client();
    await student.signIn({
      role: "student",
      username: "AVAL",
      password: "otter42",
      teacherUsername: teacher.username,
    });
    // A new password for someone else's account is audited; saving it unchanged is not.
    const passwordAudit = () =>
      ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "student.password_set"), eq(auditLog.targetId, id ?? 0)));
    expect(await passwordAudit()).toEqual([
      expect.objectContaining({ actorId: teacher.id, details: { teacherId: teacher.id } }),
    ]);
    const again = await client.post("/teacher/students", {
      verb: "save",
      student: studentBody({ id, lastname: "Lopez-Diaz" }),
    });
    expect(again.status).toBe(200);
    expect(await passwordAudit()).toHaveLength(1);
  });

  it("creates a student when the id is absent", async () => {
    const { owner: teacher, client } = await signedInOwner(ctx);
    const reply = await client.post("/teacher/students", {
      verb: "save",
      student: studentBody({ lastname: "" }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.student.id).toBeGreaterThan(0);
    expect(reply.body.student.lastname).toBe("");
    expect(await classOf(ctx, teacher.id)).toHaveLength(1);
  });

  it("answers 422 with errors keyed student.{field}", async () => {
    const { students, client } = await signedInOwner(ctx, { students: 1 });
    const reply = await client.post("/teacher/students", {
      verb: "save",
      student: studentBody({
        id: students[0]?.id,
        firstname: " ",
        username: "u".repeat(26),
        password: "",
        parent_email: "mom@",
        planid: 12,
      }),
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ success: false });
    expect(reply.body.errors).toEqual({
      "student.firstname": ["Field is required"],
      "student.username": ["Field cannot have more than 25 characters."],
      "student.password": ["Field is required"],
      "student.parent_email": ["Field must be a valid email address."],
      "student.planid": [rosterMessages.chooseLevel],
    });
  });

  it("refuses a username another classmate has, ignoring case, but not one in another class", async () => {
    const { owner: teacher, students, client } = await signedInOwner(ctx, { students: 2 });
    const other = await ctx.factories.user({ role: "teacher" });
    await ctx.factories.user({ role: "student", teacherId: other.id, username: "zoe" });
    const taken = students[1]?.username.toUpperCase() ?? "";
    const reply = await client.post("/teacher/students", {
      verb: "save",
      student: studentBody({ id: students[0]?.id, username: taken }),
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ "student.username": [rosterMessages.usernameInUse] });
    const created = await client.post("/teacher/students", {
      verb: "save",
      student: studentBody({ username: taken.toLowerCase() }),
    });
    expect(created.status).toBe(422);
    expect(await classOf(ctx, teacher.id)).toHaveLength(2);

    const elsewhere = await client.post("/teacher/students", {
      verb: "save",
      student: studentBody({ id: students[0]?.id, username: "Zoe" }),
    });
    expect(elsewhere.status).toBe(200);
    // Keeping one's own name in another case is not a clash.
    const recased = await client.post("/teacher/students", {
      verb: "save",
      student: studentBody({ id: students[0]?.id, username: "ZOE" }),
    });
    expect(recased.status).toBe(200);
  });

  it("keeps the class limit when creating one by one", async () => {
    const { owner: teacher, client } = await signedInOwner(ctx, { students: 2, maxStudents: 2 });
    const reply = await client.post("/teacher/students", { verb: "save", student: studentBody() });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ student: [rosterMessages.classFull(2, 2)] });
    expect(await classOf(ctx, teacher.id)).toHaveLength(2);
  });

  it("answers 404 for another teacher's student and changes nothing", async () => {
    const { other, theirs } = await refusedForAnothersStudent("save", (id) => studentBody({ id }));
    const [row] = await ctx.db.select().from(users).where(eq(users.id, theirs.id));
    expect(row?.firstName).toBe(theirs.firstName);
    expect(row?.teacherId).toBe(other.id);
  });
});

describe("POST /teacher/students {verb: delete, deleteAll}", () => {
  /** A class whose students have history: a group membership and a feedback message each. */
  async function classWithHistory(students: number) {
    const t = await signedInOwner(ctx, { students });
    const [group] = await ctx.db
      .insert(studentGroups)
      .values({ teacherId: t.owner.id, name: "Owls" })
      .returning();
    for (const s of t.students) {
      await ctx.db.insert(groupMemberships).values({ groupId: group?.id ?? 0, studentId: s.id });
      await ctx.db
        .insert(studentFeedback)
        .values({ studentId: s.id, teacherId: t.owner.id, message: "Well read!" });
    }
    return { ...t, teacher: t.owner };
  }
  const historyOf = async (ids: number[]) => ({
    memberships: await ctx.db
      .select()
      .from(groupMemberships)
      .where(inArray(groupMemberships.studentId, ids)),
    feedback: await ctx.db
      .select()
      .from(studentFeedback)
      .where(inArray(studentFeedback.studentId, ids)),
  });

  it("deletes one student with their history and writes an audit row", async () => {
    const { teacher, students, client } = await classWithHistory(2);
    const [gone, kept] = students as [(typeof students)[0], (typeof students)[0]];
    const reply = await client.post("/teacher/students", {
      verb: "delete",
      student: { id: gone.id },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: `${gone.firstName} ${gone.lastName} was deleted.`,
      deleted: 1,
    });
    expect((await classOf(ctx, teacher.id)).map((s) => s.id)).toEqual([kept.id]);
    expect(await historyOf([gone.id])).toEqual({ memberships: [], feedback: [] });
    expect((await historyOf([kept.id])).feedback).toHaveLength(1);
    // One row that names no one: not the student's id, name or username (privacy/erase.ts).
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, teacher.id), eq(auditLog.action, "student.delete")));
    expect(audit).toEqual([
      expect.objectContaining({
        targetId: null,
        details: { teacherId: teacher.id, count: 1, ledgerIds: [expect.any(Number)] },
      }),
    ]);
  });

  it("records the admin as the actor when they delete while acting as the teacher", async () => {
    const { teacher, admin, client } = await adminActingAsTeacher(ctx);
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const reply = await client.post("/teacher/students", {
      verb: "delete",
      student: { id: student.id },
    });
    expect(reply.status).toBe(200);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.onBehalfOfId, teacher.id), eq(auditLog.action, "student.delete")));
    expect(audit).toMatchObject({ actorId: admin.id, onBehalfOfId: teacher.id, targetId: null });
  });

  it("records the admin and the teacher when an impersonating admin deletes the whole class", async () => {
    const { teacher, admin, client } = await adminActingAsTeacher(ctx);
    await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const reply = await client.post("/teacher/students", { verb: "deleteAll", confirm: true });
    expect(reply.status).toBe(200);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.onBehalfOfId, teacher.id), eq(auditLog.action, "student.delete_all")));
    expect(audit).toMatchObject({
      actorId: admin.id,
      onBehalfOfId: teacher.id,
      ip: expect.any(String),
    });
    expect(audit?.createdAt).toBeInstanceOf(Date);
  });

  it("answers 404 for another teacher's student and deletes nothing", async () => {
    const { other, theirs } = await refusedForAnothersStudent("delete", (id) => ({ id }));
    expect(await classOf(ctx, other.id)).toHaveLength(1);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, theirs.id));
    expect(audit).toEqual([]);
  });

  it("deletes the whole class and its history in one go, leaving other classes alone", async () => {
    const { teacher, students, client } = await classWithHistory(3);
    const other = await classWithHistory(1);
    const unconfirmed = await client.post("/teacher/students", { verb: "deleteAll" });
    expect(unconfirmed.status).toBe(422);
    expect(await classOf(ctx, teacher.id)).toHaveLength(3);
    const reply = await client.post("/teacher/students", { verb: "deleteAll", confirm: true });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: "All 3 students were deleted.",
      deleted: 3,
    });
    expect(await classOf(ctx, teacher.id)).toEqual([]);
    expect(await historyOf(students.map((s) => s.id))).toEqual({ memberships: [], feedback: [] });
    expect(await classOf(ctx, other.teacher.id)).toHaveLength(1);
    expect((await historyOf(other.students.map((s) => s.id))).memberships).toHaveLength(1);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, teacher.id), eq(auditLog.action, "student.delete_all")));
    expect(audit).toMatchObject({ targetId: null, details: { teacherId: teacher.id, count: 3 } });
    expect(audit?.details?.ledgerIds).toHaveLength(3);
    // The class is empty again: the list says so.
    const list = await client.post("/teacher/students", { verb: "list" });
    expect(list.body.students).toEqual([]);
  });
});

describe("GET /teacher/students/sample-lessons", () => {
  it("offers six lessons of the catalog across the grades", async () => {
    await ensureCatalog(ctx.db);
    const { client } = await signedInOwner(ctx);
    const reply = await client.get("/teacher/students/sample-lessons");
    expect(reply.status).toBe(200);
    expect(reply.body.lessons).toHaveLength(6);
    expect(reply.body.lessons.map((l: { planid: number }) => l.planid)).toEqual([
      6, 7, 8, 9, 10, 11,
    ]);
    expect(reply.body.lessons[0]).toMatchObject({ ltitle: "Fly, Kite, Fly!" });
  });
});

describe("OpenAPI", () => {
  it("documents every roster call", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(Object.keys(reply.json().paths)).toEqual(
      expect.arrayContaining([
        "/teacher/students",
        "/teacher/students/sample-lessons",
        "/teacher/students/groups",
        "/student/feedback/{studentId}",
        "/teacher/media/cards/send",
        "/teacher/media/cards.pdf",
      ]),
    );
  });
});

describe("authorization matrix", () => {
  let world: RoleWorld;
  beforeAll(async () => {
    world = await roleClients(ctx);
  });

  const owners = { anonymous: 401, teacher: 200, parent: 200 };
  const nobodys = { anonymous: 401, teacher: 404, parent: 404 };
  const someoneElses = {
    id: 999_999,
    firstname: "Ada",
    lastname: "Lovelace",
    planid: 8,
    username: "adal",
    password: "otter12",
    parent_email: null,
    ...FOLLOWS_THE_CLASS,
  };
  // `ownWorld`: the verb changes the class it is called on, so it gets a world of its own.
  it.each([
    { rule: "teachers and parents only", body: { verb: "list" }, expected: owners },
    { rule: "teachers and parents only", body: { verb: "parameters" }, expected: owners },
    {
      rule: "someone else's student is 404 for every class owner",
      body: { verb: "delete", student: { id: 999_999 } },
      expected: nobodys,
    },
    {
      rule: "someone else's student is 404 for every class owner",
      body: { verb: "save", student: someoneElses },
      expected: nobodys,
    },
    {
      rule: "only a class owner, in their own class",
      body: { verb: "autocreate", count: 1 },
      expected: owners,
      ownWorld: true,
    },
    {
      rule: "only a class owner, in their own class",
      body: { verb: "deleteAll", confirm: true },
      expected: owners,
      ownWorld: true,
    },
  ])("POST /teacher/students {verb: $body.verb}: $rule", async ({ body, expected, ownWorld }) => {
    const callers = ownWorld ? await roleClients(ctx) : world;
    expect(
      await checkMatrix(callers, {
        method: "POST",
        url: "/teacher/students",
        body,
        expect: expected,
        otherwise: 403,
      }),
    ).toEqual([]);
  });

  it("GET /teacher/students/sample-lessons: teachers and parents only", async () => {
    expect(
      await checkMatrix(world, {
        method: "GET",
        url: "/teacher/students/sample-lessons",
        expect: { anonymous: 401, teacher: 200, parent: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });
});
