import { z } from "zod";
import { contract } from "./contract.ts";
import { lessonSummary } from "./lessons/summary.ts";
import { dataResponse, idParam, messageResponse, recordId, text } from "./validation.ts";

// The levels, grade tags and a lesson's summary live apart from the lesson calls' schemas below:
// a student's home shows its lessons' tiles without downloading them.
export * from "./lessons/levels.ts";
export { type LessonSummary, lessonSummary } from "./lessons/summary.ts";

export const catalogResponse = dataResponse(
  z.object({
    levels: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        gradeLabel: z.string(),
        lessons: z.array(lessonSummary),
      }),
    ),
  }),
);
export type CatalogResponse = z.infer<typeof catalogResponse>;

export const lessonDetail = lessonSummary.extend({
  lyrics: z.string(),
  words: z.array(z.object({ id: z.number(), text: z.string(), line: z.number() })),
  extensionPrompt: z.string(),
});
export type LessonDetail = z.infer<typeof lessonDetail>;
export const lessonObjectResponse = dataResponse(lessonDetail);

// ───────────────────────── Assign Lessons and Worksheets (classroom spec §3, §4, §7) ─────────────────────────

/** A lesson as the assignment and worksheets pages list it; `reading_level` is its group's key. */
export const assignableLesson = z.object({
  id: z.number(),
  title: z.string(),
  grade_level: z.string(),
  reading_level: z.string(),
  subject: z.string(),
  storygenre: z.string(),
  musicgenre: z.string(),
  lexile: z.number(),
  wpm: z.number(),
  /** The lesson's printable fluency worksheet (PDF). */
  worksheet: z.string(),
  logo: z.string(),
});
export type AssignableLesson = z.infer<typeof assignableLesson>;

/** GET /teacher/lessons/assign/lessons_by_level: reading level name → its lessons, in level order. */
export const lessonsByLevelResponse = dataResponse(z.record(z.string(), z.array(assignableLesson)));
export type LessonsByLevelResponse = z.infer<typeof lessonsByLevelResponse>;

/** A student of the assignment page (classroom spec §3 "Assignment student"); lists hold lesson ids. */
export const assignmentStudent = z.object({
  id: z.number(),
  name: z.string(),
  login: z.string(),
  /** The reading level's name, e.g. "Second Grade". */
  level: z.string(),
  /** Assigned by the teacher and not completed yet (started ones included). */
  assigned_lessons: z.array(z.number()),
  /** Completed, whoever assigned them. */
  completed_lessons: z.array(z.number()),
  /** Started and not completed, whoever assigned them. */
  started_lessons: z.array(z.number()),
  /** Started by the student on their own and not assigned by the teacher, not completed yet. */
  unassigned_lessons: z.array(z.number()),
});
export type AssignmentStudent = z.infer<typeof assignmentStudent>;

export const assignmentStudentsResponse = dataResponse(z.array(assignmentStudent));
export type AssignmentStudentsResponse = z.infer<typeof assignmentStudentsResponse>;

export const ASSIGN_LIMITS = { students: 500, lessons: 100 } as const;

export const assignMessages = {
  students: "Select at least one student.",
  lessons: "Choose at least one lesson to assign or remove.",
  overlap: "A lesson cannot be both assigned and removed.",
  tooManyStudents: `Select at most ${ASSIGN_LIMITS.students} students.`,
  tooManyLessons: `Choose at most ${ASSIGN_LIMITS.lessons} lessons.`,
} as const;

const idList = (max: number, tooMany: string) =>
  z
    .array(recordId(), { error: "Field must be a list of ids" })
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)]);

/** POST /teacher/lessons/assign: one change for several students, applied in one transaction. */
export const assignLessonsRequest = z
  .object({
    student_ids: idList(ASSIGN_LIMITS.students, assignMessages.tooManyStudents).refine(
      (ids) => ids.length > 0,
      assignMessages.students,
    ),
    assign_lesson_ids: idList(ASSIGN_LIMITS.lessons, assignMessages.tooManyLessons).default([]),
    remove_lesson_ids: idList(ASSIGN_LIMITS.lessons, assignMessages.tooManyLessons).default([]),
    /** Turn the student's own started lessons into assigned ones keeping status and dates. */
    preserve_progress: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.assign_lesson_ids.length === 0 && value.remove_lesson_ids.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["assign_lesson_ids"],
        message: assignMessages.lessons,
      });
    }
    const assigning = new Set(value.assign_lesson_ids);
    if (value.remove_lesson_ids.some((id) => assigning.has(id))) {
      ctx.addIssue({
        code: "custom",
        path: ["remove_lesson_ids"],
        message: assignMessages.overlap,
      });
    }
  });
