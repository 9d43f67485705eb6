import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  gradeBody,
  READ_ALONGS_REQUIRED,
  SHARE_LINK_DAYS_DEFAULT,
  setsLastWord,
} from "@refrain/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../../test/build-test-app.ts";
import { buildDemoApp } from "../../test/demo-app.ts";
import { planReading } from "../areas/fluency/index.ts";
import {
  assignments,
  classSettings,
  lessons,
  lessonWords,
  monitoringPlans,
  readAlongs,
  recordingGrades,
  recordingShares,
  recordings,
  users,
} from "../db/schema/index.ts";
import { DEMO_SHARE_TOKEN, demoShareLink, type GradableReading, planDemoGrades } from "./grades.ts";
import { DEMO_RECORDING_TEACHERS, planDemoRecordings, type StudentWork } from "./recordings.ts";
import { demoReadingClip } from "./recordings-media.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildDemoApp();
}, 60_000);
afterAll(() => ctx.close());

const at = (iso: string) => new Date(`2026-11-${iso}Z`);

/** The readings this file's planners made: benchmarks and monitored students' cold reads are screening.ts's. */
const notScreening = sql`${recordings.classification} <> 'benchmark' and not (${recordings.classification} = 'cold_read' and exists (select 1 from ${monitoringPlans} m where m.student_id = ${recordings.studentId}))`;

describe("demo recordings", () => {
  it("are planned the same way every time, each reading where the student's work allows it", () => {
    const work: StudentWork[] = Array.from({ length: 12 }, (_, i) => ({
      studentId: i + 1,
      planId: 7 + (i % 4),
      lyricsOnly: i % 5 === 0,
      monitored: i === 11,
      lessons: [
        { lessonId: 100 + i, status: "started", startedAt: at("20T09:00:00"), readAlongs: [] },
        {
          lessonId: 200 + i,
          status: "completed",
          startedAt: at("10T09:00:00"),
          readAlongs: [at("10T09:05:00"), at("10T09:10:00"), at("10T09:15:00")],
        },
      ],
    }));
    const now = at("24T12:00:00");
    const plan = planDemoRecordings(work, now);
    expect(planDemoRecordings(work, now)).toEqual(plan);

    for (const s of work) {
      const mine = plan.filter((p) => p.studentId === s.studentId);
      expect(mine.every((p) => p.lyricsOnly === s.lyricsOnly)).toBe(true);
      const hot = mine.filter((p) => p.classification === "hot_read");
      expect(hot).toEqual([expect.objectContaining({ lessonId: 200 + s.studentId - 1 })]);
      expect(hot[0]?.createdAt.getTime()).toBeGreaterThan(at("10T09:15:00").getTime());
      const [cold, ...more] = mine.filter((p) => p.classification === "cold_read");
      expect(more).toEqual([]);
      if (s.monitored) continue;
      // Before the first read-along of a practised lesson, or in the one just started.
      if (cold?.lessonId === 200 + s.studentId - 1)
        expect(cold.createdAt.getTime()).toBeLessThan(at("10T09:05:00").getTime());
      else expect(cold?.createdAt.getTime()).toBeGreaterThan(at("20T09:00:00").getTime());
      for (const p of mine) expect(p.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const kinds = new Set(plan.map((p) => `${p.classification}:${p.lessonId >= 200}`));
    // Some cold reads pair with a hot read (a comparison), some do not; benchmarks are
    // screening's, and so are a monitored student's cold reads.
    expect(plan.filter((p) => p.studentId === 12).map((p) => p.classification)).toEqual([
      "hot_read",
    ]);
    expect(kinds).toEqual(new Set(["cold_read:true", "cold_read:false", "hot_read:true"]));
  });

  it("switch recording on with consent for the demo teachers and are queued without a file", async () => {
    const settings = await ctx.db
      .select({ username: users.username, s: classSettings })
      .from(classSettings)
      .innerJoin(users, eq(users.id, classSettings.teacherId))
      .orderBy(asc(users.username));
    expect(settings.map((r) => r.username)).toEqual([...DEMO_RECORDING_TEACHERS].sort());
    for (const { username, s } of settings) {
      expect(s).toMatchObject({
        recordStudentFluency: true,
        fluencyLyricsOnly: username === "mr.patel",
      });
    }
    // Every student of those classes has both consents on file, so the demo still records.
    const unconsented = await ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(classSettings, eq(classSettings.teacherId, users.teacherId))
      .where(
        and(
          eq(users.role, "student"),
          sql`(select count(distinct kind) from consent_records c where c.student_id = ${users.id} and c.withdrawn_at is null) < 2`,
        ),
      );
    expect(unconsented).toEqual([]);

    const rows = await ctx.db
      .select({ r: recordings, teacher: users.teacherId })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.studentId))
      .where(notScreening)
      .orderBy(asc(recordings.id));
    const students = await ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(classSettings, eq(classSettings.teacherId, users.teacherId));
    // A few per student of the recording classes; the parent's children have none.
    expect(rows.length).toBeGreaterThanOrEqual(students.length * 1.2);
    expect(rows.length).toBeLessThanOrEqual(students.length * 3);
    expect(new Set(rows.map((r) => r.r.studentId)).size).toBeGreaterThan(students.length * 0.8);
    for (const { r } of rows)
      expect(r).toMatchObject({
        status: "queued",
        sourceKey: null,
        sourceBytes: null,
        sourceType: r.lyricsOnly ? "audio/webm" : "video/webm",
        attempts: 0,
      });
  });

  it("fit each student's progress: cold before the first read-along, hot after the third", async () => {
    const rows = await ctx.db.select().from(recordings).where(notScreening);
    const plans = await ctx.db.select().from(assignments);
    const reads = await ctx.db.select().from(readAlongs).orderBy(asc(readAlongs.createdAt));
    const patel = await ctx.db.select().from(users).where(eq(users.username, "mr.patel"));
    const studentsOf = await ctx.db.select().from(users);
    let pairs = 0;
    for (const r of rows) {
      const student = studentsOf.find((u) => u.id === r.studentId);
      expect(r.lyricsOnly).toBe(student?.teacherId === patel[0]?.id);
      const times = reads
        .filter((x) => x.studentId === r.studentId && x.lessonId === r.lessonId)
        .map((x) => x.createdAt.getTime());
      const created = r.createdAt.getTime();
      const plan = plans.find((p) => p.studentId === r.studentId && p.lessonId === r.lessonId);
      expect(plan?.status).not.toBe("assigned");
      expect(created).toBeGreaterThanOrEqual(plan?.startedAt?.getTime() ?? Infinity);
      if (r.classification === "cold_read") {
        if (times.length > 0) expect(created).toBeLessThan(times[0] as number);
        if (
          rows.some(
            (o) =>
              o.classification === "hot_read" &&
              o.lessonId === r.lessonId &&
              o.studentId === r.studentId,
          )
        )
          pairs++;
      } else {
        expect(times.length).toBeGreaterThanOrEqual(READ_ALONGS_REQUIRED);
        expect(created).toBeGreaterThan(times[READ_ALONGS_REQUIRED - 1] as number);
      }
    }
    expect(pairs).toBeGreaterThan(0);
  });
});

