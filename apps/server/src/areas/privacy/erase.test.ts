import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/build-test-app.ts";
import { adminActingAsTeacher } from "../../../test/classes.ts";
import { filesUnder } from "../../../test/files.ts";
import { readingRow } from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { createMailer } from "../../adapters/mail.ts";
import type { Storage } from "../../adapters/storage.ts";
import { dataFiles, localStorage, mediaFiles } from "../../adapters/storage.ts";
import { recordAudit } from "../../core/audit.ts";
import { rowsOf } from "../../db/client.ts";
import {
  assignments,
  auditLog,
  consentRecords,
  deletionLedger,
  examAttempts,
  extensionResponses,
  familyPreferences,
  groupMemberships,
  readAlongs,
  readingSuggestions,
  recordingGrades,
  recordingShares,
  recordings,
  recordingUploads,
  recordingViews,
  studentExports,
  studentGroups,
  timeOnTask,
  tutorialCompletions,
  users,
  weeklyReports,
} from "../../db/schema/index.ts";
import { uploadsDir } from "../fluency/index.ts";
import { erasureStores, LEDGER_FOLDER, pendingLedgerIds, removeErasedFiles } from "./erase.ts";
import { replayDeletions } from "./replay.ts";

const ctx = testAppForFile({}, { jobs: { eraseRetryDelaySeconds: 1 } });
let lessonIds: number[];

beforeAll(async () => {
  lessonIds = (await catalogLessons(ctx)).second;
});

interface Person {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
}

/**
 * A student with data in every table that can name one, through the API where it is practical
 * (sign-in, feedback and its mail to the parent, login cards by mail) and inserted otherwise, and
 * files in the media store, DATA_DIR/files and the uploads folder. Answers their file keys.
 */