export type AssignLessonsRequest = z.input<typeof assignLessonsRequest>;

export const assignLessonsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Rows created, or a student's own lesson turned into an assigned one. */
    assigned: z.number(),
    /** Teacher assignments taken away. */
    removed: z.number(),
  }),
});
export type AssignLessonsResponse = z.infer<typeof assignLessonsResponse>;

export type LessonCheckState = "checked" | "unchecked" | "indeterminate";

/** The teacher's pending change on the assign page; a lesson is in at most one of the lists. */
export interface LessonSelection {
  assign: readonly number[];
  remove: readonly number[];
}

type HoldsLessons = Pick<AssignmentStudent, "assigned_lessons" | "completed_lessons">;

/** How many of `students` have the lesson assigned or completed. */
export const lessonHolders = (lessonId: number, students: readonly HoldsLessons[]) =>
  students.filter(
    (s) => s.assigned_lessons.includes(lessonId) || s.completed_lessons.includes(lessonId),
  ).length;

/** The state the students' own lessons give, before the teacher's pending change. */
export function baseLessonState(
  lessonId: number,
  students: readonly HoldsLessons[],
): LessonCheckState {
  const holders = lessonHolders(lessonId, students);
  if (holders === 0) return "unchecked";
  return holders === students.length ? "checked" : "indeterminate";
}

/**
 * A lesson's checkbox (classroom spec §4 "Lesson checkbox per lesson"): checked if it is in the
 * assign list or every selected student has it assigned or completed; unchecked if it is in the
 * remove list or none has it; indeterminate otherwise.
 */
export function lessonCheckState(
  lessonId: number,
  students: readonly HoldsLessons[],
  selection: LessonSelection,
): LessonCheckState {
  if (selection.assign.includes(lessonId)) return "checked";
  if (selection.remove.includes(lessonId)) return "unchecked";
  return baseLessonState(lessonId, students);
}

/**
 * A click on a lesson's checkbox: a checked lesson goes to the remove list, any other to the
 * assign list, and out of the other list. A lesson whose students already match the new state
 * leaves both lists, so the lists hold only real changes.
 */
export function toggleLesson(
  lessonId: number,
  students: readonly HoldsLessons[],
  selection: LessonSelection,
): LessonSelection {
  const assign = selection.assign.filter((id) => id !== lessonId);
  const remove = selection.remove.filter((id) => id !== lessonId);
  const base = baseLessonState(lessonId, students);
  if (lessonCheckState(lessonId, students, selection) === "checked") {
    return { assign, remove: base === "unchecked" ? remove : [...remove, lessonId] };
  }
  return { assign: base === "checked" ? assign : [...assign, lessonId], remove };
}

/** The selected students who started `lessonId` on their own: assigning it asks first. */
export function studentsWithStartedUnassigned<
  T extends Pick<AssignmentStudent, "unassigned_lessons">,
>(lessonId: number, students: readonly T[]): T[] {
  return students.filter((s) => s.unassigned_lessons.includes(lessonId));
}

/**
 * Where a student stands with their lessons on the Assign Lessons page, each lesson counted
 * once: assigned and not begun, assigned and begun, begun without being assigned, completed
 * (whoever assigned it). The response's lists overlap (a started assigned lesson is in both
 * `assigned_lessons` and `started_lessons`); side by side they read as contradictory counts.
 */
export function lessonStanding(
  student: Pick<
    AssignmentStudent,
    "assigned_lessons" | "started_lessons" | "unassigned_lessons" | "completed_lessons"
  >,
) {
  const started = new Set(student.started_lessons);
  const assignedStarted = student.assigned_lessons.filter((id) => started.has(id)).length;
  return {
    assignedNotStarted: student.assigned_lessons.length - assignedStarted,
    assignedStarted,
    startedOnTheirOwn: student.unassigned_lessons.length,
    completed: student.completed_lessons.length,
  };
}
export type LessonStanding = ReturnType<typeof lessonStanding>;

/** Worksheets table: benchmark levels are hidden (classroom spec §9). */
export const isBenchmarkLevel = (readingLevel: string) => /benchmark/i.test(readingLevel);

export type WorksheetSortKey = "title" | "reading_level";

/**
 * The worksheets table's rows: every lesson outside benchmark levels whose title or level
 * contains the search text (case-insensitive), sorted by `sort` (level order by default).
 */
