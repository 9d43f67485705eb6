import { z } from "zod";
import { contract } from "../contract.ts";
import { SEASONS } from "../reports/orf-norms.ts";
import { dataResponse, idParam, messages, recordId, text } from "../validation.ts";
import { DEFAULT_CADENCE_DAYS, type DecisionFlag, TIERS, type Tier } from "./rules.ts";

/**
 * Progress monitoring (issue 39 part 4, docs/decisions/0037): a plan for a student below
 * benchmark, its cadence, aim line, points, trend and the teacher's decisions. The rules are
 * in rules.ts; this file holds the calls and their schemas.
 */
const monitoringCall = { tag: "screening" } as const;

/** Every one to four weeks: NCII's range for the intensive and strategic tiers. */
export const CADENCE_DAYS = [7, 14, 21, 28] as const;
export const CADENCE_LABELS: Record<(typeof CADENCE_DAYS)[number], string> = {
  7: "Every week",
  14: "Every two weeks",
  21: "Every three weeks",
  28: "Every four weeks",
};

/** The cadence a plan starts with for a tier (well below weekly, below every two weeks). */
export const cadenceFor = (tier: Tier): number =>
  tier === "at_or_above" ? DEFAULT_CADENCE_DAYS.below : DEFAULT_CADENCE_DAYS[tier];

/** What a teacher decides when the four-point rule flags a plan, or at any review. */
export const DECISION_KINDS = ["change_intervention", "raise_goal", "continue", "end"] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];
export const DECISION_LABELS: Record<DecisionKind, string> = {
  change_intervention: "Change the intervention",
  raise_goal: "Raise the goal",
  continue: "Keep the plan as it is",
  end: "End monitoring",
};
/** The decision a flag calls for, offered first. */
export const DECISION_FOR_FLAG: Record<DecisionFlag, DecisionKind> = {
  change_intervention: "change_intervention",
  raise_goal: "raise_goal",
};

export const monitoringMessages = {
  cadence: "Choose how often the student reads.",
  wcpm: "Enter words correct per minute from 1 to 300.",
  goalAboveBaseline: "The goal must be above the baseline.",
  goalAboveCurrent: (goal: number) => `The new goal must be above the current goal of ${goal}.`,
  decision: "Choose a decision.",
  noteTooLong: messages.maxChars(500),
  started: (name: string) => `Monitoring started for ${name}`,
  saved: "Plan saved",
  decided: "Decision recorded",
  ended: "Monitoring ended",
  alreadyMonitored: "This student already has a monitoring plan.",
  ended409: "This plan has ended.",
} as const;

const cadence = z
  .number({ error: monitoringMessages.cadence })
  .refine((days) => (CADENCE_DAYS as readonly number[]).includes(days), monitoringMessages.cadence);
const wcpm = z
  .number({ error: monitoringMessages.wcpm })
  .int(monitoringMessages.wcpm)
  .min(1, monitoringMessages.wcpm)
  .max(300, monitoringMessages.wcpm);

/** A plan for one student of the caller's class. */
export const startPlanBody = z
  .strictObject({
    student_id: recordId(),
    baseline_wcpm: wcpm,
    goal_wcpm: wcpm,
    cadence_days: cadence,
  })
  .refine((b) => b.goal_wcpm > b.baseline_wcpm, {
    message: monitoringMessages.goalAboveBaseline,
    path: ["goal_wcpm"],
  });
export type StartPlanBody = z.infer<typeof startPlanBody>;

/** A plan's cadence, changed. */
export const editPlanBody = z.strictObject({ cadence_days: cadence });

/** A decision on a plan: a raised goal names the new one. */
export const decisionBody = z
  .strictObject({
    kind: z.enum(DECISION_KINDS, { error: monitoringMessages.decision }),
    goal_wcpm: wcpm.optional(),
    note: text().trim().max(500, monitoringMessages.noteTooLong).default(""),
  })
  .refine((b) => b.kind !== "raise_goal" || b.goal_wcpm !== undefined, {
    message: monitoringMessages.wcpm,
    path: ["goal_wcpm"],
  });
export type DecisionBody = z.output<typeof decisionBody>;

const point = z.object({ day: z.string(), wcpm: z.number() });
const dueSchema = z.object({
  status: z.enum(["not_due", "due", "overdue"]),
  /** The day the next reading is due. */
  next: z.string(),
});
const monitoredStudent = z.object({ id: z.number(), name: z.string(), grade: z.number() });

/** A plan as the class's list shows it. */
const planSummary = z.object({
  id: z.number(),
  student: monitoredStudent,
  startedOn: z.string(),
  cadenceDays: z.number(),
  /** The tier the student was in when the plan started. */
  tier: z.enum(TIERS),
  baseline: point,
  goal: point,
  points: z.number(),
  /** The points since the latest decision (or the start): the four-point rule's count. */
  sinceDecision: z.number(),
  last: point.nullable(),
  due: dueSchema,
  /** The trend's WCPM a week, from six points on. */
  roi: z.number().nullable(),
  flag: z.enum(["change_intervention", "raise_goal"]).nullable(),
});
export type PlanSummary = z.infer<typeof planSummary>;

