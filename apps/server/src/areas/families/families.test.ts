import { FOLLOWS_THE_CLASS, familiesMessages } from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { auditLog, familyPreferences, users } from "../../db/schema/index.ts";

const ctx = testAppForFile();

const URL = "/teacher/students/parents";

/** A class owner, signed in, with one student (whose parent's address is `parentEmail`). */
async function owner(role: "teacher" | "parent" = "teacher", parentEmail?: string) {
  const teacher = await ctx.factories.user({ role });
  const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
  if (parentEmail) await ctx.db.update(users).set({ parentEmail }).where(eq(users.id, student.id));
  const client = ctx.client();
  await client.signIn(teacher);
  return { teacher, student, client };
}

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  parent_email: "mom@example.org",
  send_weekly_report: true,
  send_parent_emails: true,
  parent_language: "en",
  ...over,
});

/** What the database holds for a student: the address and the preferences row, if any. */
async function stored(studentId: number) {
  const [user] = await ctx.db
    .select({ parentEmail: users.parentEmail })
    .from(users)
    .where(eq(users.id, studentId));
  const [prefs] = await ctx.db
    .select()
    .from(familyPreferences)
    .where(eq(familyPreferences.studentId, studentId));
  return { parentEmail: user?.parentEmail, prefs };
}

async function setPreferences(
  studentId: number,
  values: Partial<typeof familyPreferences.$inferInsert>,
) {
  await ctx.db.insert(familyPreferences).values({ studentId, ...values });
}

describe(`POST ${URL} list`, () => {
  it("lists only the caller's students by last then first name, with defaults without a row", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const make = (firstName: string, lastName: string) =>
      ctx.factories.user({ role: "student", teacherId: teacher.id, firstName, lastName });
    const zed = await make("Ann", "Zed");
    const bo = await make("Bo", "Adams");
    const al = await make("Al", "Adams");
    await ctx.factories.user({ role: "student", teacherId: (await owner()).teacher.id });
    const at = new Date("2025-03-04T05:06:07.000Z");
    await ctx.db.update(users).set({ parentEmail: "dad@example.org" }).where(eq(users.id, bo.id));
    await setPreferences(bo.id, {
      language: "es",
      sendParentEmails: true,
      weeklyReportUnsubscribedAt: at,
      bouncingAt: at,
    });
    const client = ctx.client();
    await client.signIn(teacher);

    const reply = await client.post(URL, { verb: "list" });
    expect(reply.status).toBe(200);
    const { students } = reply.body.data;
    expect(students.map((s: { id: number }) => s.id)).toEqual([al.id, bo.id, zed.id]);
    expect(students[0]).toEqual({
      id: al.id,
      firstname: "Al",
      lastname: "Adams",
      parent_email: null,
      send_weekly_report: false,
      send_parent_emails: false,
      send_weekly_report_unsubscribed: null,
      send_parent_emails_unsubscribed: null,
      parent_language: "en",
      parent_email_bouncing: null,
    });
    expect(students[1]).toMatchObject({
      parent_email: "dad@example.org",
      send_weekly_report: false,
      send_parent_emails: true,
      send_weekly_report_unsubscribed: "2025-03-04T05:06:07.000Z",
      send_parent_emails_unsubscribed: null,
      parent_language: "es",
      parent_email_bouncing: "2025-03-04T05:06:07.000Z",
    });
  });
});

