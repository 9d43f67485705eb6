import { rosterMessages } from "@refrain/domain";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, type RoleWorld, roleClients } from "../../../test/authorization.ts";
import { signedInOwner } from "../../../test/classes.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { users } from "../../db/schema/index.ts";

// POST /teacher/students {verb: updateMany}: Personalize Learning's change to several students.

const ctx = testAppForFile();

/** The stored rows of these students, by id: what a change may touch and what it may not. */
const rowsOf = async (ids: number[]) =>
  (await ctx.db.select().from(users).where(inArray(users.id, ids))).sort((a, b) => a.id - b.id);

const updateMany = (studentIds: unknown, changes: unknown) => ({
  verb: "updateMany",
  studentIds,
  changes,
});

describe("POST /teacher/students {verb: updateMany}", () => {
  it("changes two students at once, only the fields given, and leaves the third alone", async () => {
    const { students, client } = await signedInOwner(ctx, { students: 3 });
    const [ava, ben, cleo] = students.map((s) => ({ ...s }));
    if (!ava || !ben || !cleo) throw new Error("three students expected");
    const before = await rowsOf([ava.id, ben.id, cleo.id]);

    const reply = await client.post(
      "/teacher/students",
      updateMany([ben.id, ava.id], { planid: 10, enable_fluency_recording: 1 }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe("2 students were changed.");
    expect(reply.body.students).toEqual([
      expect.objectContaining({
        id: ava.id,
        planid: 10,
        enable_fluency_recording: 1,
        require_3x: "inherit",
        firstname: ava.firstName,
        username: ava.username,
      }),
      expect.objectContaining({ id: ben.id, planid: 10, enable_fluency_recording: 1 }),
    ]);

    const after = await rowsOf([ava.id, ben.id, cleo.id]);
    for (const i of [0, 1]) {
      expect(after[i]).toEqual({
        ...before[i],
        planId: 10,
        enableFluencyRecording: true,
      });
    }
    expect(after[2]).toEqual(before[2]);

    // The roster reads the same values.
    const list = await client.post("/teacher/students", { verb: "list" });
    const listed = list.body.students.find((s: { id: number }) => s.id === ava.id);
    expect(listed).toMatchObject({ planid: 10, enable_fluency_recording: 1 });
  });

  it("sets a setting back to the class's default (null) and forces one off (false)", async () => {
    const { students, client } = await signedInOwner(ctx, { students: 2 });
    const ids = students.map((s) => s.id);
    await ctx.db.update(users).set({ slowVideo: true }).where(inArray(users.id, ids));

    const inherit = await client.post(
      "/teacher/students",
      updateMany(ids, { slow_video: "inherit", fluency_recording_lyrics_only: 0 }),
    );
    expect(inherit.status).toBe(200);
    for (const row of await rowsOf(ids)) {
      expect(row.slowVideo).toBeNull();
      expect(row.fluencyRecordingLyricsOnly).toBe(false);
    }
    expect(inherit.body.students.map((s: { slow_video: unknown }) => s.slow_video)).toEqual([
      "inherit",
      "inherit",
    ]);
  });

  it("takes one student, and the same id twice as once", async () => {
    const { students, client } = await signedInOwner(ctx, { students: 1 });
    const id = students[0]?.id ?? 0;
    const reply = await client.post(
      "/teacher/students",
      updateMany([id, id], { require_retake: 0 }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe("1 student was changed.");
    expect((await rowsOf([id]))[0]?.requireRetake).toBe(false);
  });

  it("works for a parent's children as for a teacher's class", async () => {
    const { students, client } = await signedInOwner(ctx, { students: 2, role: "parent" });
    const ids = students.map((s) => s.id);
    const reply = await client.post("/teacher/students", updateMany(ids, { planid: 6 }));
    expect(reply.status).toBe(200);
    expect((await rowsOf(ids)).map((r) => r.planId)).toEqual([6, 6]);
  });

  it("answers 404 and changes nobody when one student is another teacher's", async () => {
    const { students, client } = await signedInOwner(ctx, { students: 2 });
    const other = await ctx.factories.user({ role: "teacher" });
    const theirs = await ctx.factories.user({ role: "student", teacherId: other.id });
    const ids = [...students.map((s) => s.id), theirs.id];
    const before = await rowsOf(ids);

    const reply = await client.post(
      "/teacher/students",
      updateMany(ids, { planid: 11, require_3x: 1 }),
    );
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: "Not found" });
    // Not even the caller's own students, which the statement reached before the count failed.
    expect(await rowsOf(ids)).toEqual(before);
    const [foreign] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.id, theirs.id), eq(users.teacherId, other.id)));
    expect(foreign?.planId).toBe(theirs.planId);
  });

  it("answers 404 for an id that is nobody's, a teacher's own id, or too large to be an id", async () => {
    const { owner, students, client } = await signedInOwner(ctx, { students: 1 });
    const mine = students[0]?.id ?? 0;
    for (const stranger of [999_999, owner.id, 2_147_483_648]) {
      const reply = await client.post(
        "/teacher/students",
        updateMany([mine, stranger], { planid: 9 }),
      );
      expect(reply.status, String(stranger)).toBe(404);
    }
    expect((await rowsOf([mine]))[0]?.planId).toBe(students[0]?.planId);
  });

  it("answers 422 with errors keyed by field, changing nothing", async () => {
    const { students, client } = await signedInOwner(ctx, { students: 1 });
    const id = students[0]?.id ?? 0;
    const before = await rowsOf([id]);
    const cases: [unknown, unknown, Record<string, string[]>][] = [
      [[id], { planid: 12 }, { "changes.planid": [rosterMessages.chooseLevel] }],
      [[id], { planid: "8" }, { "changes.planid": [rosterMessages.chooseLevel] }],
      [[id], { require_3x: 2 }, { "changes.require_3x": [rosterMessages.chooseSetting] }],
      [[id], { slow_video: "on" }, { "changes.slow_video": [rosterMessages.chooseSetting] }],
      [[id], {}, { changes: [rosterMessages.chooseChange] }],
      [[], { planid: 8 }, { studentIds: [rosterMessages.chooseStudents] }],
      [["x"], { planid: 8 }, { "studentIds.0": ["Field must be a valid id."] }],
      [
        Array.from({ length: 501 }, (_, i) => i + 1),
        { planid: 8 },
        { studentIds: [rosterMessages.tooManyStudents] },
      ],
    ];
    for (const [ids, changes, errors] of cases) {
      const reply = await client.post("/teacher/students", updateMany(ids, changes));
      expect(reply.status, JSON.stringify(changes)).toBe(422);
      expect(reply.body.errors, JSON.stringify(changes)).toEqual(errors);
    }
    // Nothing but the level and the settings can be changed this way.
    const names = await client.post(
      "/teacher/students",
      updateMany([id], { planid: 8, username: "hacker" }),
    );
    expect(names.status).toBe(422);
    expect(Object.keys(names.body.errors)).toEqual(["changes"]);
    const missing = await client.post("/teacher/students", { verb: "updateMany" });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["changes", "studentIds"]);
    expect(await rowsOf([id])).toEqual(before);
  });
});

describe("authorization matrix of {verb: updateMany}", () => {
  let world: RoleWorld;
  beforeAll(async () => {
    world = await roleClients(ctx);
  });

  it("someone else's student is 404 for every class owner; other roles are refused", async () => {
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/teacher/students",
        body: updateMany([999_999], { planid: 8 }),
        expect: { anonymous: 401, teacher: 404, parent: 404 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });

  it("the teacher's own student: the teacher changes them, the parent finds no such child", async () => {
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/teacher/students",
        body: updateMany([world.people.student.id], { require_3x: 1 }),
        expect: { anonymous: 401, teacher: 200, parent: 404 },
        otherwise: 403,
      }),
    ).toEqual([]);
    const [row] = await rowsOf([world.people.student.id]);
    expect(row?.require3x).toBe(true);
  });
});
