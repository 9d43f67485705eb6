import { z } from "zod";
import { fluencyRecordingPossible } from "../account.ts";
import type { Role } from "../auth.ts";
import { contract } from "../contract.ts";
import { shownMeasure } from "../fluency/grading.ts";
import { RECORDED_CLASSIFICATIONS, RECORDING_TYPES } from "../fluency.ts";
import { allows } from "../policies.ts";
import { dataResponse, recordId } from "../validation.ts";
import { dateRangeFields, dateRangeMessages, shownDate } from "./dates.ts";
import { gradeOfPlan, targetWcpm } from "./goals.ts";

/**
 * The fluency graphs (grading spec §2 "Fluency graphs", §3 "Graph response", §6, §7
 * `GET /teacher/reports/graph`, §9 axes). The server sums the records in SQL; the rules here
 * turn those sums into the answer a `@mantine/charts` line or column chart draws as it is:
 * `data` rows keyed by `dataKey`, the `series` to draw and on which axis, and `vAxis` bounds.
 *
 * Every graph is of one student or of a group (a class, a school, a district): a group's point
 * is the average over its students' readings, so one row shape serves both.
 */

export const GRAPH_TYPES = [
  "fluency_benchmark",
  "fluency_cold_hot",
  "fluency",
  "quiz_complete",
] as const;
export type GraphType = (typeof GRAPH_TYPES)[number];
export const AGGREGATE_TYPES = ["class", "school", "district"] as const;
export type AggregateType = (typeof AGGREGATE_TYPES)[number];

/** The graphs drawn from graded readings; the quiz graph is the only other. */
const READING_GRAPHS: readonly GraphType[] = ["fluency_benchmark", "fluency_cold_hot", "fluency"];

/**
 * The graphs a caller's reports can fill. A class owner's own class records readings only where
 * `fluencyRecordingPossible` says so: a parent's home class never does, so its reading graphs
 * could only ever be empty. Admins read their schools' classes, which may record.
 */
export function graphTypesFor(role: Role): readonly GraphType[] {
  return allows("classOwners", role) && !fluencyRecordingPossible(role)
    ? GRAPH_TYPES.filter((type) => !READING_GRAPHS.includes(type))
    : GRAPH_TYPES;
}

/**
 * Each series' colour, on the page (reports/graphs/chart-config.ts) and in the PDF report
 * (report-pdf-charts.ts) alike: shades of Mantine's default palette, written out because the
 * app's theme darkens some of its shades and the tests measure these. Every one keeps 3:1 against
 * the white card (WCAG 1.4.11, graphical objects), and the series drawn side by side differ in
 * hue, not in shade alone, which at small sizes and for colour-blind readers runs together: cold
 * reads in cool hues and hot reads in warm ones, the three exam days in three families.
 */
export const SERIES_COLORS = {
  wpm: "#099268",
  target: "#5f666d",
  expression: "#ae3ec9",
  cold_accuracy: "#1c7ed6",
  cold_wpm: "#7048e8",
  hot_accuracy: "#e8590c",
  hot_wpm: "#c2255c",
  day1: "#099268",
  day2: "#4263eb",
  day3: "#d9480f",
} as const;
/** The goal's line and label beside the benchmark's series. */
export const GOAL_COLOR = "#495057";

/** The expression score's axis (§9): the scores run 1 to 5. */
export const EXPRESSION_AXIS = { min: 1, max: 5 } as const;
/** A percent axis: the cold/hot chart's left axis (§9) and the day scores. */
export const PERCENT_AXIS = { min: 0, max: 100 } as const;
/** Room above the benchmark target on the WPM axis (§9: "the target plus 10"). */
export const WPM_AXIS_HEADROOM = 10;

export const graphMessages = {
  noData: {
    fluency_benchmark: "No graded benchmark readings in this date range.",
    fluency_cold_hot: "No graded cold or hot reads in this date range.",
    fluency: "No graded readings in this date range.",
    quiz_complete: "No exams taken in this date range.",
  } satisfies Record<GraphType, string>,
  titles: {
    fluency_benchmark: "Benchmark Progress",
    fluency_cold_hot: "Cold and Hot Reads",
    fluency: "Correct Words per Minute",
    quiz_complete: "Exam Scores",
  } satisfies Record<GraphType, string>,
  /** A reading graph asked of a class that never records readings (`graphTypesFor`). */
  noReadings: "A home class records no readings, so it has no reading graphs.",
} as const;