async function studentWithEverything(
  teacher: { id: number; username: string },
  client: TestClient,
  who: Omit<Person, "id">,
) {
  const student = await ctx.factories.user({ role: "student", teacherId: teacher.id, ...who });
  const id = student.id;
  const [lessonA, lessonB] = lessonIds as [number, number];
  await ctx.db
    .update(users)
    .set({ parentEmail: `${who.username}.family@example.org` })
    .where(eq(users.id, id));
  // A session of the student's own, through the sign-in.
  await ctx.client().signIn({ ...student, teacherUsername: teacher.username });
  await ctx.db
    .insert(familyPreferences)
    .values({ studentId: id, sendParentEmails: true, sendWeeklyReport: true });
  // The teacher's message: saved, and mailed to the parent with the student's first name.
  const feedback = await client.post(`/student/feedback/${id}`, {
    message: `Lovely reading, ${who.firstName}!`,
  });
  expect(feedback.status).toBe(200);
  await ctx.app.whenIdle();
  await ctx.db
    .insert(readAlongs)
    .values({ studentId: id, lessonId: lessonA, play: crypto.randomUUID() });
  await ctx.db
    .insert(assignments)
    .values({ studentId: id, lessonId: lessonA, assignedBy: "teacher", status: "started" });
  await ctx.db.insert(examAttempts).values({
    studentId: id,
    lessonId: lessonA,
    day: 1,
    attempt: 1,
    answers: [],
    correct: 0,
    solved: 0,
  });
  await ctx.db.insert(extensionResponses).values({
    studentId: id,
    lessonId: lessonA,
    draft: `${who.firstName} ${who.lastName} wrote this`,
  });
  await ctx.db.insert(timeOnTask).values({
    userId: id,
    kind: "reading",
    day: "2026-11-02",
    seconds: 60,
    lastBeatAt: new Date(),
  });
  await ctx.db
    .insert(weeklyReports)
    .values({ studentId: id, weekStart: "2026-11-02", status: "sent" });
  await ctx.db.insert(tutorialCompletions).values({ userId: id, name: "student-home" });
  const [group] = await ctx.db
    .insert(studentGroups)
    .values({ teacherId: teacher.id, name: `Group ${id}` })
    .returning();
  await ctx.db.insert(groupMemberships).values({ groupId: group?.id as number, studentId: id });

  // Readings with real files, a comparison of the two, a grade, a share, views.
  const media = mediaFiles(ctx.config.DATA_DIR);
  const reading = async (
    classification: "cold_read" | "hot_read" | "stitched",
    pair?: [number, number],
  ) => {
    const [row] = await ctx.db
      .insert(recordings)
      .values({
        studentId: id,
        lessonId: lessonB,
        classification,
        status: "complete",
        ...(pair && { coldId: pair[0], hotId: pair[1] }),
      })
      .returning({ id: recordings.id });
    const rid = row?.id as number;
    const keys = {
      sourceKey: pair ? null : `recordings/${rid}/source`,
      videoKey: `recordings/${rid}/video.mp4`,
      thumbnailKey: `recordings/${rid}/thumbnail.jpg`,
    };
    for (const key of Object.values(keys))
      if (key) await media.put(key, Buffer.from(`${who.firstName} ${who.lastName} reading ${key}`));
    await ctx.db
      .update(recordings)
      .set({ ...keys, videoType: "video/mp4" })
      .where(eq(recordings.id, rid));
    return rid;
  };
  const cold = await reading("cold_read");
  const hot = await reading("hot_read");
  const comparison = await reading("stitched", [cold, hot]);
  await ctx.db.insert(recordingGrades).values({
    recordingId: cold,
    gradedBy: teacher.id,
    accuracy: -2,
    expression: 3,
    feedback: `Well done ${who.firstName}`,
    selectedWordIds: [],
    wpm: 80,
  });
  // The recogniser heard the reader say their own name in place of a word (issue 20).
  await ctx.db.insert(readingSuggestions).values({
    recordingId: cold,
    engine: "pocketsphinx-test/1",
    status: "suggested",
    result: {
      status: "suggested",
      words: [{ index: 0, start: 0.5, end: 0.9 }],
      deviations: [
        {
          type: "substitution",
          index: 1,
          heard: who.firstName,
          confidence: 0.8,
          start: 1,
          end: 1.4,
        },
      ],
      lastIndex: 1,
      wpm: 60,
      wcpm: 30,
      tuning: "warp 1.0",
    },
  });
  const [share] = await ctx.db
    .insert(recordingShares)
    .values({
      recordingId: cold,
      teacherId: teacher.id,
      email: `${who.username}.family@example.org`,
      tokenHash: `hash-${who.username}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  await ctx.db.insert(recordingViews).values([
    { recordingId: cold, viewerKind: "teacher", viewerId: teacher.id },
    { recordingId: cold, viewerKind: "shared_link", shareId: share?.id },
  ]);
  // An upload half-way through, its bytes and tus's metadata beside them.
  const uploadId = `${id.toString(16).padStart(8, "0")}${"a".repeat(24)}`;
  await ctx.db.insert(recordingUploads).values({
    id: uploadId,
    studentId: id,
    sessionHash: "s",
    lessonId: lessonA,
    classification: "cold_read",
    lyricsOnly: false,
    declaredType: "video/webm",
    declaredBytes: 100,
  });
  const uploads = localStorage(uploadsDir(ctx.config.DATA_DIR));
  await uploads.put(uploadId, Buffer.from(`half of ${who.firstName}'s reading`));
  await uploads.put(`${uploadId}.json`, Buffer.from(JSON.stringify({ id: uploadId })));

  // A consent slip and an export, with their files.
  await media.put(
    `consent/${id}/slip.pdf`,
    Buffer.from(`Permission for ${who.firstName} ${who.lastName}`),
  );
  await ctx.db.insert(consentRecords).values({
    studentId: id,
    kind: "parent_permission",
    method: "signed_slip",
    givenOn: "2026-09-01",
    note: `${who.lastName} family`,
    documentKey: `consent/${id}/slip.pdf`,
    documentType: "application/pdf",
    recordedBy: teacher.id,
  });
  const [exported] = await ctx.db
    .insert(studentExports)
    .values({ studentId: id, requestedBy: teacher.id, status: "ready" })
    .returning();
  const exportKey = `exports/${exported?.id}/${who.username}.zip`;
  await media.put(exportKey, Buffer.from(`${who.firstName} ${who.lastName} everything`));
  await ctx.db
    .update(studentExports)
    .set({ fileKey: exportKey })
    .where(eq(studentExports.id, exported?.id as number));

  // Mail about them with a kept attachment, and audit rows naming them.
  const mailer = createMailer({ db: ctx.db, storage: dataFiles(ctx.config.DATA_DIR) });
  await mailer.send({
    to: `${who.username}.family@example.org`,
    subject: `${who.firstName}'s week`,
    text: `${who.firstName} ${who.lastName} read three songs.`,
    attachments: [
      {
        filename: "report.txt",
        contentType: "text/plain",
        content: Buffer.from(`${who.firstName}'s report`),
      },
    ],
    aboutStudentIds: [id],
  });
  await recordAudit(ctx.db, {
    actor: teacher.id,
    action: "student.password_set",
    target: id,
    ip: "10.0.0.1",
    details: { teacherId: teacher.id },
  });
  await recordAudit(ctx.db, {
    actor: teacher.id,
    action: "lessons.remove",
    target: teacher.id,
    ip: "10.0.0.1",
    details: { studentIds: [id], lessonIds: [lessonA] },
  });
  await recordAudit(ctx.db, {
    actor: teacher.id,
    action: "username.change",
    target: teacher.id,
    ip: "10.0.0.1",
    details: { note: `renamed ${who.username}` },
  });
  await recordAudit(ctx.db, { actor: id, action: "student.self", target: null, ip: "10.9.9.9" });
  return {
    student: { id, ...who },
    recordingIds: [cold, hot, comparison],
    exportId: exported?.id as number,
    uploadId,
  };
}

/** Which tables' columns, and which files, still hold this person's id, names or username. */
async function tracesOf(
  person: Person,
  files: { recordingIds: number[]; exportId: number; uploadId: string },
) {
  const columns = rowsOf<{ table: string; column: string; type: string }>(
    await ctx.db.execute(sql`
      select c.table_name as "table", c.column_name as "column", c.data_type as "type"
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.table_name <> 'deletion_ledger'
      order by c.table_name, c.ordinal_position`),
  );
  // Columns that hold a user's id: foreign keys to users.id, and the ones named for a person.
  const references = new Set(
    rowsOf<{ table: string; column: string }>(
      await ctx.db.execute(sql`
        select cl.relname as "table", a.attname as "column"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and n.nspname = 'public' and c.confrelid = 'public.users'::regclass`),
    ).map((r) => `${r.table}.${r.column}`),
  );
  references.add("users.id");
  const namedForPerson = /(student_id|user_id|student_ids)$|^(target_id|on_behalf_of_id|actor_id)$/;
  const words = [person.firstName, person.lastName, person.username].map((w) => w.toLowerCase());
  const found: string[] = [];
  for (const { table, column, type } of columns) {
    const col = sql`${sql.identifier(table)}.${sql.identifier(column)}`;
    const from = sql`from ${sql.identifier(table)}`;
    const checks: ReturnType<typeof sql>[] = [];
    if (["text", "character varying", "jsonb", "json", "ARRAY", "USER-DEFINED"].includes(type))
      for (const word of words) checks.push(sql`strpos(lower(${col}::text), ${word}) > 0`);
    const holdsId = references.has(`${table}.${column}`) || namedForPerson.test(column);
    if (holdsId && ["integer", "bigint", "smallint"].includes(type))
      checks.push(sql`${col} = ${person.id}`);
    if (holdsId && type === "ARRAY") checks.push(sql`${person.id} = any(${col})`);
    for (const check of checks) {
      const [hit] = rowsOf<{ n: number }>(
        await ctx.db.execute(sql`select count(*)::int as n ${from} where ${check}`),
      );
      if (hit?.n) found.push(`${table}.${column}`);
    }
  }
  const keysNaming = [
    ...files.recordingIds.map((id) => `recordings/${id}/`),
    `exports/${files.exportId}/`,
    `consent/${person.id}/`,
    files.uploadId,
  ];
  for (const folder of ["media", "files", "uploads"]) {
    const root = join(ctx.config.DATA_DIR, folder);
    for (const file of await filesUnder(root)) {
      if (keysNaming.some((key) => file.startsWith(key))) found.push(`${folder}/${file}`);
      const text = (await readFile(join(root, file))).toString("latin1").toLowerCase();
      if (words.some((word) => text.includes(word))) found.push(`${folder}/${file} (content)`);
    }
  }
  return [...new Set(found)].sort();
}

/** A signed-in teacher of a new school. */
async function teacherSignedIn() {
  const school = await ctx.factories.school();
  const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
  const client = ctx.client();
  await client.signIn(teacher);
  return { teacher, client };
}

const ledgerOf = (studentId: number) =>
  ctx.db.select().from(deletionLedger).where(eq(deletionLedger.subjectId, studentId));

describe("deleting a student erases everything that names them", () => {
  it("leaves no row, file or mail naming the student, and their classmate's data whole", async () => {
    const { teacher, client } = await teacherSignedIn();
    const gone = await studentWithEverything(teacher, client, {
      firstName: "Zephyrine",
      lastName: "Quillfeather",
      username: "zquill77",
    });
    const kept = await studentWithEverything(teacher, client, {
      firstName: "Marigoldine",
      lastName: "Brackenbury",
      username: "mbrack55",
    });
    const before = await tracesOf(gone.student, gone);
    // The scan finds what it looks for: every kind of place the student was put.
    expect(before).toEqual(
      expect.arrayContaining([
        "assignments.student_id",
        "audit_log.actor_id",
        "audit_log.details",
        "audit_log.target_id",
        "consent_records.note",
        "exam_attempts.student_id",
        "extension_responses.draft",
        "family_preferences.student_id",
        "group_memberships.student_id",
        "mail_outbox.about_student_ids",
        "mail_outbox.html",
        "mail_outbox.text",
        "read_alongs.student_id",
        "reading_suggestions.result",
        "recording_grades.feedback",
        "recording_shares.email",
        "recordings.student_id",
        "recording_uploads.student_id",
        "sessions.user_id",
        "student_exports.file_key",
        "student_feedback.message",
        "time_on_task.user_id",
        "tutorial_completions.user_id",
        "users.first_name",
        "users.id",
        "users.username",
        "weekly_reports.student_id",
        `media/recordings/${gone.recordingIds[2]}/video.mp4`,
        `media/consent/${gone.student.id}/slip.pdf`,
        `uploads/${gone.uploadId}`,
      ]),
    );
    expect(before.some((f) => f.startsWith("files/mail/"))).toBe(true);
    const keptBefore = await tracesOf(kept.student, kept);

    const reply = await client.post("/teacher/students", {
      verb: "delete",
      student: { id: gone.student.id },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe("Zephyrine Quillfeather was deleted.");
    await ctx.jobs.idle();

    expect(await tracesOf(gone.student, gone)).toEqual([]);
    expect(await tracesOf(kept.student, kept)).toEqual(keptBefore);
    const [ledger] = await ledgerOf(gone.student.id);
    expect(ledger).toMatchObject({ subject: "student", pendingKeys: [] });
    expect(ledger?.filesRemovedAt).toBeInstanceOf(Date);
    // The copy beside the media: ids and keys, for a restore to replay.
    const copy = JSON.parse(
      await readFile(
        join(ctx.config.DATA_DIR, "media", LEDGER_FOLDER, `${ledger?.id}.json`),
        "utf8",
      ),
    );
    expect(copy).toMatchObject({ id: ledger?.id, subject: "student", subjectId: gone.student.id });
    expect(copy.keys).toEqual(
      expect.arrayContaining([
        `media:recordings/${gone.recordingIds[0]}/`,
        `uploads:${gone.uploadId}`,
      ]),
    );
    // The one audit row of the erasure names no one.
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'student.delete' and ${auditLog.actorId} = ${teacher.id}`);
    expect(audit).toMatchObject({
      targetId: null,
      details: { teacherId: teacher.id, count: 1, ledgerIds: [ledger?.id] },
    });
    // What the scrubbed rows still say: what was done, by whom and when.
    const scrubbed = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "student.password_set"));
    expect(scrubbed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorId: teacher.id, targetId: null, details: null }),
      ]),
    );
  });

  it("erases a whole class with Delete All", async () => {
    const { teacher, client } = await teacherSignedIn();
    const pupils = [
      await studentWithEverything(teacher, client, {
        firstName: "Oriabelle",
        lastName: "Thistlewick",
        username: "othist42",
      }),
      await studentWithEverything(teacher, client, {
        firstName: "Caspianne",
        lastName: "Wrenfield",
        username: "cwren31",
      }),
    ];
    for (const p of pupils) expect(await tracesOf(p.student, p)).not.toEqual([]);
    const reply = await client.post("/teacher/students", { verb: "deleteAll", confirm: true });
    expect(reply.body).toEqual({
      success: true,
      message: "All 2 students were deleted.",
      deleted: 2,
    });
    await ctx.jobs.idle();
    for (const p of pupils) {
      expect(await tracesOf(p.student, p)).toEqual([]);
      expect(await ledgerOf(p.student.id)).toEqual([
        expect.objectContaining({ pendingKeys: [], filesRemovedAt: expect.any(Date) }),
      ]);
    }
  });
});

describe("npm run privacy:replay-deletions", () => {
  it("erases again, after a restore, what the ledger names, and does it once", async () => {
    const { teacher, client } = await teacherSignedIn();
    const student = await ctx.factories.user({
      role: "student",
      teacherId: teacher.id,
      firstName: "Tamsinelle",
      lastName: "Ravenscroft",
      username: "travens19",
    });
    const media = mediaFiles(ctx.config.DATA_DIR);
    await media.put(`consent/${student.id}/slip.pdf`, Buffer.from("slip"));
    await client.post("/teacher/students", { verb: "delete", student: { id: student.id } });
    await ctx.jobs.idle();
    const [ledger] = await ledgerOf(student.id);

    // A backup from before the erasure comes back: the student, a reading with its file, and
    // no ledger row (the copy beside the media outlived the restore).
    const { password: _password, ...restored } = student;
    await ctx.db.insert(users).values(restored);
    const reading = await readingRow(ctx, {
      studentId: student.id,
      lessonId: lessonIds[0] as number,
    });
    await media.put(`recordings/${reading}/video.mp4`, Buffer.from("Tamsinelle reading"));
    await media.put(`consent/${student.id}/slip.pdf`, Buffer.from("slip"));
    await ctx.db.delete(deletionLedger).where(eq(deletionLedger.id, ledger?.id as number));

    const stores = erasureStores({
      media,
      storage: dataFiles(ctx.config.DATA_DIR),
      config: ctx.config,
    });
    const first = await replayDeletions({ db: ctx.db, stores });
    expect(first).toMatchObject({ usersErased: 1, entriesPending: 0 });
    expect(await ctx.db.select().from(users).where(eq(users.id, student.id))).toEqual([]);
    expect(await media.list(`recordings/${reading}`)).toEqual([]);
    expect(await media.list(`consent/${student.id}`)).toEqual([]);
    expect(await ledgerOf(student.id)).toEqual([
      expect.objectContaining({
        id: ledger?.id,
        pendingKeys: [],
        filesRemovedAt: expect.any(Date),
      }),
    ]);
    const files = { recordingIds: [reading], exportId: 0, uploadId: "none" };
    expect(await tracesOf({ ...student }, files)).toEqual([]);

    const again = await replayDeletions({ db: ctx.db, stores });
    expect(again).toMatchObject({ entries: first.entries, usersErased: 0, entriesPending: 0 });
    expect(await ledgerOf(student.id)).toHaveLength(1);
    // A new account never takes an erased id.
    const newcomer = await ctx.factories.user({ role: "teacher" });
    expect(newcomer.id).toBeGreaterThan(student.id);
  });
});

describe("the privacy-erase job", () => {
  it("keeps a ledger row pending while a store will not let go, for the sweep to queue again", async () => {
    const { teacher, client } = await teacherSignedIn();
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const media = mediaFiles(ctx.config.DATA_DIR);
    // Written once the erasure's job has run: as a file that would not go the first time.
    await client.post("/teacher/students", { verb: "delete", student: { id: student.id } });
    await ctx.jobs.idle();
    const [ledger] = await ledgerOf(student.id);
    const key = `consent/${student.id}/slip.pdf`;
    await media.put(key, Buffer.from("slip"));
    await ctx.db
      .update(deletionLedger)
      .set({ pendingKeys: [`media:consent/${student.id}/`], filesRemovedAt: null })
      .where(eq(deletionLedger.id, ledger?.id as number));
    const stuck: Storage = { ...media, delete: async () => {} };
    const stores = (m: Storage) =>
      erasureStores({
        media: m,
        storage: dataFiles(ctx.config.DATA_DIR),
        config: ctx.config,
      });

    await expect(
      removeErasedFiles({ db: ctx.db, stores: stores(stuck) }, ledger?.id as number),
    ).rejects.toThrow(/still there/);
    expect(await pendingLedgerIds(ctx.db)).toContain(ledger?.id);
    expect((await ledgerOf(student.id))[0]).toMatchObject({
      pendingKeys: [`media:consent/${student.id}/`],
      filesRemovedAt: null,
    });

    await removeErasedFiles({ db: ctx.db, stores: stores(media) }, ledger?.id as number);
    expect(await media.list(`consent/${student.id}`)).toEqual([]);
    expect(await pendingLedgerIds(ctx.db)).not.toContain(ledger?.id);
  });
});

describe("mail about an erased student", () => {
  it("leaves the queue with its outbox row, unsent", async () => {
    const { teacher, client } = await teacherSignedIn();
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const other = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const mailer = createMailer({ db: ctx.db, storage: dataFiles(ctx.config.DATA_DIR) });
    const about = (id: number) =>
      mailer.send({ to: "family@example.org", subject: "Hi", text: "Hi", aboutStudentIds: [id] });
    const [theirs, kept] = [await about(student.id), await about(other.id)];
    // As SMTP would queue them; this app has no mail server, so nothing takes them.
    for (const { id } of [theirs, kept]) await ctx.jobs.send("mail", { id, sealed: "sealed" });
    const queued = async () =>
      rowsOf<{ id: number }>(
        await ctx.db.execute(
          sql`select (data ->> 'id')::int as id from pgboss.job where name = 'mail' order by 1`,
        ),
      ).map((row) => row.id);
    expect(await queued()).toEqual(expect.arrayContaining([theirs.id, kept.id]));
    await client.post("/teacher/students", { verb: "delete", student: { id: student.id } });
    expect(await queued()).not.toContain(theirs.id);
    expect(await queued()).toContain(kept.id);
    // No mail server takes the classmate's job: it goes, so later tests' queues can go idle.
    await ctx.db.execute(sql`delete from pgboss.job where name = 'mail'`);
  });
});

describe("deleting one's own account from Settings and Preferences", () => {
  it("erases the account and its students, every row and file, after its username and password", async () => {
    const { teacher, client } = await teacherSignedIn();
    const url = `/teacher/${teacher.id}/settings`;
    const pupil = await studentWithEverything(teacher, client, {
      firstName: "Peregrinia",
      lastName: "Hollowmere",
      username: "pholl63",
    });
    const mailer = createMailer({ db: ctx.db, storage: dataFiles(ctx.config.DATA_DIR) });
    await mailer.send({ to: teacher.email ?? "", subject: "Your sign-in link", text: "Hello" });
    const adult = {
      id: teacher.id,
      firstName: teacher.firstName,
      lastName: teacher.lastName,
      username: teacher.username,
    };
    const none = { recordingIds: [], exportId: -1, uploadId: "no-upload" };
    expect(await tracesOf(adult, none)).toContain("users.username");

    // Confirmed by its own username and password; nothing changes otherwise.
    const wrong = await client.post(url, {
      verb: "delete_account",
      username: teacher.username,
      current_password: "not-the-password",
    });
    expect([wrong.status, wrong.body.errors]).toEqual([
      422,
      { current_password: ["Your current password is not correct."] },
    ]);
    const other = await client.post(url, {
      verb: "delete_account",
      username: "someone.else",
      current_password: teacher.password,
    });
    expect([other.status, other.body.errors]).toEqual([
      422,
      { username: ["Type your own username to confirm."] },
    ]);
    expect(await tracesOf(pupil.student, pupil)).not.toEqual([]);

    const reply = await client.post(url, {
      verb: "delete_account",
      username: teacher.username.toUpperCase(),
      current_password: teacher.password,
    });
    expect(reply.body).toEqual({
      success: true,
      message: "Your account and everything about your students were deleted.",
    });
    await ctx.jobs.idle();
    expect(await tracesOf(pupil.student, pupil)).toEqual([]);
    expect(await tracesOf(adult, none)).toEqual([]);
    const [mailToThem] = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from mail_outbox where lower("to") = ${teacher.email?.toLowerCase()}`,
      ),
    );
    expect(mailToThem?.n).toBe(0);
    expect(await ledgerOf(teacher.id)).toEqual([
      expect.objectContaining({ subject: "teacher", filesRemovedAt: expect.any(Date) }),
    ]);
    expect(await ledgerOf(pupil.student.id)).toEqual([
      expect.objectContaining({ subject: "student", pendingKeys: [] }),
    ]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.erase"));
    expect(audit).toMatchObject({ actorId: null, targetId: null, ip: null });
    expect(audit?.details).toEqual({ students: 1, ledgerIds: expect.any(Array) });
    // Signed out, and nobody can sign in as them again.
    expect((await client.get("/auth/session")).body.user ?? null).toBeNull();
    expect(
      (await ctx.client().post("/login", { login: teacher.username, password: teacher.password }))
        .status,
    ).not.toBe(200);
  });

  it("is never done by an admin acting as the account, nor for another account", async () => {
    const { teacher, client } = await adminActingAsTeacher(ctx);
    const asTeacher = await client.post(`/teacher/${teacher.id}/settings`, {
      verb: "delete_account",
      username: teacher.username,
      current_password: teacher.password,
    });
    expect(asTeacher.status).toBe(403);

    const { teacher: another, client: theirs } = await teacherSignedIn();
    const elsewhere = await theirs.post(`/teacher/${teacher.id}/settings`, {
      verb: "delete_account",
      username: another.username,
      current_password: another.password,
    });
    expect([403, 404]).toContain(elsewhere.status);
    const [still] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, teacher.id));
    expect(still?.id).toBe(teacher.id);
  });
});