export function worksheetRows(
  byLevel: Record<string, readonly AssignableLesson[]>,
  search: string,
  sort?: { key: WorksheetSortKey; direction: "asc" | "desc" },
): AssignableLesson[] {
  const needle = search.trim().toLowerCase();
  const rows = Object.entries(byLevel)
    .filter(([level]) => !isBenchmarkLevel(level))
    .flatMap(([, lessons]) => lessons)
    .filter(
      (l) =>
        needle === "" ||
        l.title.toLowerCase().includes(needle) ||
        l.reading_level.toLowerCase().includes(needle),
    );
  if (!sort) return rows;
  const order = Object.keys(byLevel);
  const compare = (a: AssignableLesson, b: AssignableLesson) =>
    sort.key === "title"
      ? a.title.localeCompare(b.title)
      : order.indexOf(a.reading_level) - order.indexOf(b.reading_level) ||
        a.title.localeCompare(b.title);
  const sorted = [...rows].sort(compare);
  return sort.direction === "asc" ? sorted : sorted.reverse();
}

// ───────────────────────── Exam preview (classroom spec §2 "Exam preview", §3, §7) ─────────────────────────

export const EXAM_DAYS = [1, 2, 3, 4] as const;
/** Day 4 is the written extension; days 1–3 are multiple choice. */
export const EXTENSION_DAY = 4;

export const examMessages = {
  lesson: "Choose a lesson.",
  day: "Choose day 1, 2, 3 or 4.",
  mode: "Mode must be take.",
} as const;

/** POST /student/examData. */
export const examDataRequest = z.object({
  lesson: recordId({ coerce: true, message: examMessages.lesson }),
  day: z.coerce
    .number({ error: examMessages.day })
    .int(examMessages.day)
    .min(1, examMessages.day)
    .max(4, examMessages.day),
  mode: z.literal("take", { error: examMessages.mode }),
});
export type ExamDataRequest = z.input<typeof examDataRequest>;

export const examAnswer = z.object({
  id: z.number(),
  letter: z.string(),
  answertext: z.string(),
  /** Only teachers, parents and admins are told; a student's answer never carries it. */
  correct: z.boolean().optional(),
  selected: z.boolean(),
});
export type ExamAnswer = z.infer<typeof examAnswer>;

export const examQuestion = z.object({
  id: z.number(),
  question: z.string(),
  question_voice_url: z.string().nullable(),
  answers_voice_url: z.string().nullable(),
  answers: z.array(examAnswer),
  /** The id of the answer chosen in this attempt; null until one is chosen. */
  answer: z.number().nullable(),
});
export type ExamQuestion = z.infer<typeof examQuestion>;

/** The day 4 rubric (classroom spec §3 "Rubric (day 4)"). */
export const EXTENSION_RUBRIC = [
  { points: 1, description: "Answered part of the question, with no support from the text." },
  {
    points: 2,
    description: "Answered every part of the question, but may lack support from the text.",
  },
  {
    points: 3,
    description: "Answered every part of the question, with examples from the text.",
  },
] as const;

export const examDataResponse = z.object({
  success: z.literal(true),
  lesson: z.object({ id: z.number(), title: z.string(), gradeLabel: z.string() }),
  day: z.number(),
  /** Days 1–3; empty on day 4. */
  questions: z.array(examQuestion),
  /** Day 4 only: the written prompt and its rubric. */
  extension: z
    .object({
      prompt: z.string(),
      rubric: z.array(z.object({ points: z.number(), description: z.string() })),
      /**
       * A student's own answer as last saved (the draft, or what was handed in), so nothing
       * typed is lost on a reload; null for adults and before the first save.
       */
      answer: z
        .object({
          text: z.string(),
          state: z.enum(["draft", "submitted"]),
          savedAt: z.string(),
        })
        .nullable(),
    })
    .nullable(),
});
export type ExamDataResponse = z.infer<typeof examDataResponse>;

/** What the answers-voice button reads when no recording exists: "A. … B. …". */
export const answersSpeech = (answers: readonly Pick<ExamAnswer, "letter" | "answertext">[]) =>
  answers.map((a) => `${a.letter}. ${a.answertext}`).join(" ");

// ───────────────────────── Printable resources (classroom spec "Resources page", §3, §9) ─────────────────────────

/** The fluency sheets' edition: their files live in a folder dated by it. */
export const FLUENCY_SHEETS_EDITION = "2026-11";

