import { groupsMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, type MatrixRoute, roleClients } from "../../../test/authorization.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { auditLog, groupMemberships, studentGroups } from "../../db/schema/index.ts";

const ctx = testAppForFile();

const URL = "/teacher/students/groups";

/** A signed-in teacher with students named by last name, and two groups. */
async function classWithGroups() {
  const teacher = await ctx.factories.user({ role: "teacher" });
  const student = (firstName: string, lastName: string) =>
    ctx.factories.user({ role: "student", teacherId: teacher.id, firstName, lastName });
  const zoe = await student("Zoe", "Young");
  const ava = await student("Ava", "adams");
  const ben = await student("Ben", "Baker");
  const amir = await student("Amir", "Baker");
  const client = ctx.client();
  await client.signIn(teacher);
  const owls = (await client.post(URL, { verb: "create", name: "Owls" })).body.groups[0].details;
  const created = await client.post(URL, { verb: "create", name: "Robins" });
  const robins = created.body.groups[1].details;
  return { teacher, client, zoe, ava, ben, amir, owls, robins };
}

const ids = (list: { userId: number }[]) => list.map((m) => m.userId);

describe("POST /teacher/students/groups", () => {
  it("lists groups with members, and ungrouped students, sorted by last name", async () => {
    const { client, zoe, ava, ben, amir, owls } = await classWithGroups();
    await client.post(URL, { verb: "update", studentId: zoe.id, groupId: owls.id });
    const reply = await client.post(URL, { verb: "update", studentId: ben.id, groupId: owls.id });
    expect(reply.status).toBe(200);
    const [first, second] = reply.body.groups;
    expect(first.details).toEqual({ id: owls.id, name: "Owls" });
    expect(ids(first.memberships)).toEqual([ben.id, zoe.id]);
    expect(first.memberships[0]).toEqual({
      userId: ben.id,
      name: "Ben",
      lastname: "Baker",
      userMembershipId: expect.any(Number),
    });
    expect(second.memberships).toEqual([]);
    expect(ids(reply.body.ungroupedStudents)).toEqual([ava.id, amir.id]);
    expect(reply.body.ungroupedStudents[0].userMembershipId).toBe(0);
    const list = await client.post(URL, { verb: "list" });
    expect(list.body).toEqual(reply.body);
  });

  it("moves a student between groups, and group 0 takes them out", async () => {
    const { client, zoe, owls, robins } = await classWithGroups();
    await client.post(URL, { verb: "update", studentId: zoe.id, groupId: owls.id });
    const moved = await client.post(URL, { verb: "update", studentId: zoe.id, groupId: robins.id });
    expect(ids(moved.body.groups[0].memberships)).toEqual([]);
    expect(ids(moved.body.groups[1].memberships)).toEqual([zoe.id]);
    const out = await client.post(URL, { verb: "update", studentId: zoe.id, groupId: 0 });
    expect(out.body.groups.flatMap((g: { memberships: [] }) => g.memberships)).toEqual([]);
    expect(ids(out.body.ungroupedStudents)).toContain(zoe.id);
    expect(
      await ctx.db.select().from(groupMemberships).where(eq(groupMemberships.studentId, zoe.id)),
    ).toEqual([]);
  });

  it("creates and renames groups with names unique per teacher ignoring case", async () => {
    const { client, owls, robins } = await classWithGroups();
    const dup = await client.post(URL, { verb: "create", name: " owls " });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ name: [groupsMessages.nameTaken] });
    const blank = await client.post(URL, { verb: "create", name: "  " });
    expect(blank.body.errors).toEqual({ name: ["Field is required"] });
    const long = await client.post(URL, { verb: "create", name: "x".repeat(61) });
    expect(long.body.errors).toEqual({ name: ["Field cannot have more than 60 characters."] });

    const clash = await client.post(URL, { verb: "rename", groupId: robins.id, name: "OWLS" });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: [groupsMessages.nameTaken] });
    const recased = await client.post(URL, { verb: "rename", groupId: owls.id, name: "OWLS" });
    expect(recased.status).toBe(200);
    const renamed = await client.post(URL, { verb: "rename", groupId: robins.id, name: "Jays" });
    expect(renamed.body.groups.map((g: { details: { name: string } }) => g.details.name)).toEqual([
      "OWLS",
      "Jays",
    ]);

    // Another teacher may use the same name.
    const other = await classWithGroups();
    expect(other.owls.name).toBe("Owls");
  });

  it("deletes a group: its members return to the ungrouped list, with an audit row", async () => {
    const { teacher, client, zoe, ava, owls } = await classWithGroups();
    await client.post(URL, { verb: "update", studentId: zoe.id, groupId: owls.id });
    const reply = await client.post(URL, { verb: "delete", groupId: owls.id });
    expect(reply.status).toBe(200);
    expect(reply.body.groups).toHaveLength(1);
    expect(ids(reply.body.ungroupedStudents)).toEqual(expect.arrayContaining([zoe.id, ava.id]));
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "group.delete"));
    expect(audit).toMatchObject({
      actorId: teacher.id,
      onBehalfOfId: null,
      details: { groupId: owls.id },
    });
  });

  it("never touches another teacher's students or groups (404, nothing changed)", async () => {
    const mine = await classWithGroups();
    const theirs = await classWithGroups();
    await theirs.client.post(URL, {
      verb: "update",
      studentId: theirs.zoe.id,
      groupId: theirs.owls.id,
    });
    const before = (await theirs.client.post(URL, { verb: "list" })).body;

    const attempts = [
      { verb: "update", studentId: theirs.ava.id, groupId: mine.owls.id },
      { verb: "update", studentId: mine.ava.id, groupId: theirs.owls.id },
      { verb: "update", studentId: theirs.zoe.id, groupId: 0 },
      { verb: "rename", groupId: theirs.owls.id, name: "Mine now" },
      { verb: "delete", groupId: theirs.owls.id },
    ];
    for (const body of attempts) {
      const reply = await mine.client.post(URL, body);
      expect(reply.status, JSON.stringify(body)).toBe(404);
    }
    expect((await theirs.client.post(URL, { verb: "list" })).body).toEqual(before);
    const [mineAfter] = (await mine.client.post(URL, { verb: "list" })).body.groups;
    expect(mineAfter.memberships).toEqual([]);
    expect(
      await ctx.db.select().from(studentGroups).where(eq(studentGroups.id, theirs.owls.id)),
    ).toHaveLength(1);
  });

  it("answers 422 for a malformed update", async () => {
    const { client } = await classWithGroups();
    const reply = await client.post(URL, { verb: "update", groupId: -1 });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors).sort()).toEqual(["groupId", "studentId"]);
  });

  it("authorization: teachers and parents only", async () => {
    const world = await roleClients(ctx);
    const owners = { anonymous: 401, teacher: 200, parent: 200 };
    // The world's student is the teacher's: a parent may not place them.
    const studentsTeacher = { anonymous: 401, teacher: 200, parent: 404 };
    const nobodys = { anonymous: 401, teacher: 404, parent: 404 };
    const cases: [object, MatrixRoute["expect"]][] = [
      [{ verb: "list" }, owners],
      [{ verb: "update", studentId: world.people.student.id, groupId: 0 }, studentsTeacher],
      [{ verb: "create", name: "Matrix group" }, owners],
      [{ verb: "rename", groupId: 999_999, name: "Not yours" }, nobodys],
      [{ verb: "delete", groupId: 999_999 }, nobodys],
    ];
    for (const [body, expected] of cases)
      expect(
        await checkMatrix(world, {
          method: "POST",
          url: URL,
          body,
          expect: expected,
          otherwise: 403,
        }),
      ).toEqual([]);
  });
});
