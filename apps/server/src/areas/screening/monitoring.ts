import {
  type AimLine,
  accuracyPercent,
  addDays,
  allows,
  type ClassMonitoring,
  type CutScores,
  cadenceFor,
  correctWordsPerMinute,
  currentWindow,
  type DecisionBody,
  type DecisionRow,
  dayOf,
  decisionFlag,
  expectedRoi,
  type GroupMonitoring,
  gradeOfPlan,
  type MonitoringCandidate,
  type MonitoringPointRow,
  monitoringDue,
  monitoringMessages,
  normCuts,
  type PlanDetail,
  type PlanSummary,
  previousSeason,
  type ScopedUser,
  type Season,
  type StartPlanBody,
  type StudentMonitoring,
  schoolYearNumber,
  type Tier,
  tierOf,
  trendAt,
  trendLine,
  type WindowWithPassages,
  windowsOnly,
} from "@refrain/domain";
import { and, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { classOrder, requireStudentOf, studentsInReachOf, studentsOf } from "../../core/access.ts";
import type { Auth } from "../../core/context.ts";
import { conflict, invalid, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import {
  groupMemberships,
  lessons,
  monitoringDecisions,
  monitoringPlans,
  recordingGrades,
  recordings,
  studentGroups,
  users,
} from "../../db/schema/index.ts";
import { uniqueViolation } from "../../db/unique.ts";
import { cutKey, cutsOf } from "./cut-scores.ts";
import { type Screened, studentsInWindow, titlesOf } from "./results.ts";
import { type CalendarScope, scopeOfClass, windowsIn } from "./windows.ts";

/**
 * Progress monitoring (issue 39 part 4, docs/decisions/0037). A plan's points are the student's
 * graded readings of unpracticed text at their grade since the plan began: cold reads of lessons
 * of their reading level, and benchmark passages of their grade (decision 0037, "What a
 * monitoring point is"). Nothing is stored twice: a grade changed later changes the point.
 */

type PlanRow = typeof monitoringPlans.$inferSelect;
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
async function decisionsOf(
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
function summaryOf(
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

/** The district's cut scores of a class's scope, by grade and season (none: the norms'). */
async function cutsOfScope(db: Db, scope: CalendarScope): Promise<ReadonlyMap<string, CutScores>> {
  if (scope.districtId === null) return new Map();
  return (await cutsOf(db, [scope.districtId])).get(scope.districtId) ?? new Map();
}

/** The cut scores a grade is judged by in a season: the district's, else the norms'. */
const cutsFor = (cuts: ReadonlyMap<string, CutScores>, grade: number, season: Season) =>
  cuts.get(cutKey(grade, season)) ?? normCuts(grade, season);

/**
 * The class's students below benchmark in the window standing today, or, where they have no
 * score there yet, in the window before: the latest screening each has.
 */
async function latestBelow(
  db: Db,
  teacherId: number,
  windows: readonly WindowWithPassages[],
  cuts: ReadonlyMap<string, CutScores>,
  today: string,
): Promise<MonitoringCandidate[]> {
  const standing = currentWindow(today, windowsOnly(windows)).season;
  const before = previousSeason(standing);
  const chosen = windows.filter((w) => w.season === standing || w.season === before);
  const titles = await titlesOf(db, chosen);
  const [now, earlier] = await Promise.all(
    chosen
      .sort((a, b) => (a.season === standing ? -1 : b.season === standing ? 1 : 0))
      .map((w) => studentsInWindow(db, teacherId, w, titles, cuts)),
  );
  const spring = windows.find((w) => w.season === "spring");
  const out: MonitoringCandidate[] = [];
  for (const [i, s] of (now ?? []).entries()) {
    const results = [
      { season: standing, result: s.result },
      { season: before, result: earlier?.[i]?.result ?? null },
    ];
    const found = results.find((r) => r.result?.status === "scored");
    if (!found?.season || found.result?.status !== "scored") continue;
    if (found.result.tier === "at_or_above") continue;
    out.push({
      student: { id: s.id, name: s.name, grade: s.grade },
      season: found.season,
      tier: found.result.tier,
      wcpm: found.result.wcpm,
      goal: spring ? (cutsFor(cuts, s.grade, "spring")?.benchmark ?? null) : null,
      cadenceDays: cadenceFor(found.result.tier),
    });
  }
  return out;
}

const screened = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  planId: users.planId,
};

/** The class's open plans, where each stands today, and who is below benchmark without one. */
export async function classMonitoring(
  db: Db,
  teacherId: number,
  now = new Date(),
): Promise<ClassMonitoring> {
  const today = dayOf(now);
  const scope = await scopeOfClass(db, teacherId);
  const [{ windows }, cuts, planRows] = await Promise.all([
    windowsIn(db, scope, schoolYearNumber(today)),
    cutsOfScope(db, scope),
    db
      .select({ plan: monitoringPlans, student: screened })
      .from(monitoringPlans)
      .innerJoin(users, eq(users.id, monitoringPlans.studentId))
      .where(and(studentsOf(teacherId), isNull(monitoringPlans.endedOn)))
      .orderBy(...classOrder),
  ]);
  const since = new Date(
    Math.min(now.getTime(), ...planRows.map((r) => r.plan.createdAt.getTime())),
  );
  const [points, decisions, below] = await Promise.all([
    pointsOf(
      db,
      planRows.map((r) => r.student),
      since,
    ),
    decisionsOf(
      db,
      planRows.map((r) => r.plan.id),
    ),
    latestBelow(db, teacherId, windows, cuts, today),
  ]);
  const plans = planRows.map(({ plan, student }) =>
    summaryOf(
      plan,
      student,
      points.filter((p) => p.studentId === student.id && p.at >= plan.createdAt.toISOString()),
      decisions.get(plan.id) ?? [],
      today,
    ),
  );
  const monitored = new Set(planRows.map((r) => r.student.id));
  const candidates = below.filter((c) => !monitored.has(c.student.id));
  const suggested = new Set(candidates.map((c) => c.student.id));
  const others = (
    await db
      .select(screened)
      .from(users)
      .where(studentsOf(teacherId))
      .orderBy(...classOrder)
  )
    .filter((s) => !monitored.has(s.id) && !suggested.has(s.id))
    .map((s) => {
      const grade = gradeOfPlan(s.planId ?? 6);
      return {
        id: s.id,
        name: `${s.firstName} ${s.lastName}`.trim(),
        grade,
        goal: cutsFor(cuts, grade, "spring")?.benchmark ?? null,
      };
    });
  return { today, plans, candidates, others };
}

/**
 * Plans in full, with the lines drawn through their points: the students' points, the plans'
 * decisions and the class's windows read once for all of them. `students` are the plans'
 * students, of one class (`teacherId`'s).
 */
async function detailsOf(
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

async function teacherOf(db: Db, studentId: number): Promise<number> {
  const [row] = await db
    .select({ teacherId: users.teacherId })
    .from(users)
    .where(eq(users.id, studentId));
  return row?.teacherId ?? 0;
}

/**
 * A student's monitoring, for whoever may read their graphs: the class owner their own, an admin
 * those of their school or district. The open plan, else the latest ended one.
 */
export async function studentMonitoring(
  db: Db,
  caller: ScopedUser & { id: number },
  studentId: number,
  now = new Date(),
): Promise<StudentMonitoring> {
  const [student] = await db
    .select(screened)
    .from(users)
    .where(and(eq(users.id, studentId), studentsInReachOf(caller)));
  const found = ownedOr404(student);
  const [plan] = await db
    .select()
    .from(monitoringPlans)
    .where(eq(monitoringPlans.studentId, studentId))
    .orderBy(sql`${monitoringPlans.endedOn} is null desc`, desc(monitoringPlans.id))
    .limit(1);
  return {
    student: {
      id: found.id,
      name: `${found.firstName} ${found.lastName}`.trim(),
      grade: gradeOfPlan(found.planId ?? 6),
    },
    plan: plan
      ? ((
          await detailsOf(db, await teacherOf(db, found.id), [{ plan, student: found }], dayOf(now))
        )[0] ?? null)
      : null,
    canManage: allows("classOwners", caller.role),
  };
}

/** The goal day: the spring window's last day of the school year, or next year's once it passed. */
async function goalDay(db: Db, scope: CalendarScope, today: string): Promise<string> {
  const year = schoolYearNumber(today);
  for (const y of [year, year + 1]) {
    const { windows } = await windowsIn(db, scope, y);
    const spring = windows.find((w) => w.season === "spring");
    if (spring && spring.end > today) return spring.end;
  }
  return addDays(today, 365);
}

/** A plan for a student of the caller's class, from the baseline the teacher confirmed. */
export async function startPlan(
  db: Db,
  auth: Auth,
  body: StartPlanBody,
  now = new Date(),
): Promise<{ planId: number; name: string }> {
  const teacherId = auth.user.id;
  await requireStudentOf(db, teacherId, body.student_id);
  const [student] = await db.select(screened).from(users).where(eq(users.id, body.student_id));
  const found = ownedOr404(student);
  const today = dayOf(now);
  const scope = await scopeOfClass(db, teacherId);
  const [{ windows }, cuts, goalOn] = await Promise.all([
    windowsIn(db, scope, schoolYearNumber(today)),
    cutsOfScope(db, scope),
    goalDay(db, scope, today),
  ]);
  const grade = gradeOfPlan(found.planId ?? 6);
  const season = currentWindow(today, windowsOnly(windows)).season;
  const seasonCuts = cutsFor(cuts, grade, season);
  // A student the teacher monitors though at benchmark (a concern the screening missed) keeps
  // that tier; without cut scores (Kindergarten) the strategic tier is assumed.
  const tier: Tier = seasonCuts ? tierOf(body.baseline_wcpm, seasonCuts) : "below";
  try {
    const [plan] = await db
      .insert(monitoringPlans)
      .values({
        studentId: found.id,
        startedOn: today,
        tier,
        baselineWcpm: body.baseline_wcpm,
        goalWcpm: body.goal_wcpm,
        goalOn,
        cadenceDays: body.cadence_days,
        createdBy: teacherId,
      })
      .returning({ id: monitoringPlans.id });
    return { planId: ownedOr404(plan).id, name: `${found.firstName} ${found.lastName}`.trim() };
  } catch (error) {
    if (uniqueViolation(error) === "monitoring_plans_open_uq")
      throw conflict(monitoringMessages.alreadyMonitored);
    throw error;
  }
}

/** An open plan of a student of the caller's class; 404 for any other, 409 once it ended. */
async function openPlanOf(db: Db, teacherId: number, planId: number): Promise<PlanRow> {
  const [row] = await db
    .select({ plan: monitoringPlans })
    .from(monitoringPlans)
    .innerJoin(users, eq(users.id, monitoringPlans.studentId))
    .where(and(eq(monitoringPlans.id, planId), studentsOf(teacherId)));
  const { plan } = ownedOr404(row);
  if (plan.endedOn !== null) throw conflict(monitoringMessages.ended409);
  return plan;
}

/** An open plan's cadence, changed. */
export async function editPlan(
  db: Db,
  auth: Auth,
  planId: number,
  cadenceDays: number,
): Promise<void> {
  const plan = await openPlanOf(db, auth.user.id, planId);
  await db.update(monitoringPlans).set({ cadenceDays }).where(eq(monitoringPlans.id, plan.id));
}

/**
 * A decision on an open plan, kept in its history: a raised goal moves the aim line's end; an
 * ended plan stays as the student's history. Any decision restarts the four-point count.
 */
export async function decide(
  db: Db,
  auth: Auth,
  planId: number,
  body: DecisionBody,
  now = new Date(),
): Promise<void> {
  const plan = await openPlanOf(db, auth.user.id, planId);
  const goal = body.kind === "raise_goal" ? (body.goal_wcpm as number) : null;
  if (goal !== null && goal <= plan.goalWcpm)
    throw invalid({ goal_wcpm: [monitoringMessages.goalAboveCurrent(plan.goalWcpm)] });
  await db.transaction(async (tx) => {
    await tx.insert(monitoringDecisions).values({
      planId: plan.id,
      kind: body.kind,
      goalWcpm: goal,
      note: body.note,
      decidedBy: auth.user.id,
      decidedAt: now,
    });
    if (goal !== null)
      await tx
        .update(monitoringPlans)
        .set({ goalWcpm: goal })
        .where(eq(monitoringPlans.id, plan.id));
    if (body.kind === "end")
      await tx
        .update(monitoringPlans)
        .set({ endedOn: dayOf(now) })
        .where(eq(monitoringPlans.id, plan.id));
  });
}

/**
 * A student's check-in (issue 39): when their open plan's next reading is due, the first of
 * `lessonIds` (lessons of their level they have not read along yet, in the home's order) that
 * has no cold read, for the home to offer. Null when nothing is due, or when a cold read made
 * since the last point waits for the teacher's grade: the student has done their part.
 */
export async function checkInOf(
  db: Db,
  student: { id: number; planId: number | null },
  lessonIds: readonly number[],
  now = new Date(),
): Promise<{ lessonId: number; overdue: boolean } | null> {
  const [plan] = await db
    .select()
    .from(monitoringPlans)
    .where(and(eq(monitoringPlans.studentId, student.id), isNull(monitoringPlans.endedOn)));
  if (!plan || lessonIds.length === 0) return null;
  const points = await pointsOf(db, [student], plan.createdAt);
  const last = points.at(-1);
  const due = monitoringDue(last?.day ?? plan.startedOn, plan.cadenceDays, dayOf(now));
  if (due.status === "not_due") return null;
  const colds = await db
    .select({
      lessonId: recordings.lessonId,
      createdAt: recordings.createdAt,
      graded: sql<boolean>`exists (select 1 from ${recordingGrades} g where g.recording_id = ${recordings.id})`,
    })
    .from(recordings)
    .where(and(eq(recordings.studentId, student.id), eq(recordings.classification, "cold_read")));
  const since = last ? Date.parse(last.at) : plan.createdAt.getTime();
  if (colds.some((c) => !c.graded && c.createdAt.getTime() > since)) return null;
  const read = new Set(colds.map((c) => c.lessonId));
  const lessonId = lessonIds.find((id) => !read.has(id));
  return lessonId === undefined ? null : { lessonId, overdue: due.status === "overdue" };
}

/**
 * The monitoring graphs of a group of the caller's class side by side (issue 39): each member's
 * open plan in full, by name; members without a plan are named apart.
 */
export async function groupMonitoring(
  db: Db,
  teacherId: number,
  groupId: number,
  now = new Date(),
): Promise<GroupMonitoring> {
  const [group] = await db
    .select({ id: studentGroups.id, name: studentGroups.name })
    .from(studentGroups)
    .where(and(eq(studentGroups.id, groupId), eq(studentGroups.teacherId, teacherId)));
  const found = ownedOr404(group);
  const members = await db
    .select(screened)
    .from(users)
    .innerJoin(groupMemberships, eq(groupMemberships.studentId, users.id))
    .where(and(eq(groupMemberships.groupId, found.id), studentsOf(teacherId)))
    .orderBy(...classOrder);
  const plans = await db
    .select()
    .from(monitoringPlans)
    .where(
      and(
        inArray(monitoringPlans.studentId, [0, ...members.map((m) => m.id)]),
        isNull(monitoringPlans.endedOn),
      ),
    );
  const planOf = new Map(plans.map((p) => [p.studentId, p]));
  const monitored = members.flatMap((student) => {
    const plan = planOf.get(student.id);
    return plan ? [{ plan, student }] : [];
  });
  return {
    group: found,
    plans: await detailsOf(db, teacherId, monitored, dayOf(now)),
    unmonitored: members
      .filter((m) => !planOf.has(m.id))
      .map((m) => ({
        id: m.id,
        name: `${m.firstName} ${m.lastName}`.trim(),
        grade: gradeOfPlan(m.planId ?? 6),
      })),
  };
}
