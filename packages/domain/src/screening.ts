import { z } from "zod";
import { contract } from "./contract.ts";
import { isoDay } from "./reports/dates.ts";
import { SEASONS } from "./reports/orf-norms.ts";
import {
  type BenchmarkWindow,
  dayOf,
  schoolYearOf,
  seasonBounds,
  TIERS,
} from "./screening/rules.ts";
import { dataResponse, idParam, recordId, text } from "./validation.ts";

/**
 * Screening and progress monitoring (issue 39, docs/decisions/0037): benchmark windows, the
 * screening results per tier, monitoring plans. This file holds the calls and their schemas;
 * screening/rules.ts the rules.
 */
export const screeningCall = { tag: "screening" } as const;

/** The grades with benchmark passages and norms: first to fifth (Kindergarten reads none). */
export const SCREENED_GRADES = [1, 2, 3, 4, 5] as const;
export type ScreenedGrade = (typeof SCREENED_GRADES)[number];

export const windowMessages = {
  reversed: "The window must end on or after its first day.",
  outside: (season: string, first: string, last: string) =>
    `The ${season} window must fall between ${usDay(first)} and ${usDay(last)}.`,
  passages: "Choose three different passages.",
  notPassage: "Choose a benchmark passage of this grade.",
  saved: "Benchmark windows saved",
  setByDistrict: "Your district sets the benchmark windows.",
  setBySchool: "Your school's admin sets the benchmark windows.",
} as const;

/** MM/DD/YYYY, as the product shows days. */
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

const CHOOSE_YEAR = "Choose a school year.";
/** A school year by its first calendar year: 2026 is July 2026 to June 2027. */
const yearNumber = z
  .number({ error: CHOOSE_YEAR })
  .int(CHOOSE_YEAR)
  .min(2000, CHOOSE_YEAR)
  .max(2499, CHOOSE_YEAR);
/** The same in a query string. */
export const schoolYear = z.coerce.number({ error: CHOOSE_YEAR }).pipe(yearNumber);

/** The school year (as a number) a day falls in. */
export const schoolYearNumber = (day: string): number => Number(schoolYearOf(day).slice(0, 4));

/** The school year running today. */
export const currentSchoolYear = (now: Date = new Date()): number => schoolYearNumber(dayOf(now));

/** Three different passages, by lesson id, that a grade reads in a window. */
const gradePassages = z
  .array(recordId(), { error: windowMessages.passages })
  .length(3, windowMessages.passages)
  .refine((ids) => new Set(ids).size === ids.length, windowMessages.passages);

/** Each screened grade's passages, keyed "1" … "5". */
const byGrade = <T extends z.ZodType>(passages: T) =>
  z.strictObject(
    Object.fromEntries(SCREENED_GRADES.map((g) => [String(g), passages])) as Record<
      `${ScreenedGrade}`,
      T
    >,
  );
const passagesByGrade = byGrade(gradePassages);
export type PassagesByGrade = z.infer<typeof passagesByGrade>;

const windowShape = z.object({
  season: z.enum(SEASONS),
  start: isoDay,
  end: isoDay,
  passages: passagesByGrade,
});
/**
 * A window as the server answers it: the passages it names, which a catalog without three of a
 * grade (a database the catalog was never loaded into) may leave short.
 */
const windowAnswerShape = windowShape.extend({ passages: byGrade(z.array(z.number())) });
export type WindowWithPassages = z.infer<typeof windowShape>;

/**
 * The year's three windows as a form sends them: fall, winter and spring in order, each inside
 * its season's days (decision 0018) and running forward.
 */
export const windowsBody = z
  .strictObject({ year: yearNumber, windows: z.array(windowShape).length(3) })
  .superRefine((body, ctx) => {
    body.windows.forEach((w, i) => {
      const season = SEASONS[i];
      if (w.season !== season) {
        ctx.addIssue({ code: "custom", path: ["windows", i, "season"], message: "Out of order" });
        return;
      }
      if (w.end < w.start)
        ctx.addIssue({
          code: "custom",
          path: ["windows", i, "end"],
          message: windowMessages.reversed,
        });
      const { first, last } = seasonBounds(`${body.year}-07-01`, season);
      for (const field of ["start", "end"] as const)
        if (w[field] < first || w[field] > last)
          ctx.addIssue({
            code: "custom",
            path: ["windows", i, field],
            message: windowMessages.outside(season, first, last),
          });
    });
  });
