import { classListMessages, ROSTER_LIMITS, rosterMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import { classOf, signedInOwner, studentsAddedAudit } from "../../../test/classes.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { users } from "../../db/schema/index.ts";

const ctx = testAppForFile();

const post = (client: TestClient, students: unknown) =>
  client.post("/teacher/students", { verb: "createMany", students });

const row = (over: Record<string, unknown> = {}) => ({
  firstname: "Ana",
  lastname: "Diaz",
  username: "",
  level: "",
  parent_email: "",
  ...over,
});

describe("POST /teacher/students {verb: createMany}", () => {
  it("creates every row: typed or made-up usernames, levels by name, parent e-mails, easy passwords", async () => {
    const { owner: teacher, students, client } = await signedInOwner(ctx, { students: 1 });
    await ctx.db
      .update(users)
      .set({ planId: 10, username: "student1" })
      .where(eq(users.id, students[0]?.id ?? 0));
    const reply = await post(client, [
      row({ username: "anad", level: "2nd Grade", parent_email: " mom@example.org " }),
      row({ firstname: "Ben", lastname: "Okoro" }),
      { firstname: "=Cleo", lastname: "Park", level: "K" },
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body.students).toHaveLength(4);
    expect(reply.body.newids).toHaveLength(3);
    const created = reply.body.students.slice(1);
    expect(created.map((s: { id: number }) => s.id)).toEqual(reply.body.newids);
    expect(created).toEqual([
      expect.objectContaining({
        firstname: "Ana",
        lastname: "Diaz",
        username: "anad",
        planid: 8,
        parent_email: "mom@example.org",
        require_3x: "inherit",
      }),
      // A blank level is the class's most common; a blank username is made up, free.
      expect.objectContaining({ firstname: "Ben", username: "student2", planid: 10 }),
      // A name is kept as typed, formula-like or not.
      expect.objectContaining({ firstname: "=Cleo", username: "student3", planid: 6 }),
    ]);
    for (const s of created) expect(s.password).toMatch(/^[a-z]+[1-9]\d$/);
    const rows = await classOf(ctx, teacher.id);
    expect(rows.map((r) => r.parentEmail)).toEqual([null, "mom@example.org", null, null]);
    expect(rows.every((r) => r.passwordHash?.startsWith("$argon2id$"))).toBe(true);

    expect(await studentsAddedAudit(ctx, teacher.id)).toEqual([
      expect.objectContaining({
        actorId: teacher.id,
        details: { count: 3, studentIds: reply.body.newids, source: "class_list" },
      }),
    ]);

    // The printed password works on the student sign-in.
    const pupil = ctx.client();
    await pupil.signIn({
      role: "student",
      username: "ANAD",
      password: created[0].password,
      teacherUsername: teacher.username,
    });
    expect((await pupil.get("/auth/session")).body.user.role).toBe("student");
  });

  it("refuses the whole list with every row's problems keyed students.{index}.{column}, creating nobody", async () => {
    const { owner: teacher, client } = await signedInOwner(ctx);
    const reply = await post(client, [
      row({ username: "fine" }),
      row({ firstname: " ", lastname: "L".repeat(41) }),
      row({ firstname: "Ben", username: "u".repeat(26), level: "Grade 7" }),
      row({ firstname: "Cleo", parent_email: "mom@" }),
      row({ firstname: "Dev", username: "FINE" }),
      row({ firstname: "ana", lastname: "DIAZ" }),
    ]);
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      success: false,
      message: classListMessages.refused(5),
    });
    expect(reply.body.errors).toEqual({
      "students.1.firstname": ["Field is required"],
      "students.1.lastname": ["Field cannot have more than 40 characters."],
      "students.2.username": ["Field cannot have more than 25 characters."],
      "students.2.level": [classListMessages.unknownLevel],
      "students.3.parent_email": ["Field must be a valid email address."],
      "students.4.username": [rosterMessages.usernameInUse],
      "students.5.firstname": [classListMessages.nameInList],
    });
    expect(await classOf(ctx, teacher.id)).toEqual([]);
  });

  it("refuses a username or a name already in the class, ignoring case, but not one of another class", async () => {
    const { owner: teacher, students, client } = await signedInOwner(ctx, { students: 1 });
    const other = await ctx.factories.user({ role: "teacher" });
    await ctx.factories.user({ role: "student", teacherId: other.id, username: "zoe" });
    const mine = students[0];
    const reply = await post(client, [
      row({ username: mine?.username.toUpperCase() }),
      row({ firstname: mine?.firstName, lastname: mine?.lastName }),
    ]);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      "students.0.username": [rosterMessages.usernameInUse],
      "students.1.firstname": [classListMessages.nameInClass],
    });
    expect(await classOf(ctx, teacher.id)).toHaveLength(1);

    // The namesake with a username of their own, and another class's username, are fine.
    const fixed = await post(client, [
      row({ username: "Zoe" }),
      row({ firstname: mine?.firstName, lastname: mine?.lastName, username: "twin" }),
    ]);
    expect(fixed.status).toBe(200);
    expect(await classOf(ctx, teacher.id)).toHaveLength(3);
    expect(await classOf(ctx, other.id)).toHaveLength(1);
  });

  it("keeps the class limit with its own words, creating nobody", async () => {
    const { owner: teacher, client } = await signedInOwner(ctx, { students: 3, maxStudents: 5 });
    const reply = await post(client, [row(), row({ firstname: "Ben" }), row({ firstname: "Cy" })]);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ students: [rosterMessages.classFull(5, 3)] });
    expect(await classOf(ctx, teacher.id)).toHaveLength(3);
    expect((await post(client, [row(), row({ firstname: "Ben" })])).status).toBe(200);
    expect(await classOf(ctx, teacher.id)).toHaveLength(5);
  });

  it("lets only one of two racing lists pass the limit", async () => {
    const { owner: teacher, client } = await signedInOwner(ctx, { students: 1, maxStudents: 4 });
    const list = [row(), row({ firstname: "Ben" })];
    const replies = await Promise.all([
      post(client, list),
      post(
        client,
        list.map((r) => ({ ...r, lastname: "Other" })),
      ),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await classOf(ctx, teacher.id)).toHaveLength(3);
  });

  it("refuses a list that is empty, too long or not a list", async () => {
    const { owner: teacher, client } = await signedInOwner(ctx);
    const empty = await post(client, []);
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ students: ["Field is required"] });
    const long = await post(
      client,
      Array.from({ length: ROSTER_LIMITS.classList + 1 }, (_, i) => row({ firstname: `A${i}` })),
    );
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({
      students: [`Create at most ${ROSTER_LIMITS.classList} at a time.`],
    });
    expect((await post(client, "Ana,Diaz")).status).toBe(422);
    const noName = await post(client, [{ lastname: "Diaz" }]);
    expect(noName.body.errors).toEqual({ "students.0.firstname": ["Field is required"] });
    expect(await classOf(ctx, teacher.id)).toEqual([]);
  });
});

describe("authorization matrix", () => {
  it("POST /teacher/students {verb: createMany}: only a class owner, in their own class", async () => {
    // A world of its own: the verb changes the class it is called on.
    const world = await roleClients(ctx);
    const before = await classOf(ctx, world.people.teacher.id);
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/teacher/students",
        body: { verb: "createMany", students: [row({ firstname: "Matrix" })] },
        expect: { anonymous: 401, teacher: 200, parent: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
    // The student, school and district admins created nobody in the teacher's class; the
    // teacher one student in it, and the parent one in their own.
    const after = await classOf(ctx, world.people.teacher.id);
    expect(after.map((s) => s.firstName)).toEqual([...before.map((s) => s.firstName), "Matrix"]);
    expect(await classOf(ctx, world.people.parent.id)).toHaveLength(1);
  });
});
