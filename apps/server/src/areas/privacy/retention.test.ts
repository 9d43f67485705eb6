import { retentionMessages } from "@refrain/domain";
import { and, desc, eq } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { classInNewDistrict } from "../../../test/classes.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { storedRecording, storedShare } from "../../../test/stored-recording.ts";
import { dataFiles, mediaStore } from "../../adapters/storage.ts";
import {
  auditLog,
  deletionLedger,
  districts,
  mailOutbox,
  recordingGrades,
  recordings,
} from "../../db/schema/index.ts";
import { recordingFolder } from "../fluency/index.ts";
import { erasureStores } from "./erase.ts";
import { runRetention } from "./retention.ts";

const { ctx, world } = appWithRolesForFile();
let lessonId: number;

beforeAll(async () => {
  lessonId = (await catalogLessons(ctx)).second[0] as number;
});

const at = (iso: string) => new Date(iso);
const jobDeps = () => ({
  db: ctx.db,
  config: ctx.config,
  stores: erasureStores({
    media: mediaStore(ctx.config),
    storage: dataFiles(ctx.config.DATA_DIR),
    config: ctx.config,
  }),
  log: pino({ level: "silent" }),
});
const rowOf = async (id: number) =>
  (await ctx.db.select().from(recordings).where(eq(recordings.id, id)))[0];
const filesOf = (id: number) => mediaStore(ctx.config).list(recordingFolder(id));

/** A teacher and student in a district of their own, whose retention a test sets. */
async function classInDistrict(days: number | null) {
  const { district, teacher, student } = await classInNewDistrict(ctx);
  await ctx.db
    .update(districts)
    .set({ recordingRetentionDays: days })
    .where(eq(districts.id, district.id));
  return { teacher, student };
}

describe("the retention calls", () => {
  it("the class's kept-until dates are for class owners", async () => {
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: "/privacy/recordings/retention",
      expect: { anonymous: 401, teacher: 200, parent: 200 },
      otherwise: 403,
    });
    expect(mismatches).toEqual([]);
  });

  it("a district's retention is its district admin's to read and to set", async () => {
    for (const method of ["GET", "POST"] as const) {
      const mismatches = await checkMatrix(world, {
        method,
        url: (w) => `/privacy/districts/${w.district.id}/retention`,
        body: { days: null },
        expect: { anonymous: 401, district_admin: 200 },
        otherwise: 403,
      });
      expect(mismatches).toEqual([]);
    }
    const other = await ctx.factories.district();
    const admin = world.clients.district_admin;
    expect((await admin.get(`/privacy/districts/${other.id}/retention`)).status).toBe(404);
    expect((await admin.post(`/privacy/districts/${other.id}/retention`, { days: 5 })).status).toBe(
      404,
    );
    const [untouched] = await ctx.db.select().from(districts).where(eq(districts.id, other.id));
    expect(untouched?.recordingRetentionDays).toBeNull();
  });

  it("saves a shorter retention with an audit row, and refuses days out of range (422 by field)", async () => {
    const admin = world.clients.district_admin;
    const url = `/privacy/districts/${world.district.id}/retention`;
    for (const days of [-1, 731, 2.5, "ten"]) {
      const refused = await admin.post(url, { days });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(["days"]);
    }
    const saved = await admin.post(url, { days: 60 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: retentionMessages.districtSaved,
      data: { days: 60, productDefault: expect.stringContaining("(June 30)") },
    });
    expect((await admin.get(url)).body.data.days).toBe(60);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "district.recording_retention"),
          eq(auditLog.actorId, world.people.district_admin.id),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.details).toEqual({ districtId: world.district.id, from: null, to: 60 });
    expect((await admin.post(url, { days: null })).body.data.days).toBeNull();
  });
});

