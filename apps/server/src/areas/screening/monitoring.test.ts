import {
  addDays,
  type ClassMonitoring,
  currentWindow,
  DECISION_FLAG_TEXT,
  dayOf,
  defaultWindows,
  type GroupMonitoring,
  monitoringMessages,
  normCuts,
  type StudentMonitoring,
  schoolYearOf,
} from "@refrain/domain";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  checkMatrix,
  NOT_CLASS_OWNERS,
  STUDENT_RECORD_KEEPERS,
} from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { gradedReading } from "../../../test/screening.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import {
  classSettings,
  groupMemberships,
  lessons,
  monitoringPlans,
  recordings,
  studentGroups,
} from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();

const today = dayOf(new Date());
/** The window standing today in the default calendar: where a fresh class's screening is read. */
const standing = currentWindow(today, defaultWindows(schoolYearOf(today)));

/** A graded reading (WCPM = wpm + accuracy, accuracy being minus the errors) at a moment. */
const reading = (
  studentId: number,
  lessonId: number,
  classification: "benchmark" | "cold_read",
  at: Date,
  grade: { wpm: number; accuracy: number },
) => gradedReading(ctx, { studentId, lessonId, classification, at }, grade);

let grade3Passages: number[];
let grade2Lessons: number[];
/** Lessons of grade 3's reading level (plan 9): a third grader's cold reads of them are points. */
let grade3Lessons: number[];
let third: Awaited<ReturnType<typeof ctx.factories.user>>;
/** Noon of a day some days before today: a plan's points, a week or so apart. */
const daysAgo = (days: number) => new Date(`${addDays(today, -days)}T12:00:00Z`);

beforeAll(async () => {
  await ensureCatalog(ctx.db);
  const rows = await ctx.db
    .select({ id: lessons.id, grade: lessons.benchmarkGrade, planId: lessons.planId })
    .from(lessons)
    .orderBy(asc(lessons.id));
  grade3Passages = rows.filter((r) => r.grade === 3).map((r) => r.id);
  grade2Lessons = rows.filter((r) => r.planId === 8).map((r) => r.id);
  grade3Lessons = rows.filter((r) => r.planId === 9).map((r) => r.id);
  const teacherId = world.people.teacher.id;
  third = await ctx.factories.user({
    role: "student",
    teacherId,
    planId: 9,
    firstName: "Tam",
    lastName: "Ng",
  });
  // Grade 3, read in the window standing today: 30, 32 and 28 WCPM, well below benchmark.
  const day = new Date(`${standing.start}T15:00:00Z`);
  for (const [i, wpm] of [32, 34, 30].entries())
    await reading(third.id, grade3Passages[i] as number, "benchmark", day, { wpm, accuracy: -2 });
});

async function ofClass(client = world.clients.teacher) {
  const reply = await client.get("/screening/monitoring");
  expect(reply.status).toBe(200);
  return (reply.body as { data: ClassMonitoring }).data;
}

async function ofStudent(studentId: number, client = world.clients.teacher) {
  const reply = await client.get(`/screening/monitoring/students/${studentId}`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: StudentMonitoring }).data;
}