// ───────────────────────── Rows (one per point or column group) ─────────────────────────

/** One date's benchmark readings: CWPM and expression averaged, the norm target of that date. */
export const benchmarkRow = z.object({
  date: z.string(),
  wpm: z.number(),
  expression: z.number(),
  /** The 50th-percentile norm of the readers' grades for the date's season; null without one. */
  target: z.number().nullable(),
  readings: z.number(),
});
export type BenchmarkRow = z.infer<typeof benchmarkRow>;

/** One lesson's graded cold and hot reads: accuracy % and CWPM of each, null when not graded. */
export const coldHotRow = z.object({
  lesson_id: z.number(),
  lesson: z.string(),
  /** The latest of the lesson's graded reads in the range. */
  date: z.string(),
  cold_accuracy: z.number().nullable(),
  hot_accuracy: z.number().nullable(),
  cold_wpm: z.number().nullable(),
  hot_wpm: z.number().nullable(),
  readings: z.number(),
});
export type ColdHotRow = z.infer<typeof coldHotRow>;

/** One graded reading (a student reads each kind of a lesson once): its CWPM column. */
export const fluencyRow = z.object({
  label: z.string(),
  lesson_id: z.number(),
  lesson: z.string(),
  classification: z.enum(RECORDED_CLASSIFICATIONS),
  type: z.string(),
  date: z.string(),
  wpm: z.number(),
  readings: z.number(),
});
export type FluencyRow = z.infer<typeof fluencyRow>;

/**
 * A lesson's day 1–3 percents: each student's latest attempt in the range (decision 0013),
 * averaged over the students who took that day; null when none did. The quiz graph and Scores
 * by Story show them.
 */
export const dayPercents = {
  day1: z.number().nullable(),
  day2: z.number().nullable(),
  day3: z.number().nullable(),
};

/**
 * One lesson's comprehension quizzes: each day's percent (the latest attempt counts, decision
 * 0013; averaged over students) and how many students took a quiz and finished all three days.
 */
export const quizRow = z.object({
  lesson_id: z.number(),
  lesson: z.string(),
  date: z.string(),
  ...dayPercents,
  students: z.number(),
  completed: z.number(),
});
export type QuizRow = z.infer<typeof quizRow>;

const axis = z.object({ label: z.string(), min: z.number(), max: z.number().nullable() });
const series = z.object({
  name: z.string(),
  label: z.string(),
  axis: z.enum(["left", "right"]),
});

/** §3 Graph response. `noDataMessage` is set exactly when `data` is empty (header only). */
function graphAnswer<const T extends GraphType, R extends z.ZodType>(type: T, row: R) {
  return z.object({
    type: z.literal(type),
    title: z.string(),
    header: z.array(z.string()),
    data: z.array(row),
    tableData: z.array(z.array(z.string())),
    noDataMessage: z.string().nullable(),
    wpmTarget: z.number().nullable(),
    vAxis: z.object({ left: axis, right: axis.nullable() }),
    dataKey: z.string(),
    series: z.array(series),
  });
}

export const graphResponse = z.discriminatedUnion("type", [
  graphAnswer("fluency_benchmark", benchmarkRow),
  graphAnswer("fluency_cold_hot", coldHotRow),
  graphAnswer("fluency", fluencyRow),
  graphAnswer("quiz_complete", quizRow),
]);
export type GraphResponse = z.infer<typeof graphResponse>;
type AnswerOf<T extends GraphType> = Extract<GraphResponse, { type: T }>;

// ───────────────────────── Building the answer ─────────────────────────

/** The benchmark readings of one date by readers of one reading level, as SQL sums them. */
export interface BenchmarkSums {
  date: string;
  planId: number;
  readings: number;
  cwpmSum: number;
  expressionSum: number;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * One row per date from the per-level sums: CWPM and expression averaged over every reading of
 * the date, and the target averaged over the readings whose grade has a norm that season
 * (goals.ts `targetWcpm`: Kindergarten and first-grade fall have none), so a group's target
 * line weighs each grade by its readings as its CWPM line does. Sums arrive in date order.
 */
export function benchmarkRows(sums: readonly BenchmarkSums[]): BenchmarkRow[] {
  const byDate = new Map<string, BenchmarkSums[]>();
  for (const s of sums) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s]);
  return [...byDate].map(([date, groups]) => {
    const total = (pick: (g: BenchmarkSums) => number) => groups.reduce((n, g) => n + pick(g), 0);
    const readings = total((g) => g.readings);
    const at = new Date(`${date}T00:00:00Z`);
    const targeted = groups.flatMap((g) => {
      const target = targetWcpm(gradeOfPlan(g.planId), at);
      return target === null ? [] : [{ target, readings: g.readings }];
    });
    const targetReadings = targeted.reduce((n, t) => n + t.readings, 0);
    return {
      date,
      wpm: Math.round(total((g) => g.cwpmSum) / readings),
      expression: oneDecimal(total((g) => g.expressionSum) / readings),
      target:
        targetReadings === 0
          ? null
          : Math.round(targeted.reduce((n, t) => n + t.target * t.readings, 0) / targetReadings),
      readings,
    };
  });
}