/** A student below benchmark in the latest scored window, without a plan yet. */
const candidate = z.object({
  student: monitoredStudent,
  season: z.enum(SEASONS),
  tier: z.enum(TIERS),
  wcpm: z.number(),
  /** The end-of-year benchmark of their grade, the aim line's end by default. */
  goal: z.number().nullable(),
  cadenceDays: z.number(),
});
export type MonitoringCandidate = z.infer<typeof candidate>;

export const classMonitoringAnswer = z.object({
  today: z.string(),
  plans: z.array(planSummary),
  candidates: z.array(candidate),
  /**
   * The class's other students without a plan (a teacher may monitor one the screening did not
   * place below benchmark, or one not screened yet), each with their grade's spring goal.
   */
  others: z.array(monitoredStudent.extend({ goal: z.number().nullable() })),
});
export type ClassMonitoring = z.infer<typeof classMonitoringAnswer>;

const monitoringPoint = z.object({
  day: z.string(),
  at: z.string(),
  wcpm: z.number(),
  accuracy: z.number(),
  recordingId: z.number(),
  title: z.string(),
});
export type MonitoringPointRow = z.infer<typeof monitoringPoint>;

const decisionRow = z.object({
  id: z.number(),
  kind: z.enum(DECISION_KINDS),
  /** The goal a raised goal set. */
  goal: z.number().nullable(),
  note: z.string(),
  decidedAt: z.string(),
  decidedBy: z.string(),
});
export type DecisionRow = z.infer<typeof decisionRow>;

/** One plan in full: its points, the lines drawn through them, and the decisions made. */
const planDetail = planSummary.extend({
  endedOn: z.string().nullable(),
  pointRows: z.array(monitoringPoint),
  /** The trend line's ends (least squares, from six points on). */
  trend: z.object({ from: point, to: point }).nullable(),
  /** The norms' expected WCPM gained a week, from the baseline's season to spring. */
  expectedRoi: z.number().nullable(),
  decisions: z.array(decisionRow),
});
export type PlanDetail = z.infer<typeof planDetail>;

export const studentMonitoringAnswer = z.object({
  student: monitoredStudent,
  /** The open plan, else the latest ended one; null when the student was never monitored. */
  plan: planDetail.nullable(),
  /** Whether the caller may start, change and decide on plans (the class owner). */
  canManage: z.boolean(),
});
export type StudentMonitoring = z.infer<typeof studentMonitoringAnswer>;

/** A group's members' plans side by side, and the members without one. */
export const groupMonitoringAnswer = z.object({
  group: z.object({ id: z.number(), name: z.string() }),
  plans: z.array(planDetail),
  unmonitored: z.array(monitoredStudent),
});
export type GroupMonitoring = z.infer<typeof groupMonitoringAnswer>;

const planParams = z.object({ planId: idParam });
const actionAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ planId: z.number() }),
});

export const monitoringCalls = {
  ofClass: contract({
    ...monitoringCall,
    policy: "classOwners",
    method: "GET",
    path: "/screening/monitoring",
    summary: "The class's monitoring plans (due, overdue, flagged) and who is below benchmark",
    response: dataResponse(classMonitoringAnswer),
  }),
  student: contract({
    ...monitoringCall,
    policy: "reportReaders",
    method: "GET",
    path: "/screening/monitoring/students/:studentId",
    summary: "A student's monitoring plan: points, aim line, trend, ROI and decisions",
    params: z.object({ studentId: idParam }),
    response: dataResponse(studentMonitoringAnswer),
  }),
  group: contract({
    ...monitoringCall,
    policy: "classOwners",
    method: "GET",
    path: "/screening/monitoring/groups/:groupId",
    summary: "The monitoring plans of a group of the caller's class, side by side",
    params: z.object({ groupId: idParam }),
    response: dataResponse(groupMonitoringAnswer),
  }),
  start: contract({
    ...monitoringCall,
    policy: "classOwners",
    method: "POST",
    path: "/screening/monitoring/plans",
    summary: "Start a monitoring plan for a student of the caller's class",
    body: startPlanBody,
    response: actionAnswer,
  }),
  edit: contract({
    ...monitoringCall,
    policy: "classOwners",
    method: "POST",
    path: "/screening/monitoring/plans/:planId",
    summary: "Change an open plan's cadence",
    params: planParams,
    body: editPlanBody,
    response: actionAnswer,
  }),
  decide: contract({
    ...monitoringCall,
    policy: "classOwners",
    method: "POST",
    path: "/screening/monitoring/plans/:planId/decisions",
    summary: "Record a decision on an open plan (kept in its history)",
    params: planParams,
    body: decisionBody,
    response: actionAnswer,
  }),
};