export type WindowsInput = z.infer<typeof windowsBody>;

/** Who set the windows a caller's students read in. */
export const WINDOW_SOURCES = ["district", "school", "class", "default"] as const;
export type WindowSource = (typeof WINDOW_SOURCES)[number];

const passageChoice = z.object({ id: z.number(), title: z.string() });

export const windowsAnswer = z.object({
  year: z.number(),
  windows: z.array(windowAnswerShape),
  source: z.enum(WINDOW_SOURCES),
  /** Whether the caller may change them (a district's bind its schools, a school's its teachers). */
  editable: z.boolean(),
  /** Each grade's benchmark passages, to choose from. */
  choices: z.record(z.string(), z.array(passageChoice)),
  /** When they were last saved, and by whom; null for the defaults. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type WindowsAnswer = z.infer<typeof windowsAnswer>;

/** The windows of a year, as `windowsAnswer` carries them, without their passages. */
export const windowsOnly = (windows: readonly WindowWithPassages[]): BenchmarkWindow[] =>
  windows.map(({ season, start, end }) => ({ season, start, end }));

export const screeningCalls = {
  windows: contract({
    ...screeningCall,
    policy: "reportReaders",
    method: "GET",
    path: "/screening/windows",
    summary: "The benchmark windows a caller's students read in, for a school year",
    query: z.object({ year: schoolYear.optional() }),
    response: dataResponse(windowsAnswer),
  }),
  saveWindows: contract({
    ...screeningCall,
    policy: "windowSetters",
    method: "POST",
    path: "/screening/windows",
    summary: "Set the year's benchmark windows for the caller's district, school or own class",
    body: windowsBody,
    response: z.object({ success: z.literal(true), data: windowsAnswer, message: z.string() }),
  }),
};

// ---------------------------------------------------------------------------------------------
// A class's screening

/** Where one passage of a student's window stands. */
export const PASSAGE_STATES = ["not_read", "to_grade", "confirmed"] as const;
export type PassageState = (typeof PASSAGE_STATES)[number];

const passageReading = z.object({
  lessonId: z.number(),
  title: z.string(),
  state: z.enum(PASSAGE_STATES),
  /** The reading that counts: the newest graded one, else the newest recorded. */
  recordingId: z.number().nullable(),
  wcpm: z.number().nullable(),
  accuracy: z.number().nullable(),
});
export type PassageReading = z.infer<typeof passageReading>;

const percentile = z.object({ value: z.number(), bound: z.enum(["at", "under", "over"]) });
const screeningResultSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("scored"),
    wcpm: z.number(),
    accuracy: z.number(),
    tier: z.enum(TIERS),
    percentile: percentile.nullable(),
  }),
  z.object({ status: z.literal("incomplete"), confirmed: z.number() }),
  z.object({ status: z.literal("unrated"), wcpm: z.number(), accuracy: z.number() }),
]);

const studentScreening = z.object({
  id: z.number(),
  name: z.string(),
  /** 0 Kindergarten … 5 fifth grade: their reading level's grade. */
  grade: z.number(),
  passages: z.array(passageReading),
  /** Null for a grade with no benchmark passages (Kindergarten). */
  result: screeningResultSchema.nullable(),
});
export type StudentScreening = z.infer<typeof studentScreening>;

const tierCountsSchema = z.object({
  at_or_above: z.number(),
  below: z.number(),
  well_below: z.number(),
  incomplete: z.number(),
  unrated: z.number(),
});

const windowOnly = z.object({ season: z.enum(SEASONS), start: z.string(), end: z.string() });

export const classScreeningAnswer = z.object({
  year: z.number(),
  window: windowOnly,
  /** The year's three windows, to switch between. */
  windows: z.array(windowOnly),
  /** Whether the window is open today. */
  open: z.boolean(),
  students: z.array(studentScreening),
  counts: tierCountsSchema,
  /** The window before, in the same school year: its counts, to compare. */
  previous: z.object({ season: z.enum(SEASONS), counts: tierCountsSchema }).nullable(),
});
export type ClassScreening = z.infer<typeof classScreeningAnswer>;