describe("progress monitoring", () => {
  it("suggests a plan for each student below benchmark, with the tier's cadence and the spring goal", async () => {
    const { candidates, plans, others } = await ofClass();
    expect(plans).toEqual([]);
    const tam = candidates.find((c) => c.student.id === third.id);
    expect(tam).toMatchObject({
      season: standing.season,
      wcpm: 30,
      cadenceDays: 7,
      goal: normCuts(3, "spring")?.benchmark,
    });
    expect(tam?.tier).toBe(normCuts(3, standing.season) ? "well_below" : undefined);
    // The class's other student has no screening: no suggestion.
    expect(candidates.map((c) => c.student.id)).toEqual([third.id]);
    // Any other student may be monitored too, toward their grade's spring benchmark.
    expect(others).toEqual([
      expect.objectContaining({ id: world.people.student.id, goal: expect.any(Number) }),
    ]);
  });

  it("refuses a goal at or under the baseline, keyed by field", async () => {
    const reply = await world.clients.teacher.post("/screening/monitoring/plans", {
      student_id: third.id,
      baseline_wcpm: 30,
      goal_wcpm: 30,
      cadence_days: 5,
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      errors: {
        goal_wcpm: [monitoringMessages.goalAboveBaseline],
        cadence_days: [monitoringMessages.cadence],
      },
    });
  });

  it("lets only a class owner list and start plans, and only for their own students", async () => {
    const listers = await checkMatrix(world, {
      method: "GET",
      url: "/screening/monitoring",
      expect: { ...NOT_CLASS_OWNERS, teacher: 200, parent: 200 },
      otherwise: 403,
    });
    expect(listers).toEqual([]);
    const body = { student_id: third.id, baseline_wcpm: 30, goal_wcpm: 100, cadence_days: 7 };
    const starters = await checkMatrix(world, {
      method: "POST",
      url: "/screening/monitoring/plans",
      body,
      // A parent is a class owner, but Tam is not their child. The teacher's starts the plan.
      expect: { ...NOT_CLASS_OWNERS, parent: 404, teacher: 200 },
      otherwise: 403,
    });
    expect(starters).toEqual([]);
    const made = await ctx.db
      .select({ createdBy: monitoringPlans.createdBy })
      .from(monitoringPlans)
      .where(eq(monitoringPlans.studentId, third.id));
    expect(made).toEqual([{ createdBy: world.people.teacher.id }]);
  });

  it("keeps one open plan per student, due a cadence after its start", async () => {
    const body = { student_id: third.id, baseline_wcpm: 30, goal_wcpm: 100, cadence_days: 7 };
    const again = await world.clients.teacher.post("/screening/monitoring/plans", body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: monitoringMessages.alreadyMonitored });

    const { plans, candidates } = await ofClass();
    expect(candidates).toEqual([]);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      student: { id: third.id, grade: 3 },
      startedOn: today,
      cadenceDays: 7,
      baseline: { day: today, wcpm: 30 },
      goal: { wcpm: 100 },
      points: 0,
      last: null,
      due: { status: "not_due", next: addDays(today, 7) },
      flag: null,
    });
  });

  it("counts graded cold reads of the student's level and flags four points under the aim line", async () => {
    const student = third.id;
    // The plan began six weeks ago: its points are the readings since (the screening's are not).
    await ctx.db
      .update(monitoringPlans)
      .set({ startedOn: addDays(today, -42), createdAt: daysAgo(42) })
      .where(eq(monitoringPlans.studentId, student));
    const at = (ago: number, lessonId: number | undefined, wpm: number, accuracy = 0) =>
      reading(student, lessonId as number, "cold_read", daysAgo(ago), { wpm, accuracy });
    // Before the plan began; a lesson of grade 2 (plan 8); neither counts.
    await at(50, grade3Lessons[5], 10);
    await at(36, grade2Lessons[0], 10);
    for (const [i, ago] of [35, 28, 21].entries()) await at(ago, grade3Lessons[i], 25, -1);
    let [plan] = (await ofClass()).plans;
    expect(plan).toMatchObject({ points: 3, last: { day: addDays(today, -21), wcpm: 24 } });
    expect(plan?.flag).toBeNull();
    // Last read three weeks ago: overdue on a weekly cadence.
    expect(plan?.due).toEqual({ status: "overdue", next: addDays(today, -14) });
    await at(14, grade3Lessons[3], 22);
    [plan] = (await ofClass()).plans;
    expect(plan).toMatchObject({ points: 4, sinceDecision: 4, flag: "change_intervention" });

    const detail = await ofStudent(student);
    expect(detail.canManage).toBe(true);
    expect(detail.plan?.pointRows.map((p) => p.wcpm)).toEqual([24, 24, 24, 22]);
    expect(detail.plan?.trend).toBeNull();
    expect(DECISION_FLAG_TEXT[detail.plan?.flag ?? "raise_goal"]).toMatch(
      /change the intervention/,
    );
  });

  it("offers the student a check-in reading on their home while one is due", async () => {
    const home = async () => {
      const client = ctx.client();
      await client.signIn({ ...third, teacherUsername: world.people.teacher.username });
      const reply = await client.get("/learning/home");
      expect(reply.status).toBe(200);
      return (reply.body as { data: { checkIn: unknown } }).data.checkIn;
    };
    // A class that does not record has no check-in to offer.
    expect(await home()).toBeNull();
    await ctx.db
      .insert(classSettings)
      .values({ teacherId: world.people.teacher.id, recordStudentFluency: true });
    // The first lesson of the level with no read-along and no cold read yet: Tam read 0-3 and 5.
    expect(await home()).toEqual({ lessonId: grade3Lessons[4], overdue: true });
    // A cold read waiting for its grade: the student has done their part.
    const [waiting] = await ctx.db
      .insert(recordings)
      .values({
        studentId: third.id,
        lessonId: grade3Lessons[4] as number,
        classification: "cold_read",
        status: "complete",
        createdAt: daysAgo(1),
      })
      .returning({ id: recordings.id });
    expect(await home()).toBeNull();
    await ctx.db.delete(recordings).where(eq(recordings.id, waiting?.id as number));
  });

  it("lets the class owner and the admins over the class read a student's plan, nobody else", async () => {
    const readers = await checkMatrix(world, {
      method: "GET",
      url: `/screening/monitoring/students/${third.id}`,
      ...STUDENT_RECORD_KEEPERS,
    });
    expect(readers).toEqual([]);
    expect((await ofStudent(third.id, world.clients.district_admin)).canManage).toBe(false);
  });

  it("records a decision, which restarts the four-point count; a raised goal must be higher", async () => {
    const [plan] = (await ofClass()).plans;
    const url = `/screening/monitoring/plans/${plan?.id}/decisions`;
    const low = await world.clients.teacher.post(url, { kind: "raise_goal", goal_wcpm: 90 });
    expect(low.status).toBe(422);
    expect(low.body).toMatchObject({
      errors: { goal_wcpm: [monitoringMessages.goalAboveCurrent(100)] },
    });
    const others = await checkMatrix(world, {
      method: "POST",
      url,
      body: { kind: "continue" },
      expect: { ...NOT_CLASS_OWNERS, parent: 404, teacher: 200 },
      otherwise: 403,
    });
    expect(others).toEqual([]);

    const decided = await world.clients.teacher.post(url, {
      kind: "change_intervention",
      note: "Smaller group, four days a week",
    });
    expect(decided.status).toBe(200);
    const detail = await ofStudent(third.id);
    expect(detail.plan).toMatchObject({ flag: null, points: 4, sinceDecision: 0 });
    expect(detail.plan?.decisions).toEqual([
      expect.objectContaining({ kind: "continue", note: "" }),
      expect.objectContaining({
        kind: "change_intervention",
        note: "Smaller group, four days a week",
        goal: null,
        decidedBy: `${world.people.teacher.firstName} ${world.people.teacher.lastName}`,
      }),
    ]);

    const raised = await world.clients.teacher.post(url, { kind: "raise_goal", goal_wcpm: 110 });
    expect(raised.status).toBe(200);
    expect((await ofStudent(third.id)).plan?.goal.wcpm).toBe(110);
  });

  it("draws the trend from six points on, and changes the cadence", async () => {
    for (const [i, ago] of [7, 0].entries())
      await reading(third.id, grade3Lessons[i + 4] as number, "cold_read", daysAgo(ago), {
        wpm: 40,
        accuracy: 0,
      });
    const detail = await ofStudent(third.id);
    expect(detail.plan?.points).toBe(6);
    expect(detail.plan?.trend).not.toBeNull();
    expect(detail.plan?.roi).not.toBeNull();

    const url = `/screening/monitoring/plans/${detail.plan?.id}`;
    const parent = await world.clients.parent.post(url, { cadence_days: 14 });
    expect(parent.status).toBe(404);
    const odd = await world.clients.teacher.post(url, { cadence_days: 10 });
    expect(odd.status).toBe(422);
    expect(odd.body).toMatchObject({ errors: { cadence_days: [monitoringMessages.cadence] } });
    const saved = await world.clients.teacher.post(url, { cadence_days: 14 });
    expect(saved.status).toBe(200);
    expect((await ofClass()).plans[0]?.cadenceDays).toBe(14);
  });

  it("shows a group's members' plans side by side, and who in it has none", async () => {
    const [group] = await ctx.db
      .insert(studentGroups)
      .values({ teacherId: world.people.teacher.id, name: "Tier 3 readers" })
      .returning({ id: studentGroups.id });
    const groupId = group?.id as number;
    await ctx.db.insert(groupMemberships).values([
      { groupId, studentId: third.id },
      { groupId, studentId: world.people.student.id },
    ]);
    const url = `/screening/monitoring/groups/${groupId}`;
    const matrix = await checkMatrix(world, {
      method: "GET",
      url,
      expect: { ...NOT_CLASS_OWNERS, teacher: 200, parent: 404 },
      otherwise: 403,
    });
    expect(matrix).toEqual([]);
    const reply = await world.clients.teacher.get(url);
    const { data } = reply.body as { data: GroupMonitoring };
    expect(data.group.name).toBe("Tier 3 readers");
    expect(data.plans.map((p) => [p.student.id, p.points])).toEqual([[third.id, 6]]);
    expect(data.plans[0]?.trend).not.toBeNull();
    expect(data.unmonitored.map((u) => u.id)).toEqual([world.people.student.id]);
  });

  it("ends a plan, which stays as the student's history and takes no more decisions", async () => {
    const [plan] = (await ofClass()).plans;
    const url = `/screening/monitoring/plans/${plan?.id}/decisions`;
    expect((await world.clients.teacher.post(url, { kind: "end" })).status).toBe(200);
    expect((await ofClass()).plans).toEqual([]);
    const history = await ofStudent(third.id);
    expect(history.plan).toMatchObject({ endedOn: today, due: { status: "not_due" }, flag: null });
    expect(history.plan?.decisions.map((d) => d.kind)).toEqual([
      "continue",
      "change_intervention",
      "raise_goal",
      "end",
    ]);
    expect((await world.clients.teacher.post(url, { kind: "continue" })).status).toBe(409);
    const ended = await ctx.db
      .select()
      .from(monitoringPlans)
      .where(and(eq(monitoringPlans.studentId, third.id), isNotNull(monitoringPlans.endedOn)));
    expect(ended).toHaveLength(1);
  });
});