describe(`POST ${URL} save`, () => {
  it("saves the address, switches and language, and answers the saved row", async () => {
    const { student, client } = await owner();
    const reply = await client.post(URL, {
      verb: "save",
      student: row(student.id, { parent_email: "  mom@example.org ", parent_language: "es" }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.student).toMatchObject({
      id: student.id,
      parent_email: "mom@example.org",
      send_weekly_report: true,
      send_parent_emails: true,
      parent_language: "es",
    });
    const now = await stored(student.id);
    expect(now.parentEmail).toBe("mom@example.org");
    expect(now.prefs).toMatchObject({
      language: "es",
      sendWeeklyReport: true,
      sendParentEmails: true,
    });

    // Turning one list off is a save like any other.
    const off = await client.post(URL, {
      verb: "save",
      student: row(student.id, { send_weekly_report: false }),
    });
    expect(off.body.data.student).toMatchObject({
      send_weekly_report: false,
      parent_language: "en",
    });
    expect((await stored(student.id)).prefs?.sendWeeklyReport).toBe(false);
  });

  it("stores both switches off, and the address as null, when the address is blank", async () => {
    const { student, client } = await owner();
    await client.post(URL, { verb: "save", student: row(student.id) });
    const reply = await client.post(URL, {
      verb: "save",
      student: row(student.id, { parent_email: "   " }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.student).toMatchObject({
      parent_email: null,
      send_weekly_report: false,
      send_parent_emails: false,
    });
    const now = await stored(student.id);
    expect(now.parentEmail).toBeNull();
    expect(now.prefs).toMatchObject({ sendWeeklyReport: false, sendParentEmails: false });
  });

  it("refuses an address that is not a bare mailbox with 422 keyed student.parent_email", async () => {
    const { student, client } = await owner();
    const reply = await client.post(URL, {
      verb: "save",
      student: row(student.id, { parent_email: "mom@" }),
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      "student.parent_email": ["Field must be a valid email address."],
    });
    expect(await stored(student.id)).toEqual({ parentEmail: null, prefs: undefined });
  });

  it("never switches on a list the parent unsubscribed from; switching off stays allowed", async () => {
    const { student, client } = await owner("teacher", "mom@example.org");
    const at = new Date("2025-02-01T12:00:00Z");
    await setPreferences(student.id, { sendParentEmails: true, weeklyReportUnsubscribedAt: at });

    const refused = await client.post(URL, { verb: "save", student: row(student.id) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      "student.send_weekly_report": [
        familiesMessages.unsubscribed("the weekly report", "Feb 1, 2025"),
      ],
    });
    expect((await stored(student.id)).prefs).toMatchObject({
      sendWeeklyReport: false,
      sendParentEmails: true,
      weeklyReportUnsubscribedAt: at,
    });

    const allowed = await client.post(URL, {
      verb: "save",
      student: row(student.id, { send_weekly_report: false, send_parent_emails: false }),
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.student).toMatchObject({
      send_weekly_report: false,
      send_parent_emails: false,
      send_weekly_report_unsubscribed: at.toISOString(),
    });
  });

  it("forgets a bounce when the address changes, and keeps it when it does not", async () => {
    const { student, client } = await owner("teacher", "mom@example.org");
    const at = new Date("2025-02-01T12:00:00Z");
    await setPreferences(student.id, { bouncingAt: at });

    const same = await client.post(URL, {
      verb: "save",
      student: row(student.id, { parent_language: "es" }),
    });
    expect(same.body.data.student.parent_email_bouncing).toBe(at.toISOString());

    const changed = await client.post(URL, {
      verb: "save",
      student: row(student.id, { parent_email: "mum@example.org" }),
    });
    expect(changed.body.data.student.parent_email_bouncing).toBeNull();
    expect((await stored(student.id)).prefs?.bouncingAt).toBeNull();
  });
});

describe("POST /teacher/students save (the roster's own form)", () => {
  const rosterSave = (id: number, username: string, parentEmail: string) => ({
    verb: "save",
    student: {
      id,
      firstname: "Ava",
      lastname: "Lopez",
      planid: 9,
      username,
      password: "otter42",
      parent_email: parentEmail,
      ...FOLLOWS_THE_CLASS,
    },
  });

  it("follows the manager's address rules: same address keeps, new forgets the bounce, blank stops", async () => {
    const { student, client } = await owner("teacher", "old@example.org");
    const at = new Date("2025-03-04T05:06:07.000Z");
    await setPreferences(student.id, {
      sendWeeklyReport: true,
      sendParentEmails: true,
      bouncingAt: at,
    });
    const save = async (address: string) => {
      const reply = await client.post(
        "/teacher/students",
        rosterSave(student.id, student.username, address),
      );
      expect(reply.status).toBe(200);
      return stored(student.id);
    };

    expect((await save("old@example.org")).prefs?.bouncingAt).toEqual(at);
    const changed = await save("new@example.org");
    expect(changed.parentEmail).toBe("new@example.org");
    expect(changed.prefs).toMatchObject({
      bouncingAt: null,
      sendWeeklyReport: true,
      sendParentEmails: true,
    });
    const blank = await save("");
    expect(blank.parentEmail).toBeNull();
    expect(blank.prefs).toMatchObject({ sendWeeklyReport: false, sendParentEmails: false });
  });

  it("creates no preferences row for a student without one", async () => {
    const { student, client } = await owner("teacher", "old@example.org");
    const reply = await client.post(
      "/teacher/students",
      rosterSave(student.id, student.username, ""),
    );
    expect(reply.status).toBe(200);
    expect(await stored(student.id)).toEqual({ parentEmail: null, prefs: undefined });
  });
});

describe(`POST ${URL} resubscribe`, () => {
  it("clears the parent's unsubscribe, switches the list on and writes an audit row", async () => {
    const { teacher, student, client } = await owner("teacher", "mom@example.org");
    const at = new Date("2025-02-01T12:00:00Z");
    await setPreferences(student.id, {
      weeklyReportUnsubscribedAt: at,
      parentEmailsUnsubscribedAt: at,
    });

    const reply = await client.post(URL, {
      verb: "resubscribe",
      student_id: student.id,
      list: "weekly_report",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.student).toMatchObject({
      send_weekly_report: true,
      send_weekly_report_unsubscribed: null,
      // The other list keeps the parent's choice.
      send_parent_emails: false,
      send_parent_emails_unsubscribed: at.toISOString(),
    });
    expect((await stored(student.id)).prefs).toMatchObject({
      sendWeeklyReport: true,
      weeklyReportUnsubscribedAt: null,
      parentEmailsUnsubscribedAt: at,
    });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "family.resubscribe"), eq(auditLog.targetId, student.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: teacher.id, details: { list: "weekly_report" } });

    // Now a save may keep it on.
    const saved = await client.post(URL, {
      verb: "save",
      student: row(student.id, { send_parent_emails: false }),
    });
    expect(saved.status).toBe(200);
  });

  it("needs an address (422 keyed student.parent_email), and changes nothing", async () => {
    const { student, client } = await owner();
    const at = new Date("2025-02-01T12:00:00Z");
    await setPreferences(student.id, { parentEmailsUnsubscribedAt: at });
    const reply = await client.post(URL, {
      verb: "resubscribe",
      student_id: student.id,
      list: "parent_emails",
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ "student.parent_email": [familiesMessages.noAddress] });
    expect((await stored(student.id)).prefs?.parentEmailsUnsubscribedAt).toEqual(at);
  });
});

describe(`POST ${URL} authorization`, () => {
  it("is for class owners: teachers and parents, each for their own students", async () => {
    const world = await roleClients(ctx);
    // The world's student is its teacher's: the parent reads it as missing.
    const cases: [object, number][] = [
      [{ verb: "list" }, 200],
      [{ verb: "save", student: row(world.people.student.id) }, 404],
    ];
    for (const [body, parent] of cases)
      expect(
        await checkMatrix(world, {
          method: "POST",
          url: URL,
          body,
          expect: { anonymous: 401, teacher: 200, parent },
          otherwise: 403,
        }),
      ).toEqual([]);

    const parent = await owner("parent");
    const own = await parent.client.post(URL, { verb: "save", student: row(parent.student.id) });
    expect(own.status).toBe(200);
    const listed = await parent.client.post(URL, { verb: "list" });
    expect(listed.body.data.students.map((s: { id: number }) => s.id)).toEqual([parent.student.id]);
  });

  it("never reads or changes another owner's student (404, nothing changed)", async () => {
    const mine = await owner();
    const theirs = await owner();
    await theirs.client.post(URL, { verb: "save", student: row(theirs.student.id) });
    const before = await stored(theirs.student.id);
    await ctx.db
      .update(familyPreferences)
      .set({ weeklyReportUnsubscribedAt: new Date("2025-02-01T12:00:00Z") })
      .where(eq(familyPreferences.studentId, theirs.student.id));
    const locked = await stored(theirs.student.id);

    const save = await mine.client.post(URL, {
      verb: "save",
      student: row(theirs.student.id, {
        parent_email: "thief@example.org",
        send_weekly_report: false,
      }),
    });
    expect(save.status).toBe(404);
    const resubscribe = await mine.client.post(URL, {
      verb: "resubscribe",
      student_id: theirs.student.id,
      list: "weekly_report",
    });
    expect(resubscribe.status).toBe(404);
    expect(await stored(theirs.student.id)).toEqual(locked);
    expect(locked.parentEmail).toBe(before.parentEmail);
    const listed = await mine.client.post(URL, { verb: "list" });
    expect(listed.body.data.students.map((s: { id: number }) => s.id)).toEqual([mine.student.id]);
  });
});
