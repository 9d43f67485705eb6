import {
  type AimLine,
  accuracyPercent,
  correctWordsPerMinute,
  currentWindow,
  type DecisionRow,
  dayOf,
  decisionFlag,
  expectedRoi,
  gradeOfPlan,
  type MonitoringPointRow,
  monitoringDue,
  type PlanDetail,
  type PlanSummary,
  schoolYearNumber,
  trendAt,
  trendLine,
  windowsOnly,
} from "@refrain/domain";
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  lessons,
  monitoringDecisions,
  type monitoringPlans,
  recordingGrades,
  recordings,
  users,
} from "../../db/schema/index.ts";
import type { Screened } from "./results.ts";
import { scopeOfClass, windowsIn } from "./windows.ts";

/**
 * A monitoring plan's figures (issue 39 part 4, docs/decisions/0037): its points, the
 * teacher's decisions, and where it stands (due, trend, the four-point flag), read for many
 * plans at once. A plan's points are the student's graded readings of unpracticed text at their
 * grade after the plan began: cold reads of lessons of their reading level, and benchmark
 * passages of their grade (decision 0037, "What a monitoring point is"). Nothing is stored
 * twice: a grade changed later changes the point.
 */

export type PlanRow = typeof monitoringPlans.$inferSelect;
export interface Point extends MonitoringPointRow {
  studentId: number;
  /** Who gave the grade that counts. */
  gradedBy: number | null;
}

/**
 * The graded readings that are monitoring points of these students read from the moment `since`
 * on, oldest first. A plan's are those read after it was started: the screening readings that
 * gave its baseline are not points of it.
 */
export async function pointsOf(
  db: Db,
  students: readonly { id: number; planId: number | null }[],
  since: Date,
): Promise<Point[]> {
  if (students.length === 0) return [];
  const levels = new Map(students.map((s) => [s.id, s.planId ?? 6]));
  // Each reading with its newest grade (the one that counts), graded readings only.
  const rows = await db
    .selectDistinctOn([recordings.id], {
      studentId: recordings.studentId,
      recordingId: recordings.id,
      classification: recordings.classification,
      createdAt: recordings.createdAt,
      lessonPlanId: lessons.planId,
      benchmarkGrade: lessons.benchmarkGrade,
      title: lessons.title,
      wpm: recordingGrades.wpm,
      accuracy: recordingGrades.accuracy,
      gradedBy: recordingGrades.gradedBy,
    })
    .from(recordings)
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .innerJoin(recordingGrades, eq(recordingGrades.recordingId, recordings.id))
    .where(
      and(
        inArray(recordings.studentId, [...levels.keys()]),
        inArray(recordings.classification, ["cold_read", "benchmark"]),
        gte(recordings.createdAt, since),
      ),
    )
    .orderBy(recordings.id, desc(recordingGrades.createdAt), desc(recordingGrades.id));
  return rows
    .filter((r) => {
      const level = levels.get(r.studentId) ?? 6;
      return r.classification === "cold_read"
        ? r.lessonPlanId === level
        : r.benchmarkGrade === gradeOfPlan(level);
    })
    .flatMap((r) => {
      // A reading graded with no words read (wpm 0) has no score to plot.
      const wcpm = correctWordsPerMinute(r.wpm, r.accuracy);
      const accuracy = accuracyPercent(r.wpm, r.accuracy);
      if (wcpm === null || accuracy === null) return [];
      const at = r.createdAt.toISOString();
      return [
        {
          studentId: r.studentId,
          recordingId: r.recordingId,
          day: dayOf(r.createdAt),
          at,
          wcpm,
          accuracy,
          title: r.title,
          gradedBy: r.gradedBy,
        },
      ];
    })
    .sort((a, b) => a.at.localeCompare(b.at) || a.recordingId - b.recordingId);
}

/** Each plan's decisions, oldest first. */
export async function decisionsOf(
  db: Db,
  planIds: readonly number[],
): Promise<Map<number, DecisionRow[]>> {
  const byPlan = new Map<number, DecisionRow[]>();
  if (planIds.length === 0) return byPlan;
  const decider = alias(users, "decider");
  const rows = await db
    .select({
      planId: monitoringDecisions.planId,
      id: monitoringDecisions.id,
      kind: monitoringDecisions.kind,
      goal: monitoringDecisions.goalWcpm,
      note: monitoringDecisions.note,
      decidedAt: monitoringDecisions.decidedAt,
      firstName: decider.firstName,
      lastName: decider.lastName,
    })
    .from(monitoringDecisions)
    .leftJoin(decider, eq(decider.id, monitoringDecisions.decidedBy))
    .where(inArray(monitoringDecisions.planId, [...planIds]))
    .orderBy(monitoringDecisions.decidedAt, monitoringDecisions.id);
  for (const r of rows) {
    const list = byPlan.get(r.planId) ?? [];
    list.push({
      id: r.id,
      kind: r.kind,
      goal: r.goal,
      note: r.note,
      decidedAt: r.decidedAt.toISOString(),
      decidedBy: [r.firstName, r.lastName].filter(Boolean).join(" ") || "A former teacher",
    });
    byPlan.set(r.planId, list);
  }
  return byPlan;
}

