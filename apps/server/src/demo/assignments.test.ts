import { BENCHMARK_PLAN_ID } from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../../test/build-test-app.ts";
import { buildDemoApp } from "../../test/demo-app.ts";
import { assignments, lessons, users } from "../db/schema/index.ts";
import { generateAssignments } from "./assignments.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildDemoApp();
});
afterAll(() => ctx.close());

async function allRows() {
  return ctx.db
    .select({
      studentId: assignments.studentId,
      lessonId: assignments.lessonId,
      assignedBy: assignments.assignedBy,
      status: assignments.status,
      assignedAt: assignments.assignedAt,
      startedAt: assignments.startedAt,
      completedAt: assignments.completedAt,
      studentPlan: users.planId,
      lessonPlan: lessons.planId,
    })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.studentId))
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .orderBy(asc(assignments.studentId), asc(assignments.lessonId));
}

describe("demo assignment history", () => {
  it("gives every student two to four teacher lessons and up to two of their own, all of their level", async () => {
    // Benchmark passages the demo teachers assigned for a recording (recordings.ts) aside.
    const rows = (await allRows()).filter((r) => r.lessonPlan !== BENCHMARK_PLAN_ID);
    const students = await ctx.db.select().from(users).where(eq(users.role, "student"));
    for (const student of students) {
      const own = rows.filter((r) => r.studentId === student.id);
      const byTeacher = own.filter((r) => r.assignedBy === "teacher").length;
      expect(byTeacher).toBeGreaterThanOrEqual(2);
      expect(byTeacher).toBeLessThanOrEqual(4);
      expect(own.length - byTeacher).toBeLessThanOrEqual(2);
    }
    expect(rows.every((r) => r.studentPlan === r.lessonPlan)).toBe(true);
    expect(rows.some((r) => r.assignedBy === "auto" && r.status === "started")).toBe(true);
    for (const status of ["assigned", "started", "completed"]) {
      expect(
        rows.filter((r) => r.assignedBy === "teacher" && r.status === status).length,
      ).toBeGreaterThan(5);
    }
  });

  it("dates each step in order within the last six weeks", async () => {
    const sixWeeksAgo = Date.now() - 42 * 86_400_000;
    // Benchmark passages are given as the school year's first window opens (screening.ts).
    for (const r of (await allRows()).filter((r) => r.lessonPlan !== BENCHMARK_PLAN_ID)) {
      expect(r.assignedAt.getTime()).toBeGreaterThan(sixWeeksAgo);
      expect(r.startedAt === null).toBe(r.status === "assigned");
      expect(r.completedAt === null).toBe(r.status !== "completed");
      if (r.startedAt) expect(r.startedAt.getTime()).toBeGreaterThanOrEqual(r.assignedAt.getTime());
      if (r.completedAt && r.startedAt)
        expect(r.completedAt.getTime()).toBeGreaterThan(r.startedAt.getTime());
      expect((r.completedAt ?? r.startedAt ?? r.assignedAt).getTime()).toBeLessThanOrEqual(
        Date.now(),
      );
    }
  });

  it("is the same history every time for the same world and moment", async () => {
    const now = new Date("2026-11-20T12:00:00Z");
    await ctx.db.delete(assignments);
    const first = await generateAssignments(ctx.db, now);
    const before = await allRows();
    await ctx.db.delete(assignments);
    expect(await generateAssignments(ctx.db, now)).toBe(first);
    expect(await allRows()).toEqual(before);
  });
});
