import { randomUUID } from "node:crypto";
import { CONSENT_LIMITS, consentMessages, messages } from "@refrain/domain";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { createUpload, makeClips, patchUpload, recordingStudent } from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { mediaFiles } from "../../adapters/storage.ts";
import {
  auditLog,
  consentRecords,
  deletionLedger,
  recordings,
  recordingUploads,
  users,
} from "../../db/schema/index.ts";
import { recordingFolder } from "../fluency/index.ts";

const { ctx, world } = appWithRolesForFile();
/** The recordings' media store the app writes slips to (local in tests). */
const media = () => mediaFiles(ctx.config.DATA_DIR);

const today = () => new Date().toISOString().slice(0, 10);
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200, 0x20)]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49]);
const recordBody = (studentIds: number[], extra: Record<string, unknown> = {}) => ({
  studentIds,
  kind: "parent_permission",
  method: "signed_slip",
  givenOn: today(),
  // The consent form's id for this recording: a new form, new records.
  submission: randomUUID(),
  ...extra,
});

async function newStudent(teacherId = world.people.teacher.id) {
  return ctx.factories.user({ role: "student", teacherId });
}
/** A teacher allowed to record and a new student of theirs, both signed in, and a lesson. */
async function recordingClass() {
  const lessonId = (await catalogLessons(ctx)).second[0] as number;
  const { teacher, student, login } = await recordingStudent(ctx);
  const teacherClient = ctx.client();
  await teacherClient.signIn(teacher);
  const studentClient = ctx.client();
  await studentClient.signIn(login);
  return { lessonId, teacher, student, teacherClient, studentClient };
}
const recordsOf = (studentIds: number[]) =>
  ctx.db.select().from(consentRecords).where(inArray(consentRecords.studentId, studentIds));
const recordsOfKind = (studentId: number, kind: "parent_permission" | "admin_approval") =>
  ctx.db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.studentId, studentId), eq(consentRecords.kind, kind)));
const mediaKeys = (prefix: string) => media().list(prefix);

describe("who may call the consent calls", () => {
  it("overview, record, withdraw and delete are the class owner's; records and slips the admins' too", async () => {
    const { student, teacher } = world.people;
    const [record] = await ctx.db
      .insert(consentRecords)
      .values({
        studentId: student.id,
        kind: "admin_approval",
        method: "school_policy",
        givenOn: "2026-09-01",
        recordedBy: teacher.id,
        documentKey: `consent/${student.id}/slip-test.pdf`,
        documentType: "application/pdf",
      })
      .returning({ id: consentRecords.id });
    await media().put(`consent/${student.id}/slip-test.pdf`, PDF);
    const id = record?.id as number;
    const owner = { anonymous: 401, teacher: 200, parent: 200 };
    const reader = {
      anonymous: 401,
      teacher: 200,
      school_admin: 200,
      district_admin: 200,
      parent: 404,
    };
    const matrices = [
      { method: "GET", url: "/privacy/consent", expect: owner },
      { method: "GET", url: `/privacy/students/${student.id}/consent`, expect: reader },
      { method: "GET", url: `/privacy/consent/${id}/slip`, expect: reader },
      {
        method: "POST",
        url: "/privacy/consent",
        body: recordBody([student.id]),
        expect: { ...owner, parent: 404 },
      },
      {
        method: "POST",
        url: `/privacy/consent/${id}/withdraw`,
        expect: { ...owner, parent: 404 },
      },
      // Once withdrawn, the teacher may delete the recordings (none here).
      {
        method: "DELETE",
        url: `/privacy/students/${student.id}/recordings`,
        expect: { ...owner, parent: 404 },
      },
    ] as const;
    for (const m of matrices) {
      const mismatches = await checkMatrix(world, { ...m, otherwise: 403 });
      expect(mismatches).toEqual([]);
    }
  });
});