describe("the daily retention job", () => {
  it("removes media past the school year's end plus grace, keeps the row and its grades", async () => {
    const { teacher, student } = await classInDistrict(null);
    const old = await storedRecording(ctx, {
      studentId: student.id,
      lessonId,
      createdAt: at("2025-10-01T10:00:00Z"),
      gradedAt: at("2025-10-02T10:00:00Z"),
    });
    const current = await storedRecording(ctx, {
      studentId: student.id,
      lessonId,
      createdAt: at("2026-10-01T10:00:00Z"),
    });
    const { token } = await storedShare(ctx, old, teacher.id, "family@example.org");
    // 29 July 2026: the grace after 30 June has a day to go.
    await runRetention(jobDeps(), at("2026-07-29T03:15:00Z"));
    expect((await rowOf(old))?.mediaPurgedAt).toBeNull();

    const now = at("2026-07-30T03:15:00Z");
    expect((await runRetention(jobDeps(), now)).recordings).toBeGreaterThanOrEqual(1);
    expect(await rowOf(old)).toMatchObject({
      mediaPurgedAt: now,
      sourceKey: null,
      videoKey: null,
      thumbnailKey: null,
      status: "complete",
    });
    expect(await filesOf(old)).toEqual([]);
    const grades = await ctx.db
      .select()
      .from(recordingGrades)
      .where(eq(recordingGrades.recordingId, old));
    expect(grades).toHaveLength(1);
    const ledger = await ctx.db
      .select()
      .from(deletionLedger)
      .where(and(eq(deletionLedger.subject, "recording_media"), eq(deletionLedger.subjectId, old)));
    // In the erasure's form, so the sweep and a replay after a restore read it alike.
    expect(ledger).toMatchObject([
      { pendingKeys: [], filesRemovedAt: expect.any(Date), deletedAt: expect.any(Date) },
    ]);
    // The newer reading stays with its files.
    expect((await rowOf(current))?.mediaPurgedAt).toBeNull();
    expect(await filesOf(current)).toHaveLength(3);

    // Its media is gone for everyone: the teacher's player, the list and the family's link.
    const client = ctx.client();
    await client.signIn(teacher);
    const video = await client.get(`/media/recordings/${old}/video`);
    expect(video.status).toBe(410);
    expect(video.body.message).toBe(retentionMessages.removed);
    const list = await client.get("/teacher/recordings/all?type=all");
    const listed = list.body.data.find((r: { id: number }) => r.id === old);
    expect(listed).toMatchObject({ video_url: null, thumbnail_url: null });
    expect((await ctx.clientFromNewAddress().get(`/shared/recordings/${token}/video`)).status).toBe(
      410,
    );
    // Nor can it be shared again.
    const share = await client.post(`/teacher/recordings/${old}/share`, {
      to: "family@example.org",
      subject: "A reading",
      body: "Have a look.",
    });
    expect(share.status).toBe(410);
    expect(share.body.message).toBe(retentionMessages.removed);
    const kept = await client.get("/privacy/recordings/retention");
    expect(kept.body.data).toEqual(
      expect.arrayContaining([
        {
          id: old,
          keptUntil: "2026-07-30T00:00:00.000Z",
          untilGraded: false,
          purgedAt: now.toISOString(),
        },
        { id: current, keptUntil: "2027-07-30T00:00:00.000Z", untilGraded: false, purgedAt: null },
      ]),
    );
    // A second run finds nothing more to do and writes no second ledger row.
    await runRetention(jobDeps(), now);
    const again = await ctx.db
      .select()
      .from(deletionLedger)
      .where(eq(deletionLedger.subjectId, old));
    expect(again).toHaveLength(1);
  });

  it("follows a district's shorter days, and 0 removes graded readings only", async () => {
    const short = await classInDistrict(30);
    const made = at("2026-10-01T10:00:00Z");
    const expired = await storedRecording(ctx, {
      studentId: short.student.id,
      lessonId,
      createdAt: made,
    });
    const recent = await storedRecording(ctx, {
      studentId: short.student.id,
      lessonId,
      createdAt: at("2026-11-10T10:00:00Z"),
    });
    const none = await classInDistrict(0);
    const graded = await storedRecording(ctx, {
      studentId: none.student.id,
      lessonId,
      createdAt: at("2026-11-20T10:00:00Z"),
      gradedAt: at("2026-11-21T10:00:00Z"),
    });
    const ungraded = await storedRecording(ctx, {
      studentId: none.student.id,
      lessonId,
      createdAt: at("2026-11-20T10:00:00Z"),
    });
    await runRetention(jobDeps(), at("2026-11-27T03:15:00Z"));
    expect((await rowOf(expired))?.mediaPurgedAt).not.toBeNull();
    expect((await rowOf(recent))?.mediaPurgedAt).toBeNull();
    expect((await rowOf(graded))?.mediaPurgedAt).not.toBeNull();
    expect((await rowOf(ungraded))?.mediaPurgedAt).toBeNull();
    expect(await filesOf(ungraded)).toHaveLength(3);

    const client = ctx.client();
    await client.signIn(none.teacher);
    const kept = await client.get("/privacy/recordings/retention");
    expect(kept.body.data.find((r: { id: number }) => r.id === ungraded)).toMatchObject({
      untilGraded: true,
      purgedAt: null,
    });
  });

  it("deletes outbox messages older than OUTBOX_RETENTION_DAYS with their attachment files", async () => {
    const files = dataFiles(ctx.config.DATA_DIR);
    const now = at("2026-11-27T03:15:00Z");
    const day = 86_400_000;
    const insert = async (createdAt: Date) => {
      const [row] = await ctx.db
        .insert(mailOutbox)
        .values({ to: "p@example.org", subject: "Week", text: "…", transport: "outbox", createdAt })
        .returning({ id: mailOutbox.id });
      const id = row?.id as number;
      const storageKey = `mail/${id}/0-report.pdf`;
      await files.put(storageKey, Buffer.from("%PDF"));
      await ctx.db
        .update(mailOutbox)
        .set({
          attachments: [
            { filename: "report.pdf", contentType: "application/pdf", size: 4, storageKey },
          ],
        })
        .where(eq(mailOutbox.id, id));
      return { id, storageKey };
    };
    const old = await insert(new Date(now.getTime() - 91 * day));
    const young = await insert(new Date(now.getTime() - 89 * day));
    expect((await runRetention(jobDeps(), now)).outbox).toBe(1);
    const left = (await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id);
    expect(left).toContain(young.id);
    expect(left).not.toContain(old.id);
    expect(await files.size(old.storageKey)).toBeNull();
    expect(await files.size(young.storageKey)).toBe(4);
  });
});
