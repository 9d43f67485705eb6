import { z } from "zod";
import { contract } from "../contract.ts";
import { readingListType } from "../fluency.ts";
import { TIERS } from "../screening/rules.ts";
import { dataResponse, idParam, recordId } from "../validation.ts";
import { withDateRange } from "./dates.ts";
import { GOAL_STATUSES } from "./goals.ts";
import { SEASONS } from "./orf-norms.ts";

/**
 * The teacher's class summary (grading spec §2 "Class summary table", §3 "Student summary",
 * "Group summary") and the report criteria's selectors (§2 "Report criteria selector", §7).
 * Every figure is of the date range, both days included, unless it says otherwise.
 */

const goalStatus = z.enum(GOAL_STATUSES);

/** The figures a student row and a group row share. */
const summaryFigures = {
  /** Lessons completed in the range (completion as the student's lesson rules decide it). */
  lessons: z.number(),
  /** Distinct lessons with any work in the range: a read-along, an attempt, a day 4 answer or a reading. */
  stories: z.number(),
  /**
   * Comprehension proficiency: the average overall percent (rounded) of the lessons whose days
   * 1–3 were all taken in the range, each day at its latest attempt in the range; null if none.
   */
  comprehension: z.number().nullable(),
  /** The average correct words per minute of the graded cold reads made in the range (rounded). */
  cold: z.number().nullable(),
  /** The same for hot reads. */
  hot: z.number().nullable(),
  /** The latest graded benchmark reading's correct words per minute in the range. */
  benchmarks: z.number().nullable(),
};

export const studentSummary = z.object({
  id: z.number(),
  name: z.string(),
  /** The student's group, or null when ungrouped. */
  group_id: z.number().nullable(),
  ...summaryFigures,
  /** Fluency proficiency: the goal status from the benchmark readings in the range (decision 0018). */
  goals: goalStatus,
  /** What the status was judged on: the averaged WCPM, the 50th percentile and its season. */
  goal: z.object({
    wcpm: z.number().nullable(),
    target: z.number().nullable(),
    season: z.enum(SEASONS).nullable(),
    readings: z.number(),
  }),
  /**
   * The student's screening in the benchmark window of today (issue 39, whatever the range):
   * null until one of its passages is read.
   */
  screening: z
    .object({
      season: z.enum(SEASONS),
      status: z.enum(["scored", "incomplete", "unrated"]),
      tier: z.enum(TIERS).nullable(),
      /** Passages graded so far (3 once scored). */
      confirmed: z.number(),
      wcpm: z.number().nullable(),
    })
    .nullable(),
  /** Ungraded processed readings now, whatever the range: the row's "new" badge. */
  new_recordings: z.number(),
  /** The newest of them, which the magnifier's popup opens first; null when none. */
  latest_ungraded_id: z.number().nullable(),
});
export type StudentSummary = z.infer<typeof studentSummary>;

export const groupSummary = z.object({
  id: z.number(),
  name: z.string(),
  /** How many students the group holds. */
  students: z.number(),
  /**
   * `lessons` and `stories` are the members' totals; the other figures are averages of the
   * members' own figures (rounded), over the members that have one, so each student weighs
   * the same; null when no member has one.
   */
  ...summaryFigures,
  /** How many members are at each goal status. */
  goals: z.object({
    met: z.number(),
    approaching: z.number(),
    below: z.number(),
    none: z.number(),
  }),
});
export type GroupSummary = z.infer<typeof groupSummary>;

export const classSummaryResponse = dataResponse(
  z.object({ students: z.array(studentSummary), groups: z.array(groupSummary) }),
);
export type ClassSummaryResponse = z.infer<typeof classSummaryResponse>;

export const criteriaPerson = z.object({ id: z.number(), name: z.string() });
const criteriaList = dataResponse(z.array(criteriaPerson));

// ───────────────────────── Calls ─────────────────────────

export const classSummaryCalls = {
  classSummary: contract({
    tag: "reports",
    policy: "classOwners",
    method: "GET",
    path: "/teacher/:teacher/dashboard/class_summary",
    summary: "The class summary: a row per student, then a row per group, for a date range",
    params: z.object({ teacher: idParam }),
    query: withDateRange({
      /**
       * `overall` (the default) or one student of the class: then `students` is that student's
       * row and `groups` their group's row, the whole group's, to compare with.
       */
      student_id: z.union([z.literal("overall"), recordId({ coerce: true })]).default("overall"),
      /** `new`: only the students with new (ungraded) readings, as the fluency lists' `type=new`. */
      type: readingListType,
    }),
    response: classSummaryResponse,
  }),
  studentList: contract({
    tag: "reports",
    policy: "classOwners",
    method: "GET",
    path: "/teacher/reports/criteria/student_list/:teacherId",
    summary: "The report criteria's students: the caller's class, by name",
    params: z.object({ teacherId: idParam }),
    response: criteriaList,
  }),
  adminTeachers: contract({
    tag: "reports",
    policy: "admins",
    method: "GET",
    path: "/teacher/reports/criteria/admin_teachers/:adminId",
    summary:
      "The report criteria's teachers: the school admin's school, or the district admin's district (narrowed by school_id)",
    params: z.object({ adminId: idParam }),
    query: z.object({ school_id: recordId({ coerce: true }).optional() }),
    response: criteriaList,
  }),
};