/** The WPM axis's top (§9): the target plus 10; without a target, the best reading plus 10. */
export function wpmAxisMax(target: number | null, rows: readonly { wpm: number }[]): number {
  const best = Math.max(0, ...rows.map((r) => r.wpm));
  return (target ?? best) + WPM_AXIS_HEADROOM;
}

const titled = (type: GraphType, subject: string) => `${graphMessages.titles[type]}: ${subject}`;

function answer<T extends GraphType>(
  type: T,
  subject: string,
  parts: Omit<AnswerOf<T>, "type" | "title" | "noDataMessage">,
): AnswerOf<T> {
  return {
    type,
    title: titled(type, subject),
    noDataMessage: parts.data.length === 0 ? graphMessages.noData[type] : null,
    ...parts,
  } as AnswerOf<T>;
}

/**
 * The benchmark line chart: CWPM on the left axis up to the target plus 10, expression on the
 * right from 1 to 5, and the target as its own line (each date's own season's norm). The
 * answer's `wpmTarget` is the latest date's: the goal the reader is measured against now.
 */
export function benchmarkGraph(
  subject: string,
  rows: BenchmarkRow[],
): AnswerOf<"fluency_benchmark"> {
  const wpmTarget = rows.at(-1)?.target ?? null;
  return answer("fluency_benchmark", subject, {
    header: ["Date", "Correct WPM", "Expression", "Target WPM", "Readings"],
    data: rows,
    tableData: rows.map((r) => [
      shownDate(r.date),
      `${r.wpm}`,
      `${r.expression}`,
      shownMeasure(r.target),
      `${r.readings}`,
    ]),
    wpmTarget,
    vAxis: {
      left: { label: "Correct WPM", min: 0, max: wpmAxisMax(wpmTarget, rows) },
      right: { label: "Expression", ...EXPRESSION_AXIS },
    },
    dataKey: "date",
    series: [
      { name: "wpm", label: "Correct WPM", axis: "left" },
      { name: "target", label: "Target WPM", axis: "left" },
      { name: "expression", label: "Expression", axis: "right" },
    ],
  });
}

/** Cold against hot reads per lesson: accuracy % on a 0–100 left axis (§9), CWPM on the right. */
export function coldHotGraph(subject: string, rows: ColdHotRow[]): AnswerOf<"fluency_cold_hot"> {
  return answer("fluency_cold_hot", subject, {
    header: ["Lesson", "Date", "Cold Accuracy %", "Hot Accuracy %", "Cold CWPM", "Hot CWPM"],
    data: rows,
    tableData: rows.map((r) => [
      r.lesson,
      shownDate(r.date),
      shownMeasure(r.cold_accuracy),
      shownMeasure(r.hot_accuracy),
      shownMeasure(r.cold_wpm),
      shownMeasure(r.hot_wpm),
    ]),
    wpmTarget: null,
    vAxis: {
      left: { label: "Accuracy %", ...PERCENT_AXIS },
      right: { label: "Correct WPM", min: 0, max: null },
    },
    dataKey: "lesson",
    series: [
      { name: "cold_accuracy", label: "Cold Read Accuracy %", axis: "left" },
      { name: "hot_accuracy", label: "Hot Read Accuracy %", axis: "left" },
      { name: "cold_wpm", label: "Cold Read CWPM", axis: "right" },
      { name: "hot_wpm", label: "Hot Read CWPM", axis: "right" },
    ],
  });
}

/** The label of a reading's column: its lesson and its kind. */
export const readingLabel = (lesson: string, classification: FluencyRow["classification"]) =>
  `${lesson} (${RECORDING_TYPES[classification]})`;