const aimOf = (plan: PlanRow): AimLine => ({
  from: { day: plan.startedOn, wcpm: plan.baselineWcpm },
  to: { day: plan.goalOn, wcpm: plan.goalWcpm },
});

/** A plan as the class list shows it: where it stands today. */
export function summaryOf(
  plan: PlanRow,
  student: Screened,
  points: readonly Point[],
  decisions: readonly DecisionRow[],
  today: string,
): PlanSummary {
  const last = points.at(-1) ?? null;
  const trend = trendLine(points);
  const open = plan.endedOn === null;
  const decidedAt = decisions.at(-1)?.decidedAt ?? null;
  return {
    id: plan.id,
    student: {
      id: student.id,
      name: `${student.firstName} ${student.lastName}`.trim(),
      grade: gradeOfPlan(student.planId ?? 6),
    },
    startedOn: plan.startedOn,
    cadenceDays: plan.cadenceDays,
    tier: plan.tier,
    baseline: { day: plan.startedOn, wcpm: plan.baselineWcpm },
    goal: { day: plan.goalOn, wcpm: plan.goalWcpm },
    points: points.length,
    sinceDecision: points.filter((p) => decidedAt === null || p.at > decidedAt).length,
    last: last && { day: last.day, wcpm: last.wcpm },
    due: open
      ? monitoringDue(last?.day ?? plan.startedOn, plan.cadenceDays, today)
      : { status: "not_due", next: plan.endedOn ?? today },
    roi: trend && Math.round(trend.perWeek * 10) / 10,
    flag: open ? decisionFlag(points, aimOf(plan), decidedAt) : null,
  };
}

/** A student as monitoring reads them. */
export const screened = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  planId: users.planId,
};

/**
 * Plans in full, with the lines drawn through their points: the students' points, the plans'
 * decisions and the class's windows read once for all of them. `students` are the plans'
 * students, of one class (`teacherId`'s).
 */
export async function detailsOf(
  db: Db,
  teacherId: number,
  plans: readonly { plan: PlanRow; student: Screened }[],
  today: string,
): Promise<PlanDetail[]> {
  if (plans.length === 0) return [];
  const scope = await scopeOfClass(db, teacherId);
  const years = [...new Set(plans.map((p) => schoolYearNumber(p.plan.startedOn)))];
  const since = new Date(Math.min(...plans.map((p) => p.plan.createdAt.getTime())));
  const [points, decisions, calendars] = await Promise.all([
    pointsOf(
      db,
      plans.map((p) => p.student),
      since,
    ),
    decisionsOf(
      db,
      plans.map((p) => p.plan.id),
    ),
    Promise.all(years.map(async (y) => [y, (await windowsIn(db, scope, y)).windows] as const)),
  ]);
  const windowsOf = new Map(calendars);
  return plans.map(({ plan, student }) => {
    const grade = gradeOfPlan(student.planId ?? 6);
    const windows = windowsOf.get(schoolYearNumber(plan.startedOn)) ?? [];
    const shown = points.filter(
      (p) =>
        p.studentId === student.id &&
        p.at >= plan.createdAt.toISOString() &&
        (plan.endedOn === null || p.day <= plan.endedOn),
    );
    const planDecisions = decisions.get(plan.id) ?? [];
    const trend = trendLine(shown);
    const first = shown[0];
    const last = shown.at(-1);
    const spring = windows.find((w) => w.season === "spring");
    const roi =
      spring && windows.length > 0
        ? expectedRoi(grade, currentWindow(plan.startedOn, windowsOnly(windows)), spring)
        : null;
    return {
      ...summaryOf(plan, student, shown, planDecisions, today),
      endedOn: plan.endedOn,
      pointRows: shown.map(({ studentId: _, gradedBy: __, ...row }) => row),
      trend:
        trend && first && last
          ? {
              from: { day: first.day, wcpm: round1(trendAt(trend, first.day)) },
              to: { day: last.day, wcpm: round1(trendAt(trend, last.day)) },
            }
          : null,
      expectedRoi: roi === null ? null : round1(roi),
      decisions: planDecisions,
    };
  });
}

const round1 = (n: number) => Math.round(n * 10) / 10;