describe("recording consent", () => {
  it("records one kind for several students at once, a slip kept per student, audited", async () => {
    const a = await newStudent();
    const b = await newStudent();
    const reply = await world.clients.teacher.post(
      "/privacy/consent",
      recordBody([a.id, b.id], { note: "Signed at conferences", slip: PDF.toString("base64") }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(consentMessages.recorded(2));
    const rows = await recordsOf([a.id, b.id]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: "parent_permission",
        method: "signed_slip",
        givenOn: today(),
        note: "Signed at conferences",
        recordedBy: world.people.teacher.id,
        documentKey: `consent/${row.studentId}/${row.id}.pdf`,
        documentType: "application/pdf",
        withdrawnAt: null,
      });
      expect(await media().get(row.documentKey as string)).toEqual(PDF);
    }
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "consent.record"), inArray(auditLog.targetId, [a.id, b.id])));
    expect(audits).toHaveLength(2);

    const slip = await world.clients.school_admin.get(`/privacy/consent/${rows[0]?.id}/slip`);
    expect(slip.status).toBe(200);
    expect(slip.headers["content-type"]).toBe("application/pdf");

    const history = await world.clients.teacher.get(`/privacy/students/${a.id}/consent`);
    expect(history.body.data).toMatchObject({
      complete: false,
      recordings: 0,
      canChange: true,
      records: [{ kind: "parent_permission", hasSlip: true, withdrawnAt: null }],
    });
    const asAdmin = await world.clients.district_admin.get(`/privacy/students/${a.id}/consent`);
    expect(asAdmin.body.data.canChange).toBe(false);

    const overview = await world.clients.teacher.get("/privacy/consent");
    const row = overview.body.data.students.find((s: { id: number }) => s.id === a.id);
    expect(row).toMatchObject({
      parent_permission: { method: "signed_slip", givenOn: today() },
      admin_approval: null,
    });
  });

  it("refuses bad input with 422 by field and records nothing", async () => {
    const s = await newStudent();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ givenOn: future }, "givenOn", consentMessages.future],
      [{ method: "phone_call" }, "method", consentMessages.method],
      [
        { note: "x".repeat(CONSENT_LIMITS.note + 1) },
        "note",
        `The note may be at most ${CONSENT_LIMITS.note} characters.`,
      ],
      [
        { slip: Buffer.from("<html>not a slip</html>").toString("base64") },
        "slip",
        consentMessages.slipType,
      ],
      [
        { slip: Buffer.concat([PNG, Buffer.alloc(CONSENT_LIMITS.slipBytes)]).toString("base64") },
        "slip",
        consentMessages.slipSize,
      ],
      // Without the form's id a double send could not be told from two.
      [{ submission: undefined }, "submission", messages.submission],
    ];
    for (const [extra, field, message] of cases) {
      const reply = await world.clients.teacher.post("/privacy/consent", recordBody([s.id], extra));
      expect(reply.status, field).toBe(422);
      expect(reply.body.errors[field]).toEqual([message]);
    }
    expect(await recordsOf([s.id])).toEqual([]);
    expect(await mediaKeys(`consent/${s.id}`)).toEqual([]);
  });

  it("answers 404 and records nothing when any student is another teacher's", async () => {
    const mine = await newStudent();
    const otherTeacher = await ctx.factories.user({ role: "teacher" });
    const theirs = await newStudent(otherTeacher.id);
    const reply = await world.clients.teacher.post(
      "/privacy/consent",
      recordBody([mine.id, theirs.id], { slip: PNG.toString("base64") }),
    );
    expect(reply.status).toBe(404);
    expect(await recordsOf([mine.id, theirs.id])).toEqual([]);
    expect(await mediaKeys(`consent/${mine.id}`)).toEqual([]);
    expect((await world.clients.teacher.get(`/privacy/students/${theirs.id}/consent`)).status).toBe(
      404,
    );
  });
});

describe("consent sent twice", () => {
  it("is one record per student when the same form arrives twice at once, a new form's more", async () => {
    const a = await newStudent();
    const b = await newStudent();
    const body = recordBody([a.id, b.id], { slip: PDF.toString("base64") });
    const post = () => world.clients.teacher.post("/privacy/consent", body);
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data).toEqual(first.body.data);
    const rows = await recordsOf([a.id, b.id]);
    expect(rows.map((r) => r.id).sort((x, y) => x - y)).toEqual(first.body.data.recordIds);
    // One slip each, and one audit entry each: the repeat recorded nothing.
    expect(await mediaKeys(`consent/${a.id}`)).toHaveLength(1);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "consent.record"), inArray(auditLog.targetId, [a.id, b.id])));
    expect(audits).toHaveLength(2);
    // Sent again later (a retry): still those records.
    expect((await post()).body.data).toEqual(first.body.data);

    // The same consent recorded again on purpose, from a new form: new records, as before.
    const again = await world.clients.teacher.post("/privacy/consent", {
      ...body,
      submission: randomUUID(),
    });
    expect(again.status).toBe(200);
    expect(await recordsOf([a.id, b.id])).toHaveLength(4);
  });
});

