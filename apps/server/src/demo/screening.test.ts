import {
  aimAt,
  type ClassMonitoring,
  dayOf,
  gradeOfPlan,
  type ReachScreening,
  type StudentMonitoring,
} from "@refrain/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../../test/build-test-app.ts";
import { buildDemoApp } from "../../test/demo-app.ts";
import { classScreeningToday } from "../areas/screening/index.ts";
import {
  assignments,
  consentRecords,
  lessons,
  readAlongs,
  recordings,
  users,
} from "../db/schema/index.ts";
import { DEMO_ADULT_PASSWORD } from "./index.ts";
import { type LevelLesson, planDemoScreening, type ScreeningInput } from "./plan/screening.ts";

/** A class of 22 (grades 1–3) and one of 6, each with six lessons of their level never read. */
function input(): ScreeningInput {
  const students = Array.from({ length: 28 }, (_, i) => ({
    id: i + 1,
    firstName: `Kid${i}`,
    teacherId: i < 22 ? 100 : 101,
    classIdx: i < 22 ? 0 : 1,
    planId: 7 + (i % 3),
    lyricsOnly: i >= 22,
  }));
  const lessonsOf = (planId: number): LevelLesson[] =>
    Array.from({ length: 6 }, (_, k) => ({ lessonId: planId * 10 + k, firstReadAlong: null }));
  return {
    students,
    passages: new Map([1, 2, 3].map((g) => [g, [900 + g * 3, 901 + g * 3, 902 + g * 3]])),
    levelLessons: new Map(students.map((s) => [s.id, lessonsOf(s.planId)])),
  };
}

describe("the demo's screening, planned", () => {
  it("after the fall window: every student read their three passages in it, graded; three monitored", () => {
    const now = new Date("2026-11-29T19:00:00Z");
    const plan = planDemoScreening(input(), now);
    expect(planDemoScreening(input(), now)).toEqual(plan);
    const benchmarks = plan.readings.filter((r) => r.classification === "benchmark");
    for (const r of benchmarks) {
      expect(dayOf(r.createdAt) >= "2026-09-01" && dayOf(r.createdAt) <= "2026-10-31").toBe(true);
      expect([0, 6]).not.toContain(r.createdAt.getUTCDay());
      expect(r.grade?.gradedAt.getTime()).toBeGreaterThan(r.createdAt.getTime());
    }
    // 28 students, three passages each but the incomplete one of each class.
    expect(benchmarks).toHaveLength(28 * 3 - 2);
    expect(plan.plans).toHaveLength(3);
    expect(plan.plans.every((p) => p.teacherId === 100)).toBe(true);
    for (const p of plan.plans) {
      const points = plan.readings.filter(
        (r) => r.studentId === p.studentId && r.classification === "cold_read",
      );
      expect(p.startedOn > "2026-09-01").toBe(true);
      expect(p.goalOn).toBe("2027-05-31");
      expect(p.goalWcpm).toBeGreaterThan(p.baselineWcpm);
      expect(new Set(points.map((x) => x.lessonId)).size).toBe(points.length);
      for (const x of points) expect(x.createdAt.getTime()).toBeGreaterThan(p.createdAt.getTime());
    }
    const [flagged, decided, steady] = plan.plans;
    const pointsOf = (studentId: number | undefined) =>
      plan.readings.filter((r) => r.studentId === studentId && r.classification === "cold_read");
    const aim = (p: typeof flagged) => ({
      from: { day: p?.startedOn ?? "", wcpm: p?.baselineWcpm ?? 0 },
      to: { day: p?.goalOn ?? "", wcpm: p?.goalWcpm ?? 0 },
    });
    const flaggedPoints = pointsOf(flagged?.studentId);
    expect(flaggedPoints.length).toBeGreaterThanOrEqual(6);
    for (const x of flaggedPoints.slice(-4))
      expect(x.grade?.wcpm).toBeLessThan(aimAt(aim(flagged), dayOf(x.createdAt)));
    expect(decided?.decisions.map((d) => d.kind)).toEqual(["change_intervention"]);
    expect(pointsOf(decided?.studentId).length).toBeGreaterThanOrEqual(6);
    expect(steady?.cadenceDays).toBe(14);
  });

  it("in a window open today: a few have not read, the last two days' readings wait for a grade", () => {
    const now = new Date("2027-01-20T19:00:00Z");
    const plan = planDemoScreening(input(), now);
    const winter = plan.readings.filter(
      (r) => r.classification === "benchmark" && dayOf(r.createdAt) >= "2027-01-01",
    );
    const readers = new Set(winter.map((r) => r.studentId));
    expect(readers.size).toBeLessThan(28 - 3);
    for (const p of plan.plans) expect(readers.has(p.studentId)).toBe(false);
    expect(winter.every((r) => dayOf(r.createdAt) < "2027-01-20")).toBe(true);
    const waiting = winter.filter((r) => r.grade === null);
    expect(waiting.length).toBeGreaterThan(0);
    for (const r of waiting)
      expect(now.getTime() - r.createdAt.getTime()).toBeLessThan(2 * 86_400_000);
  });

  it("before the fall window: nothing to screen yet", () => {
    const plan = planDemoScreening(input(), new Date("2026-08-20T19:00:00Z"));
    expect(plan.readings).toEqual([]);
    expect(plan.plans).toEqual([]);
  });
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildDemoApp();
}, 60_000);
afterAll(() => ctx.close());

