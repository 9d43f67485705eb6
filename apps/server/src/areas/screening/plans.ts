import {
  addDays,
  currentWindow,
  type DecisionBody,
  dayOf,
  gradeOfPlan,
  monitoringMessages,
  type StartPlanBody,
  schoolYearNumber,
  type Tier,
  tierOf,
  windowsOnly,
} from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { requireStudentOf, studentsOf } from "../../core/access.ts";
import type { Auth } from "../../core/context.ts";
import { conflict, invalid, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { monitoringDecisions, monitoringPlans, users } from "../../db/schema/index.ts";
import { uniqueViolation } from "../../db/unique.ts";
import { cutsFor, cutsOfScope } from "./cut-scores.ts";
import { type PlanRow, screened } from "./plan-figures.ts";
import { type CalendarScope, scopeOfClass, windowsIn } from "./windows.ts";

/**
 * A monitoring plan's changes (issue 39 part 4, docs/decisions/0037): started for a student of
 * the caller's class, its cadence changed, and the teacher's decisions, kept in its history.
 */

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
