import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportMessages } from "@refrain/domain";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { checkMatrix, STUDENT_RECORD_KEEPERS } from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import { readingRow } from "../../../test/fluency.ts";
import { catalogLessons, dayAnswers } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { mediaFiles } from "../../adapters/storage.ts";
import {
  assignments,
  auditLog,
  consentRecords,
  examAttempts,
  extensionResponses,
  familyPreferences,
  groupMemberships,
  mailOutbox,
  readAlongs,
  readingSuggestions,
  readingViews,
  recordingGrades,
  recordingShares,
  recordings,
  recordingViews,
  studentExports,
  studentFeedback,
  studentGroups,
  timeOnTask,
  users,
  weeklyReports,
} from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile({ DEMO_RECORDINGS: "off" });
let lessonIds: number[];

beforeAll(async () => {
  lessonIds = (await catalogLessons(ctx)).second;
}, 60_000);

const media = () => mediaFiles(ctx.config.DATA_DIR);

/** A new student of the world's teacher (each with their own hourly export allowance). */
const newStudent = (firstName = "Ada", lastName = "Lovelace") =>
  ctx.factories.user({ role: "student", teacherId: world.people.teacher.id, firstName, lastName });

/** Asks for an export as `client`, waits for the job, and answers the export's row. */
async function exported(client: TestClient, studentId: number) {
  const reply = await client.post(`/privacy/students/${studentId}/exports`);
  expect(reply.status).toBe(200);
  await ctx.jobs.idle();
  const [row] = await ctx.db
    .select()
    .from(studentExports)
    .where(eq(studentExports.id, reply.body.data.id));
  return row as typeof studentExports.$inferSelect;
}

/** A fresh link's path for a finished export. */
async function linkOf(client: TestClient, exportId: number) {
  const reply = await client.post(`/privacy/exports/${exportId}/link`);
  expect(reply.status).toBe(200);
  return reply.body.data.url as string;
}

/** The download as raw bytes, as a visitor with no session (the link is the key). */
const download = (path: string) => ctx.app.inject({ method: "GET", url: path });

const auditOf = (action: string, target: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, target)));

describe("asking for a student's export", () => {
  it("is for the class owner and the admins of the student's school and district", async () => {
    const mismatches = await checkMatrix(world, {
      method: "POST",
      url: (w) => `/privacy/students/${w.people.student.id}/exports`,
      ...STUDENT_RECORD_KEEPERS,
    });
    expect(mismatches).toEqual([]);
    await ctx.jobs.idle();
  });

  it("lists a student's exports for the same people", async () => {
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: (w) => `/privacy/students/${w.people.student.id}/exports`,
      ...STUDENT_RECORD_KEEPERS,
    });
    expect(mismatches).toEqual([]);
    const { body } = await world.clients.school_admin.get(
      `/privacy/students/${world.people.student.id}/exports`,
    );
    // The matrix asked three times: teacher, school admin, district admin, newest first.
    expect(body.data.exports).toHaveLength(3);
    expect(body.data.exports.map((e: { status: string }) => e.status)).toEqual([
      "ready",
      "ready",
      "ready",
    ]);
    expect(body.data.exports[2]).toMatchObject({
      progress: 100,
      downloadedAt: null,
      requestedBy: `${world.people.teacher.firstName} ${world.people.teacher.lastName}`,
    });
    // Only the class owner sends to a parent, and only with an address on file.
    expect(body.data.canSendToParent).toBe(false);
  });

  it("issues links to the same people, and sends to a parent only as the class owner", async () => {
    const studentId = world.people.student.id;
    await ctx.db
      .update(users)
      .set({ parentEmail: "family@example.org" })
      .where(eq(users.id, studentId));
    const [newest] = await ctx.db
      .select({ id: studentExports.id })
      .from(studentExports)
      .where(eq(studentExports.studentId, studentId))
      .orderBy(studentExports.id)
      .limit(1);
    const exportId = newest?.id as number;
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: `/privacy/exports/${exportId}/link`,
        expect: {
          anonymous: 401,
          teacher: 200,
          school_admin: 200,
          district_admin: 200,
          parent: 404,
        },
        otherwise: 403,
      }),
    ).toEqual([]);
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: `/privacy/exports/${exportId}/send`,
        expect: { anonymous: 401, teacher: 200, parent: 404 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });

  it("answers 404 for another teacher's student and creates nothing", async () => {
    const otherTeacher = await ctx.factories.user({ role: "teacher", schoolId: world.school.id });
    const stranger = await ctx.factories.user({ role: "student", teacherId: otherTeacher.id });
    const reply = await world.clients.teacher.post(`/privacy/students/${stranger.id}/exports`);
    expect(reply.status).toBe(404);
    const list = await world.clients.teacher.get(`/privacy/students/${stranger.id}/exports`);
    expect(list.status).toBe(404);
    expect(
      await ctx.db.select().from(studentExports).where(eq(studentExports.studentId, stranger.id)),
    ).toEqual([]);
    // Its export's link and send are as unreachable.
    const [row] = await ctx.db
      .insert(studentExports)
      .values({ studentId: stranger.id, requestedBy: otherTeacher.id })
      .returning({ id: studentExports.id });
    expect((await world.clients.teacher.post(`/privacy/exports/${row?.id}/link`)).status).toBe(404);
    expect((await world.clients.teacher.post(`/privacy/exports/${row?.id}/send`)).status).toBe(404);
    expect((await world.clients.school_admin.post(`/privacy/exports/999999/link`)).status).toBe(
      404,
    );
  });

  it("allows a few exports per student an hour", async () => {
    const student = await newStudent();
    for (let i = 0; i < 5; i++)
      expect(
        (await world.clients.teacher.post(`/privacy/students/${student.id}/exports`)).status,
      ).toBe(200);
    const refused = await world.clients.teacher.post(`/privacy/students/${student.id}/exports`);
    expect(refused.status).toBe(429);
    await ctx.jobs.idle();
  });
});