const windowQuery = z.object({
  year: schoolYear.optional(),
  season: z.enum(SEASONS, { error: "Choose fall, winter or spring." }).optional(),
});

export const assignWindowMessages = {
  assigned: (passages: number, students: number) =>
    passages === 0
      ? "Every student already has this window's passages."
      : `Assigned ${passages} ${passages === 1 ? "passage" : "passages"} to ${students} ${students === 1 ? "student" : "students"}.`,
} as const;

/** Which window's passages a class owner assigns to the class, or to one of its groups. */
export const assignWindowBody = z.strictObject({
  year: yearNumber,
  season: z.enum(SEASONS, { error: "Choose fall, winter or spring." }),
  /** A group of the class (the session's readers); left out, the whole class. */
  group_id: recordId().optional(),
});

export const classScreeningCalls = {
  own: contract({
    ...screeningCall,
    policy: "classOwners",
    method: "GET",
    path: "/screening/class",
    summary: "The caller's class in a benchmark window: each student's passages, median and tier",
    query: windowQuery,
    response: dataResponse(classScreeningAnswer),
  }),
  assign: contract({
    ...screeningCall,
    policy: "classOwners",
    method: "POST",
    path: "/screening/class/assign",
    summary: "Assign each student of the class their grade's passages of a window",
    body: assignWindowBody,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      data: z.object({ passages: z.number(), students: z.number() }),
    }),
  }),
  ofTeacher: contract({
    ...screeningCall,
    policy: "admins",
    method: "GET",
    path: "/screening/classes/:teacherId",
    summary: "A class of the admin's school or district in a benchmark window",
    params: z.object({ teacherId: idParam }),
    query: windowQuery,
    response: dataResponse(classScreeningAnswer),
  }),
};

// ---------------------------------------------------------------------------------------------
// A school's or district's screening

const countsWithBefore = z.object({
  counts: tierCountsSchema,
  previous: tierCountsSchema.nullable(),
});

/** How many of a district's schools its Screening page lists at a time. */
export const SCREENING_SCHOOLS_PAGE_SIZE = 25;

/**
 * A window, and for a district admin one of the district's schools to open (a school's summary
 * PDF is of the overview's window).
 */
export const reachWindowQuery = windowQuery.extend({
  school: recordId({ coerce: true }).optional(),
});

/** And for the district itself, which page of its schools to list, by name (containing `search`). */
const reachPageQuery = reachWindowQuery.extend({
  search: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const reachScreeningAnswer = z.object({
  year: z.number(),
  season: z.enum(SEASONS),
  /** The season before, whose counts `previous` holds; null for fall. */
  previousSeason: z.enum(SEASONS).nullable(),
  /** The windows in force (the district's, the school's or the defaults). */
  windows: z.array(windowOnly),
  /** The students of the reach, Kindergarten too: none means nobody to screen yet. */
  students: z.number(),
  ...countsWithBefore.shape,
  /** Per grade, Kindergarten left out (it reads no passages). */
  grades: z.array(z.object({ grade: z.number(), ...countsWithBefore.shape })),
  /**
   * Per school of the reach, by name: a district's page of them (`SCREENING_SCHOOLS_PAGE_SIZE`,
   * those matching the search), an opened school alone.
   */
  schools: z.array(z.object({ id: z.number(), name: z.string(), ...countsWithBefore.shape })),
  /** How many schools of the reach match the search (all of them without one), every page's. */
  schoolCount: z.number(),
  /** Per class, by teacher's name, when the reach is one school (a district lists its schools). */
  classes: z.array(
    z.object({
      teacherId: z.number(),
      name: z.string(),
      schoolId: z.number(),
      ...countsWithBefore.shape,
    }),
  ),
});
export type ReachScreening = z.infer<typeof reachScreeningAnswer>;

export const reachScreeningCalls = {
  summary: contract({
    ...screeningCall,
    policy: "admins",
    method: "GET",
    path: "/screening/summary",
    summary: "The admin's school or district in a benchmark window: tiers per grade, school, class",
    query: reachPageQuery,
    response: dataResponse(reachScreeningAnswer),
  }),
};