/** A demo grade as a teacher's form would send it: the demo world's come from no form, no form id. */
const asSent = (grade: object) => ({ ...grade, submission: randomUUID() });

describe("demo grades", () => {
  it("are planned the same way every time, leaving the last few days' readings new", () => {
    const now = at("24T12:00:00");
    const words = "the quick brown fox jumps over the lazy dog again and again".split(" ");
    const readings: GradableReading[] = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      teacherId: 7,
      createdAt: new Date(now.getTime() - (i % 10) * 86_400_000 - 3_600_000),
      classification: (["cold_read", "hot_read", "benchmark"] as const)[i % 3] ?? "cold_read",
      lyricsOnly: i % 4 === 0,
      slug: `lesson-${i % 5}`,
      title: "Lesson",
      firstName: `Kid${i}`,
      lastName: "Demo",
      words: words.map((text, position) => ({ id: 1000 + position, text })),
    }));
    const plan = planDemoGrades(readings, now);
    expect(planDemoGrades(readings, now)).toEqual(plan);
    const graded = new Set(plan.map((g) => g.recordingId));
    for (const r of readings) {
      const recent = now.getTime() - r.createdAt.getTime() < 3 * 86_400_000;
      if (recent) expect(graded.has(r.id)).toBe(false);
    }
    // Most older readings are graded, not all: the New tab has old readings too.
    const older = readings.filter((r) => now.getTime() - r.createdAt.getTime() >= 3 * 86_400_000);
    expect(graded.size).toBeGreaterThan(older.length / 2);
    expect(graded.size).toBeLessThan(older.length);
    for (const g of plan) {
      expect(g.createdAt.getTime()).toBeLessThan(now.getTime());
      expect(gradeBody.safeParse(asSent(g)).success).toBe(true);
    }
  });

  it("grade part of each class's readings by its teacher, marking the words the clip misses", async () => {
    const now = Date.now();
    const rows = await ctx.db
      .select({ r: recordings, student: users, lesson: lessons })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.studentId))
      .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
      .orderBy(asc(recordings.id));
    const ours = new Set(
      (await ctx.db.select({ id: recordings.id }).from(recordings).where(notScreening)).map(
        (r) => r.id,
      ),
    );
    const grades = await ctx.db.select().from(recordingGrades);
    const words = await ctx.db.select().from(lessonWords).orderBy(asc(lessonWords.position));
    const teachers = await ctx.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.role, "teacher"));
    const gradedOf = new Map<string, { graded: number; fresh: number }>();
    for (const { r, student, lesson } of rows) {
      const teacher = teachers.find((t) => t.id === student.teacherId)?.username ?? "";
      const counts = gradedOf.get(teacher) ?? { graded: 0, fresh: 0 };
      const mine = grades.filter((g) => g.recordingId === r.id);
      gradedOf.set(teacher, {
        graded: counts.graded + (mine.length > 0 ? 1 : 0),
        fresh: counts.fresh + (mine.length > 0 ? 0 : 1),
      });
      const [grade, ...more] = mine;
      expect(more).toEqual([]);
      // Screening's scores are chosen, not read off the clip (screening.test.ts).
      if (!ours.has(r.id)) continue;
      if (!grade) {
        expect(r.gradedAt).toBeNull();
        continue;
      }
      expect(r.gradedAt).toEqual(grade.createdAt);
      expect(grade.gradedBy).toBe(student.teacherId);
      expect(grade.createdAt.getTime()).toBeGreaterThan(r.createdAt.getTime());
      expect(grade.createdAt.getTime()).toBeLessThan(now);
      expect(grade.feedback).toContain(student.firstName);
      expect(gradeBody.safeParse(asSent(grade)).success).toBe(true);
      // The very words the synthetic reader skipped or swapped, all within the passage.
      const passage = words.filter((w) => w.lessonId === r.lessonId);
      const reading = {
        ...student,
        slug: lesson.slug,
        title: lesson.title,
        classification: r.classification as "cold_read",
        lyricsOnly: r.lyricsOnly,
      };
      const { clip } = demoReadingClip(
        reading,
        passage.map((w) => w.text),
      );
      const slips = planReading(clip.words, clip.seed, clip.seconds, clip.practised);
      const slipped = new Set([...slips.omitted, ...slips.substituted.map((x) => x.index)]);
      const positions = grade.selectedWordIds.map((id) => passage.findIndex((w) => w.id === id));
      for (const position of positions) expect(slipped.has(position)).toBe(true);
      const last = passage.findIndex((w) => w.id === grade.lastWordId);
      // The last word read may itself be one the reader swapped.
      if (setsLastWord(reading)) expect(last).toBeGreaterThanOrEqual(Math.max(0, ...positions));
      else expect(grade.lastWordId).toBeNull();
    }
    // Every recording class has readings.
    expect([...gradedOf.keys()].sort()).toEqual([...DEMO_RECORDING_TEACHERS].sort());
    // Every recording class shows graded readings; ms.rivera's (the README's) New ones beside.
    for (const { graded } of gradedOf.values()) expect(graded).toBeGreaterThan(0);
    expect(gradedOf.get("ms.rivera")?.fresh).toBeGreaterThan(0);
    expect(grades.some((g) => g.selectedWordIds.length >= 2)).toBe(true);
  });

  it("share one graded reading of ms.rivera's class with the family on file", async () => {
    const shares = await ctx.db
      .select({ s: recordingShares, r: recordings, student: users })
      .from(recordingShares)
      .innerJoin(recordings, eq(recordings.id, recordingShares.recordingId))
      .innerJoin(users, eq(users.id, recordings.studentId));
    expect(shares).toHaveLength(1);
    const { s, r, student } = shares[0] as (typeof shares)[number];
    const [rivera] = await ctx.db.select().from(users).where(eq(users.username, "ms.rivera"));
    expect(s.teacherId).toBe(rivera?.id);
    expect(student.teacherId).toBe(rivera?.id);
    expect(r.gradedAt).not.toBeNull();
    expect(s.email).toBe(student.parentEmail);
    expect(s.tokenHash).toBe(createHash("sha256").update(DEMO_SHARE_TOKEN).digest("hex"));
    expect(s.expiresAt.getTime() - s.createdAt.getTime()).toBe(
      SHARE_LINK_DAYS_DEFAULT * 86_400_000,
    );
    expect(s.revokedAt).toBeNull();
    expect(await demoShareLink(ctx.db, "http://localhost:3000/")).toBe(
      `http://localhost:3000/shared/recordings/${DEMO_SHARE_TOKEN}`,
    );
    // The README gives the link to whoever tries the demo without reading the banner.
    const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(`/shared/recordings/${DEMO_SHARE_TOKEN}`);
  });
});