/** Whether the world's day has a window finished this school year (then plans are made). */
const planned = planDemoScreening(
  { students: [], passages: new Map(), levelLessons: new Map() },
  new Date(),
).windows.some((w) => w.end < dayOf(new Date()));

describe("the demo world's screening", () => {
  it("gives ms.rivera's class tiers in the window standing today, and one student incomplete", async () => {
    const [rivera] = await ctx.db.select().from(users).where(eq(users.username, "ms.rivera"));
    const { students } = await classScreeningToday(ctx.db, rivera?.id ?? 0);
    const results = [...students.values()].map((s) => s.result);
    const tiers = results.flatMap((r) => (r?.status === "scored" ? [r.tier] : []));
    if (!planned && results.every((r) => r?.status !== "scored")) return;
    expect(new Set(tiers)).toEqual(new Set(["at_or_above", "below", "well_below"]));
    expect(tiers.filter((t) => t === "at_or_above").length).toBeGreaterThan(tiers.length / 2);
    expect(results.some((r) => r?.status === "incomplete" && r.confirmed === 2)).toBe(true);
  });

  it.runIf(planned)(
    "monitors three of her students: one flagged, one with a decision, trends from six points",
    async () => {
      const client = ctx.client();
      await client.signIn({
        role: "teacher",
        username: "ms.rivera",
        password: DEMO_ADULT_PASSWORD,
      });
      const { body } = await client.get("/screening/monitoring");
      const monitoring = body.data as ClassMonitoring;
      expect(monitoring.plans).toHaveLength(3);
      expect(monitoring.plans.filter((p) => p.flag === "change_intervention")).toHaveLength(1);
      expect(monitoring.plans.some((p) => p.points >= 6 && p.roi !== null)).toBe(true);
      // Students below benchmark without a plan are still listed for one.
      expect(monitoring.candidates.length).toBeGreaterThan(0);
      const details = await Promise.all(
        monitoring.plans.map(async (p) => {
          const reply = await client.get(`/screening/monitoring/students/${p.student.id}`);
          return reply.body.data as StudentMonitoring;
        }),
      );
      expect(details.flatMap((d) => d.plan?.decisions ?? []).map((d) => d.kind)).toEqual([
        "change_intervention",
      ]);
      expect(details.some((d) => d.plan?.trend !== null)).toBe(true);
    },
  );

  it("gives the district admin figures for both schools with recording classes", async () => {
    const client = ctx.client();
    await client.signIn({
      role: "district_admin",
      username: "dr.santos",
      password: DEMO_ADULT_PASSWORD,
    });
    const { body } = await client.get("/screening/summary");
    const summary = body.data as ReachScreening;
    if (!planned && summary.counts.at_or_above === 0) return;
    const screened = summary.schools.filter((s) => s.counts.at_or_above + s.counts.below > 0);
    expect(screened.map((s) => s.name).sort()).toEqual([
      "Cedar Hill Elementary",
      "Maple Grove Elementary",
    ]);
    // The district lists its schools; each opens with its classes.
    expect(summary.classes).toEqual([]);
    const classes = await Promise.all(
      screened.map(async (s) => {
        const opened = await client.get(`/screening/summary?school=${s.id}`);
        return (opened.body.data as ReachScreening).classes;
      }),
    );
    expect(classes.flat().filter((c) => c.counts.at_or_above > 0)).toHaveLength(4);
  });

  it("makes each reading one a student could: consent on file, passages assigned, cold before practice", async () => {
    const rows = await ctx.db
      .select({ r: recordings, planId: users.planId, lesson: lessons })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.studentId))
      .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
      .orderBy(asc(recordings.id));
    const ids = [...new Set(rows.map((x) => x.r.studentId))];
    const consents = await ctx.db
      .select()
      .from(consentRecords)
      .where(inArray(consentRecords.studentId, ids));
    const given = await ctx.db
      .select()
      .from(assignments)
      .where(and(inArray(assignments.studentId, ids), eq(assignments.assignedBy, "teacher")));
    const reads = await ctx.db.select().from(readAlongs).where(inArray(readAlongs.studentId, ids));
    const seen = new Set<string>();
    for (const { r, planId, lesson } of rows) {
      const day = dayOf(r.createdAt);
      const mine = consents.filter((c) => c.studentId === r.studentId);
      expect(mine.filter((c) => c.givenOn <= day)).toHaveLength(2);
      if (r.classification === "benchmark") {
        expect(lesson.benchmarkGrade).toBe(gradeOfPlan(planId ?? 6));
        const assigned = given.find(
          (a) => a.studentId === r.studentId && a.lessonId === r.lessonId,
        );
        expect(assigned?.assignedAt.getTime()).toBeLessThan(r.createdAt.getTime());
      }
      if (r.classification === "cold_read") {
        const key = `${r.studentId}|${r.lessonId}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        const first = reads
          .filter((x) => x.studentId === r.studentId && x.lessonId === r.lessonId)
          .map((x) => x.createdAt.getTime());
        if (first.length > 0) expect(r.createdAt.getTime()).toBeLessThan(Math.min(...first));
      }
    }
  });
});