/** Fluency sheet levels (classroom spec §3): 0 Kindergarten … 5 Fifth Grade; plan id = level + 6. */
export const FLUENCY_SHEET_LEVEL_NAMES = [
  "Kindergarten",
  "First Grade",
  "Second Grade",
  "Third Grade",
  "Fourth Grade",
  "Fifth Grade",
] as const;
/** The grade buttons of the sheets tab (classroom spec §9: levels 1 to 5). */
export const FLUENCY_SHEET_GRADES = [1, 2, 3, 4, 5] as const;

export const fluencySheetLevelName = (level: number) =>
  FLUENCY_SHEET_LEVEL_NAMES[level] ?? `Level ${level}`;

export const fluencySheet = z.object({ level: z.number(), title: z.string(), file: z.string() });
export type FluencySheet = z.infer<typeof fluencySheet>;

/** GET /teacher/resources. */
export const resourcesResponse = dataResponse(
  z.object({ resources: z.object({ "fluency-sheets": z.array(fluencySheet) }) }),
);
export type ResourcesResponse = z.infer<typeof resourcesResponse>;

export const RESOURCE_TABS = [
  "planner",
  "chart",
  "curriculum",
  "sheets",
  "implementation",
] as const;
export type ResourceTab = (typeof RESOURCE_TABS)[number];

/** The page's `tab` parameter: absent or the default "boost-fluency" shows the planner. */
export function resourceTab(param: string | null): ResourceTab {
  return RESOURCE_TABS.find((tab) => tab === param) ?? "planner";
}

/** The page's `level` parameter: a sheet level 0–5, default 1. */
export function resourceLevel(param: string | null): number {
  const level = Number(param);
  return param !== null && Number.isInteger(level) && level >= 0 && level <= 5 ? level : 1;
}

/** The printable PDFs the app writes, served at /media/resources/{name}.pdf. */
export const RESOURCE_PDFS = {
  chart: "fluency-chart",
  curriculum: "curriculum-overview",
  guide: "implementation-guide",
  rubric: "fluency-rubric",
} as const;
export type ResourcePdfName = (typeof RESOURCE_PDFS)[keyof typeof RESOURCE_PDFS];
export const PLANNER_IMAGES = ["weekly-planner", "daily-routine"] as const;
export type PlannerImage = (typeof PLANNER_IMAGES)[number];

// ───────────────────────── Calls ─────────────────────────

/** The audio types a lesson's track may be uploaded as, by file extension: all play in Chromium. */
export const LESSON_TRACK_TYPES = {
  webm: "audio/webm",
  ogg: "audio/ogg",
  mp3: "audio/mpeg",
} as const;
/** The largest track staff may upload: ten minutes of audio at a generous rate. */
export const MAX_LESSON_TRACK_BYTES = 20 * 1024 * 1024;
/** The largest word-timings file: a long lesson's cues take about 20 KB. */
export const MAX_LESSON_TIMINGS_BYTES = 1024 * 1024;

/** What replacing a lesson's track or timings answers. */
export const trackReplacedResponse = messageResponse;
export type TrackReplacedResponse = z.infer<typeof trackReplacedResponse>;

const lessonsCall = { tag: "lessons" } as const;
const lessonParams = z.object({ lessonId: idParam });

/**
 * Each printable resource the app writes, a PDF or the planner's artwork, has its own path (no
 * parameter: an unknown name is a 404).
 */
const resourceFileCall = <F extends string, T extends string>(file: F, summary: string, type: T) =>
  contract({
    ...lessonsCall,
    policy: "adults",
    method: "GET",
    path: `/media/resources/${file}`,
    summary,
    file: type,
  });
const resourcePdfCall = (name: ResourcePdfName) =>
  resourceFileCall(`${name}.pdf`, `Printable resource: ${name} (PDF)`, "application/pdf");
const plannerImageCall = (name: PlannerImage) =>
  resourceFileCall(`${name}.svg`, `Planner artwork: ${name} (SVG)`, "image/svg+xml");