describe("downloading an export", () => {
  it("works once; a reused link is 410, an unknown one 404; each step is audited", async () => {
    const student = await newStudent("Grace", "Hopper");
    const row = await exported(world.clients.district_admin, student.id);
    expect(row).toMatchObject({ status: "ready", progress: 100, downloadedAt: null });
    expect(row.expiresAt && row.finishedAt).toBeTruthy();
    // EXPORT_LINK_HOURS (4 by default) after it was built.
    const hours =
      ((row.expiresAt as Date).getTime() - (row.finishedAt as Date).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(ctx.config.EXPORT_LINK_HOURS, 3);
    const path = await linkOf(world.clients.district_admin, row.id);
    const first = await download(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/zip");
    expect(first.headers["content-disposition"]).toContain("attachment");
    expect(first.headers["content-disposition"]).not.toContain("Grace");
    const second = await download(path);
    expect(second.statusCode).toBe(410);
    expect(JSON.parse(second.body).message).toBe(exportMessages.linkGone);
    expect((await download(`/privacy/exports/${randomUUID()}`)).statusCode).toBe(404);
    // A browser opening a spent link from an e-mail reads a page, in English and Spanish.
    const page = await ctx.app.inject({
      method: "GET",
      url: path,
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(page.statusCode).toBe(410);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("This link has already been used or has expired");
    expect(page.body).toContain("Este enlace ya se usó");
    // No new link for a downloaded export.
    expect((await world.clients.teacher.post(`/privacy/exports/${row.id}/link`)).status).toBe(410);
    // The file is gone from the store once it went out.
    await vi.waitFor(async () => expect(await media().list(`exports/${row.id}`)).toEqual([]));

    const requested = await auditOf("privacy.export_request", student.id);
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({
      actorId: world.people.district_admin.id,
      details: { exportId: row.id },
    });
    const downloaded = await auditOf("privacy.export_download", student.id);
    expect(downloaded).toHaveLength(1);
    expect(downloaded[0]).toMatchObject({ actorId: null, details: { exportId: row.id } });
    for (const entry of [...requested, ...downloaded])
      expect(JSON.stringify(entry.details)).not.toMatch(/Grace|Hopper/);
  });

  it("answers 410 once the link has expired, and the clean-up removes the file", async () => {
    const student = await newStudent();
    const row = await exported(world.clients.teacher, student.id);
    const path = await linkOf(world.clients.teacher, row.id);
    expect(await media().list(`exports/${row.id}`)).toHaveLength(1);
    await ctx.db
      .update(studentExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(studentExports.id, row.id));
    expect((await download(path)).statusCode).toBe(410);
    expect((await world.clients.teacher.post(`/privacy/exports/${row.id}/link`)).status).toBe(410);
    const { removeSpentExports } = await import("./export.ts");
    expect(await removeSpentExports(ctx.db, media())).toBeGreaterThanOrEqual(1);
    expect(await media().list(`exports/${row.id}`)).toEqual([]);
    const { body } = await world.clients.teacher.get(`/privacy/students/${student.id}/exports`);
    expect(body.data.exports[0]).toMatchObject({ id: row.id, status: "ready", downloadedAt: null });
  });

  it("replaces an earlier link with a newer one", async () => {
    const student = await newStudent();
    const row = await exported(world.clients.teacher, student.id);
    const older = await linkOf(world.clients.teacher, row.id);
    const newer = await linkOf(world.clients.school_admin, row.id);
    expect((await download(older)).statusCode).toBe(404);
    expect((await download(newer)).statusCode).toBe(200);
  });

  it("e-mails the parent on file a single-use link, hidden in the outbox copy", async () => {
    const student = await newStudent("Katherine", "Johnson");
    const none = await exported(world.clients.teacher, student.id);
    const refused = await world.clients.teacher.post(`/privacy/exports/${none.id}/send`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.parentEmail).toEqual([exportMessages.noParentEmail]);
    await ctx.db
      .update(users)
      .set({ parentEmail: "kj.family@example.org" })
      .where(eq(users.id, student.id));
    const listed = await world.clients.teacher.get(`/privacy/students/${student.id}/exports`);
    expect(listed.body.data.canSendToParent).toBe(true);
    const sent = await world.clients.teacher.post(`/privacy/exports/${none.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(exportMessages.sent);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "kj.family@example.org"));
    expect(mail?.subject).toBe("Katherine's records from Refrain");
    expect(mail?.text).toMatch(/until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\./);
    expect(mail?.text).not.toMatch(/\/privacy\/exports\/[\w-]{20,}/);
    const audited = await auditOf("privacy.export_send", student.id);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorId: world.people.teacher.id,
      details: { exportId: none.id },
    });
    expect(JSON.stringify(audited[0]?.details)).not.toMatch(/Katherine|Johnson|kj\.family/);
  });
});

describe("the export's contents", () => {
  it("holds a summary, every record as JSON and CSV, and the media as stored", async () => {
    const { teacher } = world.people;
    const student = await newStudent("Ada", "Byron");
    const id = student.id;
    const [lessonId, otherLessonId] = lessonIds as [number, number];
    // Something in every area that keeps a child's data.
    await ctx.db.insert(assignments).values([
      { studentId: id, lessonId, assignedBy: "teacher", status: "started" },
      { studentId: id, lessonId: otherLessonId, assignedBy: "auto", status: "assigned" },
    ]);
    await ctx.db.insert(readAlongs).values({ studentId: id, lessonId, play: randomUUID() });
    const answers = await dayAnswers(ctx, lessonId, 1, 2);
    await ctx.db.insert(examAttempts).values({
      studentId: id,
      lessonId,
      day: 1,
      attempt: 1,
      answers,
      correct: 2,
      solved: answers.length,
      percent: Math.round((2 / answers.length) * 100),
    });
    await ctx.db.insert(extensionResponses).values({
      studentId: id,
      lessonId,
      draft: "My draft, with a comma",
      response: 'The song says "hello"',
      submittedAt: new Date(),
    });
    await ctx.db.insert(timeOnTask).values({
      userId: id,
      kind: "reading",
      day: "2026-11-20",
      seconds: 600,
      lastBeatAt: new Date(),
    });
    await ctx.db
      .insert(readingViews)
      .values({ studentId: id, textSize: "large", dyslexiaFriendly: true, lineFocus: false });
    const [recording] = await ctx.db
      .insert(recordings)
      .values({
        studentId: id,
        lessonId,
        classification: "cold_read",
        status: "complete",
        videoKey: `recordings/x${id}/video.mp4`,
        videoType: "video/mp4",
        thumbnailKey: `recordings/x${id}/thumbnail.jpg`,
        durationSeconds: 12.5,
        gradedAt: new Date(),
      })
      .returning({ id: recordings.id });
    const recordingId = recording?.id as number;
    const video = Buffer.from(`fake mp4 ${randomUUID()}`.repeat(5000));
    const thumbnail = Buffer.from(`fake jpeg ${randomUUID()}`);
    const slip = Buffer.from(`%PDF-1.4 fake slip ${randomUUID()}`);
    await media().put(`recordings/x${id}/video.mp4`, video);
    await media().put(`recordings/x${id}/thumbnail.jpg`, thumbnail);
    await media().put(`consent/${id}/slip.pdf`, slip);
    await ctx.db.insert(recordingGrades).values({
      recordingId,
      gradedBy: teacher.id,
      accuracy: -2,
      expression: 4,
      feedback: "Lovely pace",
      selectedWordIds: [],
      wpm: 90,
    });
    await ctx.db.insert(readingSuggestions).values({
      recordingId,
      engine: "pocketsphinx-test/1",
      status: "declined",
      result: { status: "declined", reason: "too_short" },
      error: "an operator's note that stays out of the export",
    });
    const [share] = await ctx.db
      .insert(recordingShares)
      .values({
        recordingId,
        teacherId: teacher.id,
        email: "ada.family@example.org",
        tokenHash: "a".repeat(64),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: recordingShares.id });
    await ctx.db.insert(recordingViews).values([
      { recordingId, viewerKind: "teacher", viewerId: teacher.id },
      { recordingId, viewerKind: "shared_link", shareId: share?.id },
    ]);
    await ctx.db.insert(consentRecords).values([
      {
        studentId: id,
        kind: "parent_permission",
        method: "signed_slip",
        givenOn: "2026-09-01",
        documentKey: `consent/${id}/slip.pdf`,
        documentType: "application/pdf",
        recordedBy: teacher.id,
      },
      {
        studentId: id,
        kind: "admin_approval",
        method: "school_policy",
        givenOn: "2026-08-20",
        recordedBy: teacher.id,
      },
    ]);
    const [group] = await ctx.db
      .insert(studentGroups)
      .values({ teacherId: teacher.id, name: `Bluebirds ${id}` })
      .returning({ id: studentGroups.id });
    await ctx.db.insert(groupMemberships).values({ groupId: group?.id as number, studentId: id });
    await ctx.db.insert(familyPreferences).values({ studentId: id, language: "es" });
    await ctx.db
      .insert(weeklyReports)
      .values({ studentId: id, weekStart: "2026-11-16", status: "sent" });
    await ctx.db
      .insert(studentFeedback)
      .values({ studentId: id, teacherId: teacher.id, message: "Great week!" });

    const row = await exported(world.clients.teacher, id);
    expect(row.status).toBe("ready");
    const zip = await download(await linkOf(world.clients.teacher, row.id));
    expect(zip.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), "refrain-export-test-"));
    writeFileSync(join(dir, "export.zip"), zip.rawPayload);
    execFileSync("unzip", ["-q", "export.zip", "-d", "out"], { cwd: dir });
    const out = join(dir, "out");
    const read = (path: string) => readFileSync(join(out, path));
    const json = (name: string) => JSON.parse(read(`data/${name}.json`).toString("utf8"));

    const records = [
      "profile",
      "assignments",
      "read-alongs",
      "exam-attempts",
      "exam-answers",
      "extension-responses",
      "time-on-task",
      "reading-view",
      "recordings",
      "grades",
      "suggestions",
      "student-feedback",
      "monitoring-plans",
      "monitoring-decisions",
      "shares",
      "recording-views",
      "consent-records",
      "group-memberships",
      "family-preferences",
      "weekly-reports",
    ];
    expect(readdirSync(join(out, "data")).sort()).toEqual(
      records.flatMap((r) => [`${r}.csv`, `${r}.json`]).sort(),
    );
    const summary = read("summary.html").toString("utf8");
    expect(summary).toContain("Everything Refrain holds about Ada Byron");
    expect(summary).toContain(`media/recordings/${recordingId}-cold_read.mp4`);
    // Self-contained: nothing loads from anywhere.
    expect(summary).not.toMatch(/<script|<link|src="http/);

    const [profile] = json("profile");
    expect(profile).toMatchObject({ id, firstName: "Ada", lastName: "Byron", role: "student" });
    expect(profile).not.toHaveProperty("passwordHash");
    expect(profile).not.toHaveProperty("passwordEncrypted");
    expect(JSON.stringify(json("profile"))).not.toContain(student.password);

    const stored = await ctx.db
      .select({ id: assignments.id, status: assignments.status })
      .from(assignments)
      .where(eq(assignments.studentId, id))
      .orderBy(assignments.assignedAt, assignments.id);
    expect(
      json("assignments").map((a: { id: number; status: string }) => ({
        id: a.id,
        status: a.status,
      })),
    ).toEqual(stored);
    expect(json("read-alongs")).toHaveLength(1);
    expect(json("exam-attempts")).toMatchObject([{ day: 1, attempt: 1, correct: 2 }]);
    expect(json("exam-answers")).toHaveLength(answers.length);
    expect(json("exam-answers")[0].question).toEqual(expect.any(String));
    expect(json("extension-responses")).toMatchObject([{ response: 'The song says "hello"' }]);
    expect(json("time-on-task")).toEqual([{ day: "2026-11-20", kind: "reading", seconds: 600 }]);
    expect(json("reading-view")).toMatchObject([
      { textSize: "large", dyslexiaFriendly: true, lineFocus: false },
    ]);
    expect(json("recordings")).toMatchObject([
      {
        id: recordingId,
        classification: "cold_read",
        durationSeconds: 12.5,
        file: `media/recordings/${recordingId}-cold_read.mp4`,
        thumbnail: `media/recordings/${recordingId}-thumbnail.jpg`,
      },
    ]);
    expect(JSON.stringify(json("recordings"))).not.toContain("recordings/x");
    expect(json("grades")).toMatchObject([
      { recordingId, accuracy: -2, wpm: 90, feedback: "Lovely pace" },
    ]);
    expect(json("suggestions")).toEqual([
      expect.objectContaining({
        recordingId,
        engine: "pocketsphinx-test/1",
        status: "declined",
        result: { status: "declined", reason: "too_short" },
      }),
    ]);
    expect(JSON.stringify(json("suggestions"))).not.toContain("operator");
    expect(json("student-feedback")).toMatchObject([{ message: "Great week!" }]);
    const shares = json("shares");
    expect(shares).toMatchObject([{ id: share?.id, sentTo: "ada.family@example.org" }]);
    expect(JSON.stringify(shares)).not.toContain("a".repeat(64));
    expect(json("recording-views")).toMatchObject([
      { viewerKind: "teacher", viewer: `${teacher.firstName} ${teacher.lastName}` },
      { viewerKind: "shared_link", shareId: share?.id, viewer: null },
    ]);
    const consent = json("consent-records");
    expect(consent).toHaveLength(2);
    expect(consent[0].document).toMatch(/^media\/consent\/\d+\.pdf$/);
    expect(json("group-memberships")).toMatchObject([{ group: `Bluebirds ${id}` }]);
    expect(json("family-preferences")).toMatchObject([{ language: "es" }]);
    expect(json("weekly-reports")).toMatchObject([{ weekStart: "2026-11-16", status: "sent" }]);

    // Every CSV has its header row, even a record kind with nothing in it.
    for (const name of records) {
      const [header] = read(`data/${name}.csv`).toString("utf8").split("\r\n");
      expect(header?.length, name).toBeGreaterThan(2);
    }
    const csv = read("data/extension-responses.csv").toString("utf8");
    expect(csv).toContain('"The song says ""hello"""');

    // The media, byte for byte.
    expect(read(`media/recordings/${recordingId}-cold_read.mp4`).equals(video)).toBe(true);
    expect(read(`media/recordings/${recordingId}-thumbnail.jpg`).equals(thumbnail)).toBe(true);
    expect(read(consent[0].document).equals(slip)).toBe(true);
  });

  it("marks an export failed when the job cannot build it, and finds nothing for an erased student", async () => {
    const student = await newStudent();
    const { buildStudentExport } = await import("./export-zip.ts");
    const recording = await readingRow(ctx, {
      studentId: student.id,
      lessonId: lessonIds[0] as number,
      videoKey: `recordings/missing-${student.id}/video.mp4`,
    });
    expect(recording).toBeDefined();
    const [row] = await ctx.db
      .insert(studentExports)
      .values({ studentId: student.id, requestedBy: world.people.teacher.id })
      .returning({ id: studentExports.id });
    const exportId = row?.id as number;
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const run = { lastTry: true, signal: new AbortController().signal };
    const deps = { db: ctx.db, media: media(), config: ctx.config, log };
    await expect(buildStudentExport(deps, exportId, run)).rejects.toThrow();
    const [failed] = await ctx.db
      .select()
      .from(studentExports)
      .where(eq(studentExports.id, exportId));
    expect(failed).toMatchObject({ status: "failed", fileKey: null });
    await ctx.db.delete(users).where(inArray(users.id, [student.id]));
    await expect(buildStudentExport(deps, exportId, run)).resolves.toBeUndefined();
  });
});