describe("withdrawing consent", () => {
  it("refuses the next upload at once and offers to delete the recordings", async () => {
    const { lessonId, teacher, student, teacherClient, studentClient } = await recordingClass();
    const meta = { lessonId, classification: "cold_read", filetype: "video/webm" };
    const view = await studentClient.get(`/student/recordings/${lessonId}`);
    expect(view.body.data.allowed).toBe(true);
    // A recording made earlier, with a file in the media store.
    const [made] = await ctx.db
      .insert(recordings)
      .values({
        studentId: student.id,
        lessonId,
        classification: "hot_read",
        status: "queued",
        sourceType: "video/webm",
        sourceBytes: 10,
      })
      .returning({ id: recordings.id });
    await media().put(`${recordingFolder(made?.id as number)}/source`, Buffer.from("webm"));
    expect(await mediaKeys(recordingFolder(made?.id as number))).toHaveLength(1);

    // Deleting while both consents are on file is refused.
    const early = await teacherClient.request(
      "DELETE",
      `/privacy/students/${student.id}/recordings`,
    );
    expect(early.status).toBe(409);

    const [parent] = await recordsOfKind(student.id, "parent_permission");
    // A second parent permission on file: withdrawing one withdraws the kind.
    await teacherClient.post(
      "/privacy/consent",
      recordBody([student.id], { method: "email_reply" }),
    );
    const withdrawn = await teacherClient.post(`/privacy/consent/${parent?.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toEqual({ studentId: student.id, recordings: 1 });
    const active = await recordsOfKind(student.id, "parent_permission");
    expect(active.every((r) => r.withdrawnAt !== null && r.withdrawnBy === teacher.id)).toBe(true);

    const refused = await createUpload(studentClient, meta, 1000);
    expect(refused.status).toBe(422);
    expect((await studentClient.get(`/student/recordings/${lessonId}`)).body.data.allowed).toBe(
      false,
    );
    const again = await teacherClient.post(`/privacy/consent/${parent?.id}/withdraw`);
    expect(again.status).toBe(409);

    const deleted = await teacherClient.request(
      "DELETE",
      `/privacy/students/${student.id}/recordings`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: 1 });
    // The files go through the erasure's job, which retries until they are gone, and the
    // ledger, so a restore from a backup removes them again.
    await ctx.jobs.idle();
    expect(await mediaKeys(recordingFolder(made?.id as number))).toEqual([]);
    const [ledger] = await ctx.db
      .select()
      .from(deletionLedger)
      .where(eq(deletionLedger.subjectId, made?.id as number));
    expect(ledger).toMatchObject({ subject: "recording_media", pendingKeys: [] });
    expect(
      await ctx.db.select().from(recordings).where(eq(recordings.studentId, student.id)),
    ).toEqual([]);
    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, student.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["consent.withdraw", "consent.delete_recordings"]),
    );
  });

  it("refuses an upload under way when its last bytes arrive after the withdrawal", async () => {
    const { lessonId, student, teacherClient, studentClient } = await recordingClass();
    const bytes = makeClips().webm;
    const created = await createUpload(
      studentClient,
      { lessonId, classification: "cold_read", filetype: "video/webm" },
      bytes.length,
    );
    expect(created.status).toBe(201);
    const [approval] = await recordsOfKind(student.id, "admin_approval");
    expect((await teacherClient.post(`/privacy/consent/${approval?.id}/withdraw`)).status).toBe(
      200,
    );
    const sent = await patchUpload(studentClient, String(created.headers.location), 0, bytes);
    expect(sent.status).toBe(409);
    expect(
      await ctx.db.select().from(recordings).where(eq(recordings.studentId, student.id)),
    ).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(recordingUploads)
        .where(eq(recordingUploads.studentId, student.id)),
    ).toEqual([]);
  });

  it("answers 404 for another teacher's record or student, changing nothing", async () => {
    const { student: theirs } = await recordingStudent(ctx);
    const [record] = await recordsOf([theirs.id]);
    const { teacher } = world.clients;
    expect((await teacher.post(`/privacy/consent/${record?.id}/withdraw`)).status).toBe(404);
    expect((await teacher.get(`/privacy/consent/${record?.id}/slip`)).status).toBe(404);
    expect(
      (await teacher.request("DELETE", `/privacy/students/${theirs.id}/recordings`)).status,
    ).toBe(404);
    expect((await recordsOf([theirs.id])).every((r) => r.withdrawnAt === null)).toBe(true);
    const [student] = await ctx.db.select().from(users).where(eq(users.id, theirs.id));
    expect(student).toBeDefined();
  });
});
