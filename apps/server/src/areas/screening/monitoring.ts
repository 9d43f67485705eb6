import {
  allows,
  type ClassMonitoring,
  type CutScores,
  cadenceFor,
  currentWindow,
  dayOf,
  type GroupMonitoring,
  gradeOfPlan,
  type MonitoringCandidate,
  monitoringDue,
  previousSeason,
  type ScopedUser,
  type StudentMonitoring,
  schoolYearNumber,
  type WindowWithPassages,
  windowsOnly,
} from "@refrain/domain";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { classOrder, studentsInReachOf, studentsOf } from "../../core/access.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import {
  groupMemberships,
  monitoringPlans,
  recordingGrades,
  recordings,
  studentGroups,
  users,
} from "../../db/schema/index.ts";
import { cutsFor, cutsOfScope } from "./cut-scores.ts";
import { decisionsOf, detailsOf, pointsOf, screened, summaryOf } from "./plan-figures.ts";
import { studentsInWindow, titlesOf } from "./results.ts";
import { scopeOfClass, windowsIn } from "./windows.ts";

/**
 * Progress monitoring's views (issue 39 part 4, docs/decisions/0037): a class's plans and who is
 * below benchmark without one, a student's plan in full, a group's plans side by side, and a
 * student's check-in. A plan's figures are plan-figures.ts's; its changes, plans.ts's.
 */

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