export const lessonsCalls = {
  catalog: contract({
    ...lessonsCall,
    policy: "adults",
    method: "GET",
    path: "/lessons/catalog",
    summary: "All lessons grouped by reading level",
    response: catalogResponse,
  }),
  lesson: contract({
    ...lessonsCall,
    policy: "signedIn",
    method: "GET",
    path: "/service/objects/lesson/:lessonId",
    summary: "One lesson with its words",
    params: lessonParams,
    response: lessonObjectResponse,
  }),
  logo: contract({
    ...lessonsCall,
    policy: "public",
    method: "GET",
    path: "/media/lessons/:lessonId/logo.svg",
    summary: "A lesson's logo",
    params: lessonParams,
    file: "image/svg+xml",
  }),
  benchmarkLogo: contract({
    ...lessonsCall,
    policy: "public",
    method: "GET",
    path: "/media/lessons/benchmark-logo.svg",
    summary: "The logo every benchmark passage shows",
    file: "image/svg+xml",
  }),
  worksheet: contract({
    ...lessonsCall,
    policy: "adults",
    method: "GET",
    path: "/media/lessons/:lessonId/worksheet.pdf",
    summary: "A lesson's printable fluency worksheet (PDF)",
    params: lessonParams,
    file: "application/pdf",
  }),
  lessonsByLevel: contract({
    ...lessonsCall,
    policy: "classOwners",
    method: "GET",
    path: "/teacher/lessons/assign/lessons_by_level",
    summary: "Lessons grouped by reading level, for assigning and for worksheets",
    response: lessonsByLevelResponse,
  }),
  assignmentStudents: contract({
    ...lessonsCall,
    policy: "classOwners",
    method: "GET",
    path: "/teacher/lessons/assign/students",
    summary: "The teacher's students with their assigned, started, completed and own lessons",
    response: assignmentStudentsResponse,
  }),
  assign: contract({
    ...lessonsCall,
    policy: "classOwners",
    method: "POST",
    path: "/teacher/lessons/assign",
    summary: "Assign and remove lessons for several of the teacher's students at once",
    body: assignLessonsRequest,
    response: assignLessonsResponse,
  }),
  examData: contract({
    ...lessonsCall,
    policy: "signedIn",
    method: "POST",
    path: "/student/examData",
    summary: "A lesson's exam for one day: questions for days 1–3, the prompt and rubric for day 4",
    body: examDataRequest,
    response: examDataResponse,
  }),
  resources: contract({
    ...lessonsCall,
    policy: "classOwners",
    method: "GET",
    path: "/teacher/resources",
    summary: "The printable resources page's data: the fluency sheets of grades 1–5",
    response: resourcesResponse,
  }),
  fluencySheet: contract({
    ...lessonsCall,
    policy: "adults",
    method: "GET",
    path: "/media/resources/fluency-sheets/:edition/:file",
    summary: "A fluency sheet (PDF) in its dated folder",
    params: z.object({ edition: text().max(100), file: text().max(200) }),
    file: "application/pdf",
  }),
  track: contract({
    ...lessonsCall,
    policy: "signedIn",
    method: "GET",
    path: "/media/lessons/:lessonId/track",
    summary:
      "A lesson's read-along audio (Opus in WebM unless staff uploaded another type); answers Range requests",
    params: lessonParams,
    file: "audio/webm",
  }),
  timings: contract({
    ...lessonsCall,
    policy: "signedIn",
    method: "GET",
    path: "/media/lessons/:lessonId/words.vtt",
    summary: "A lesson's word timings: WebVTT, one cue per word, the cue id the word's index",
    params: lessonParams,
    file: "text/vtt",
  }),
  replaceTrack: contract({
    ...lessonsCall,
    policy: "staff",
    method: "POST",
    path: "/staff/lessons/:lessonId/track",
    summary:
      "Replace a lesson's read-along audio: the file as the body, typed audio/webm, audio/ogg or audio/mpeg",
    params: lessonParams,
    response: trackReplacedResponse,
  }),
  replaceTimings: contract({
    ...lessonsCall,
    policy: "staff",
    method: "POST",
    path: "/staff/lessons/:lessonId/words.vtt",
    summary: "Replace a lesson's word timings: a WebVTT file (text/vtt) as the body, cues in order",
    params: lessonParams,
    response: trackReplacedResponse,
  }),
  resourcePdfs: Object.fromEntries(
    Object.values(RESOURCE_PDFS).map((name) => [name, resourcePdfCall(name)]),
  ) as Record<ResourcePdfName, ReturnType<typeof resourcePdfCall>>,
  plannerImages: Object.fromEntries(
    PLANNER_IMAGES.map((name) => [name, plannerImageCall(name)]),
  ) as Record<PlannerImage, ReturnType<typeof plannerImageCall>>,
};

export const resourcePdfUrl = (name: ResourcePdfName) => lessonsCalls.resourcePdfs[name].path;
export const plannerImageUrl = (name: PlannerImage) => lessonsCalls.plannerImages[name].path;