/** A column of correct words per minute per graded reading, oldest first. */
export function fluencyGraph(
  subject: string,
  rows: Omit<FluencyRow, "label" | "type">[],
): AnswerOf<"fluency"> {
  const data = rows.map((r) => ({
    ...r,
    label: readingLabel(r.lesson, r.classification),
    type: RECORDING_TYPES[r.classification],
  }));
  return answer("fluency", subject, {
    header: ["Date", "Lesson", "Type", "Correct WPM", "Readings"],
    data,
    tableData: data.map((r) => [shownDate(r.date), r.lesson, r.type, `${r.wpm}`, `${r.readings}`]),
    wpmTarget: null,
    vAxis: { left: { label: "Correct WPM", min: 0, max: null }, right: null },
    dataKey: "label",
    series: [{ name: "wpm", label: "Correct WPM", axis: "left" }],
  });
}

/**
 * Quizzes per lesson: the day 1–3 percents as grouped columns on a 0–100 axis; the table adds
 * how many students finished all three days of how many who took one ("quiz complete").
 */
export function quizGraph(subject: string, rows: QuizRow[]): AnswerOf<"quiz_complete"> {
  return answer("quiz_complete", subject, {
    header: ["Lesson", "Date", "Day 1 %", "Day 2 %", "Day 3 %", "Completed"],
    data: rows,
    tableData: rows.map((r) => [
      r.lesson,
      shownDate(r.date),
      shownMeasure(r.day1),
      shownMeasure(r.day2),
      shownMeasure(r.day3),
      `${r.completed} of ${r.students}`,
    ]),
    wpmTarget: null,
    vAxis: { left: { label: "Score %", ...PERCENT_AXIS }, right: null },
    dataKey: "lesson",
    series: [
      { name: "day1", label: "Day 1", axis: "left" },
      { name: "day2", label: "Day 2", axis: "left" },
      { name: "day3", label: "Day 3", axis: "left" },
    ],
  });
}

// ───────────────────────── The call (§7) ─────────────────────────

const optionalId = recordId({ coerce: true }).optional();

export const graphTypeMessages = {
  unknown: `Choose graphs among ${GRAPH_TYPES.join(", ")}.`,
  repeated: "Ask for each graph once.",
} as const;

/**
 * The graphs asked for, comma-separated on the wire (`types=fluency,quiz_complete`): a report
 * view asks for all of its graphs in one call, answered in the order asked.
 */
const isGraphType = (type: string): type is GraphType =>
  (GRAPH_TYPES as readonly string[]).includes(type);
const graphTypeList = z
  .string()
  .transform((text) => text.split(","))
  // Checked as one field, so a form or a client reads one message under `types`.
  .refine((types) => types.every(isGraphType), { message: graphTypeMessages.unknown, abort: true })
  .refine((types) => new Set(types).size === types.length, graphTypeMessages.repeated)
  .transform((types) => types.filter(isGraphType));

/**
 * `GET /teacher/reports/graphs`' query (the spec's `GET /teacher/reports/graph` of §7 with
 * `types` for its `type`). One student's graphs with `student_id`; otherwise a group by
 * `aggregate_type` (by default the caller's own: a class owner's class, a school admin's school,
 * a district admin's district), narrowed by `teacher_id` / `school_id` within it. `lesson_id`
 * narrows every graph to one lesson. Dates as in every report (dates.ts), here under the spec's
 * names, by default all time.
 */
export const graphsQuery = z
  .object({
    types: graphTypeList,
    student_id: optionalId,
    lesson_id: optionalId,
    from_date: dateRangeFields.start_date,
    to_date: dateRangeFields.end_date,
    aggregate_type: z.enum(AGGREGATE_TYPES).optional(),
    teacher_id: optionalId,
    school_id: optionalId,
    district_id: optionalId,
  })
  .refine((q) => q.from_date <= q.to_date, {
    message: dateRangeMessages.reversed,
    path: ["to_date"],
  });
export type GraphsQuery = z.output<typeof graphsQuery>;
/** One graph of the same criteria, as the server draws each and other reports read them. */
export type GraphQuery = Omit<GraphsQuery, "types"> & { type: GraphType };

export const graphsCalls = {
  graphs: contract({
    method: "GET",
    path: "/teacher/reports/graphs",
    tag: "reports",
    summary:
      "Fluency or quiz graphs of a student, or of a class, school or district (§3 Graph response), in the order asked: a report view's graphs in one call; 403 for a reading graph of a home class, which never records (graphTypesFor)",
    policy: "reportReaders",
    query: graphsQuery,
    response: dataResponse(z.array(graphResponse)),
  }),
} as const;
