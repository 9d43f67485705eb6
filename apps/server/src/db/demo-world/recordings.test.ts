import { BENCHMARK_PLAN_ID, READ_ALONGS_REQUIRED } from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../test/build-test-app.ts";
import {
  assignments,
  classSettings,
  lessons,
  readAlongs,
  recordings,
  users,
} from "../schema/index.ts";
import { ensureDemoWorld } from "./index.ts";
import { DEMO_RECORDING_TEACHERS, planDemoRecordings, type StudentWork } from "./recordings.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  expect(await ensureDemoWorld(ctx.db, ctx.config)).toBe(true);
}, 60_000);
afterAll(() => ctx.close());

const at = (iso: string) => new Date(`2026-11-${iso}Z`);

describe("demo recordings", () => {
  it("are planned the same way every time, each reading where the student's work allows it", () => {
    const work: StudentWork[] = Array.from({ length: 12 }, (_, i) => ({
      studentId: i + 1,
      planId: 7 + (i % 4),
      lyricsOnly: i % 5 === 0,
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
    const benchmarks = [1, 2, 3, 4].map((grade) => ({ id: 900 + grade, grade }));
    const now = at("24T12:00:00");
    const plan = planDemoRecordings(work, benchmarks, now);
    expect(planDemoRecordings(work, benchmarks, now)).toEqual(plan);

    for (const s of work) {
      const mine = plan.filter((p) => p.studentId === s.studentId);
      expect(mine.every((p) => p.lyricsOnly === s.lyricsOnly)).toBe(true);
      const hot = mine.filter((p) => p.classification === "hot_read");
      expect(hot).toEqual([expect.objectContaining({ lessonId: 200 + s.studentId - 1 })]);
      expect(hot[0]?.createdAt.getTime()).toBeGreaterThan(at("10T09:15:00").getTime());
      const [cold, ...more] = mine.filter((p) => p.classification === "cold_read");
      expect(more).toEqual([]);
      // Before the first read-along of a practised lesson, or in the one just started.
      if (cold?.lessonId === 200 + s.studentId - 1)
        expect(cold.createdAt.getTime()).toBeLessThan(at("10T09:05:00").getTime());
      else expect(cold?.createdAt.getTime()).toBeGreaterThan(at("20T09:00:00").getTime());
      for (const b of mine.filter((p) => p.classification === "benchmark")) {
        expect(b.lessonId).toBe(900 + s.planId - 6);
        expect([0, 6]).not.toContain(b.createdAt.getUTCDay());
      }
      for (const p of mine) expect(p.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const kinds = new Set(plan.map((p) => `${p.classification}:${p.lessonId >= 200}`));
    // Some cold reads pair with a hot read (a comparison), some do not; some benchmarks.
    expect(kinds).toEqual(
      new Set(["cold_read:true", "cold_read:false", "hot_read:true", "benchmark:true"]),
    );
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
        fluencyParentPermission: true,
        fluencyAdminApproval: true,
        fluencyLyricsOnly: username === "mr.patel",
      });
    }

    const rows = await ctx.db
      .select({ r: recordings, teacher: users.teacherId })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.studentId))
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
    const rows = await ctx.db.select().from(recordings);
    const plans = await ctx.db.select().from(assignments);
    const reads = await ctx.db.select().from(readAlongs).orderBy(asc(readAlongs.createdAt));
    const catalog = await ctx.db.select().from(lessons);
    const patel = await ctx.db.select().from(users).where(eq(users.username, "mr.patel"));
    const studentsOf = await ctx.db.select().from(users);
    let pairs = 0;
    for (const r of rows) {
      const student = studentsOf.find((u) => u.id === r.studentId);
      expect(r.lyricsOnly).toBe(student?.teacherId === patel[0]?.id);
      const lesson = catalog.find((l) => l.id === r.lessonId);
      const times = reads
        .filter((x) => x.studentId === r.studentId && x.lessonId === r.lessonId)
        .map((x) => x.createdAt.getTime());
      const created = r.createdAt.getTime();
      const plan = plans.find((p) => p.studentId === r.studentId && p.lessonId === r.lessonId);
      if (r.classification === "benchmark") {
        expect(lesson?.planId).toBe(BENCHMARK_PLAN_ID);
        expect(lesson?.benchmarkGrade).toBe(Math.max(1, (student?.planId ?? 0) - 6));
        expect(plan).toMatchObject({ assignedBy: "teacher" });
        expect(plan?.assignedAt.getTime()).toBeLessThan(created);
        continue;
      }
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
