import {
  dayPercent,
  EMPTY_PROGRESS,
  EXTENSION_RUBRIC,
  isLessonComplete,
  type LessonProgress,
  type LessonRules,
  lockReason,
  needsRetake,
  PASSING_PERCENT,
  READ_ALONGS_REQUIRED,
  resolveLessonRules,
  STUDENT_PLAN_IDS,
  TEST_DAYS,
  type TestDay,
  type TimeKind,
} from "@refrain/domain";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { classSettingsColumns, lessonDefaultsOf, orDefaults } from "../areas/account/index.ts";
import { tri } from "../areas/learning/index.ts";
import type { Db } from "../db/client.ts";
import {
  assignments,
  classSettings,
  examAnswers,
  examAttempts,
  examQuestions,
  extensionResponses,
  lessons,
  readAlongs,
  timeOnTask,
  users,
} from "../db/schema/index.ts";
import { EXTENSION_ANSWERS } from "./extension-answers.ts";
import { type Random, seededRandom } from "./plan/random.ts";
import type { WorldSize } from "./plan/world.ts";

/**
 * What students and teachers did, for the demo and the benchmark: read-alongs, day 1–3 attempts
 * (retakes included), day 4 answers and time on task, made to follow the lesson rules exactly as
 * the server records them (areas/learning/record.ts), so a completed assignment is complete by
 * `isLessonComplete` and a started one is not. It reads the assignments the world already has:
 * nothing is recorded for an assigned lesson (a record would have started it) nor for a lesson
 * outside the student's plan (a record would have put it there). Deterministic for a given world
 * and `now`.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const BATCH = 20_000;
/** The demo's teachers show time in the last four weeks, as its assignments do. */
const DEMO_DAYS = 28;
/** The large world covers about 180 school days (36 weeks) whatever the season. */
const LARGE_DAYS = 252;
/** The large world's five weeks of assignments (assignments.ts) start this long ago. */
const RECENT_DAYS = 36;

/** One question of a lesson's day: its right choice and the wrong ones. */
export interface HistoryQuestion {
  id: number;
  right: number;
  wrong: number[];
}

/** A lesson of a student's plan, as history needs it. */
export interface PlannedLesson {
  studentId: number;
  teacherId: number | null;
  lessonId: number;
  title: string;
  status: "started" | "completed";
  startedAt: Date;
  /** When it was completed; for a started one, `now`. */
  end: Date;
  rules: LessonRules;
  questions: Record<TestDay, HistoryQuestion[]>;
}

export interface ReadAlongRow {
  studentId: number;
  lessonId: number;
  play: string;
  createdAt: Date;
}
export interface AttemptRow {
  studentId: number;
  lessonId: number;
  day: TestDay;
  attempt: number;
  answers: { question: number; answer: number }[];
  correct: number;
  solved: number;
  percent: number | null;
  createdAt: Date;
}
export interface ExtensionRow {
  studentId: number;
  lessonId: number;
  draft: string;
  draftSavedAt: Date;
  response: string | null;
  submittedAt: Date | null;
  score: number | null;
  scoreText: string | null;
  comment: string | null;
  scoredAt: Date | null;
  scoredBy: number | null;
}
/** Seconds of one kind spent just before `at`. */
export interface Activity {
  kind: TimeKind;
  at: Date;
  seconds: number;
}

export interface LessonHistory {
  readAlongs: ReadAlongRow[];
  attempts: AttemptRow[];
  extension: ExtensionRow | null;
  activity: Activity[];
}

const COMMENTS: Record<number, string[]> = {
  1: ["Good start. Answer every part of the question next time.", "Tell me more about your idea."],
  2: [
    "Nice thinking! Which line of the song shows this?",
    "Good answer. Add an example next time.",
  ],
  3: ["Great work using the text!", "Wonderful examples from the song."],
};

/** A version 4 UUID from the seeded random, so read-along plays are the same every run. */
function uuidFrom(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = "4";
  hex[16] = (8 + random.int(0, 3)).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** One of the lesson's day 4 answers, and the rubric score it earns: they come strongest first. */
function pickAnswer(random: Random, title: string): { text: string; score: number } {
  const answers = EXTENSION_ANSWERS[title];
  if (!answers?.length) throw new Error(`No day 4 answers for lesson "${title}"`);
  const index = random.int(0, answers.length - 1);
  return { text: answers[index] as string, score: Math.max(1, 3 - index) };
}

/** How many of `n` questions to get right for a passing or a failing score. */
function correctCount(random: Random, n: number, pass: boolean): number {
  const least = Math.ceil((PASSING_PERCENT * n) / 100);
  return pass ? random.int(least, n) : random.int(Math.min(1, least - 1), least - 1);
}

/**
 * One lesson's history, step by step as a student works through the player: read-alongs, then
 * days 1–3 (a failed day retaken, always until passed when `require_retake` asks), then day 4.
 * Each step is taken only when `lockReason` allows it. A completed lesson does every step and
 * hands day 4 in at `end`; a started one stops before handing in. The work falls in four
 * sessions spread from `startedAt` to `end`, a few minutes apart within a session.
 */
export function planLessonHistory(random: Random, lesson: PlannedLesson, now: Date): LessonHistory {
  const out: LessonHistory = { readAlongs: [], attempts: [], extension: null, activity: [] };
  const { studentId, lessonId, rules } = lesson;
  const progress: LessonProgress = { ...EMPTY_PROGRESS, days: { ...EMPTY_PROGRESS.days } };
  const start = lesson.startedAt.getTime();
  const span = Math.max(0, lesson.end.getTime() - start);
  const step = Math.min(3 * MINUTE_MS, span / 40);
  let session = 0;
  let inSession = 0;
  const nextTime = () => {
    inSession += 1;
    return new Date(start + (span * session) / 4 + step * inSession);
  };
  const newSession = (to: number) => {
    session = to;
    inSession = 0;
  };
  const spend = (kind: TimeKind, at: Date, seconds: number) => {
    out.activity.push({ kind, at, seconds });
    if (kind !== "learning") out.activity.push({ kind: "learning", at, seconds });
  };
  const assertOpen = (day: number) => {
    const reason = lockReason(day, progress, rules);
    if (reason) throw new Error(`History would take day ${day} while locked (${reason})`);
  };

  // Steps: reading (1), days 1–3 (2–4), a day 4 draft (5), handed in (6). A started lesson
  // stops after 1–5 of them: never complete, and its card shows what was done.
  const stopAfter = lesson.status === "completed" ? 6 : random.int(1, 5);
  const reads = rules.require3x
    ? READ_ALONGS_REQUIRED + (random.next() < 0.3 ? 1 : 0)
    : random.pick(stopAfter === 1 ? [1, 2] : [0, 1, 1, 2, 3, 3, 4]);
  spend("learning", nextTime(), random.int(30, 120));
  for (let r = 0; r < reads; r++) {
    const at = nextTime();
    out.readAlongs.push({ studentId, lessonId, play: uuidFrom(random), createdAt: at });
    progress.readAlongs += 1;
    spend("reading", at, random.int(60, 150));
  }

  for (const day of TEST_DAYS) {
    if (stopAfter < day + 1) return out;
    if (day > 1) newSession(day - 1);
    const questions = lesson.questions[day];
    if (questions.length === 0) throw new Error(`Lesson ${lessonId} has no day ${day} questions`);
    for (let attempt = 1; ; attempt++) {
      assertOpen(day);
      // A first try fails one time in four; a retake mostly passes, the third always.
      const pass = attempt >= 3 || random.next() < (attempt === 1 ? 0.75 : 0.85);
      const correct = correctCount(random, questions.length, pass);
      const right = new Set<number>();
      while (right.size < correct) right.add(random.int(0, questions.length - 1));
      const answers = questions.map((q, i) => ({
        question: q.id,
        answer: right.has(i) ? q.right : random.pick(q.wrong),
      }));
      const percent = dayPercent(correct, questions.length);
      const at = nextTime();
      out.attempts.push({
        studentId,
        lessonId,
        day,
        attempt,
        answers,
        correct,
        solved: questions.length,
        percent,
        createdAt: at,
      });
      progress.days[day] = percent;
      spend("comprehension", at, random.int(90, 300));
      if (!needsRetake(percent)) break;
      // Without `require_retake` a student may leave a low score; one in four does.
      if (!rules.requireRetake && random.next() < 0.25) break;
    }
  }

  if (stopAfter < 5) return out;
  newSession(3);
  assertOpen(4);
  const { text, score } = pickAnswer(random, lesson.title);
  const writing = random.int(300, 900);
  if (lesson.status === "started") {
    // A draft saved as they typed, not handed in yet.
    const at = nextTime();
    const draft = text.slice(0, text.indexOf(".") + 1);
    out.extension = extensionRow(studentId, lessonId, draft, at, null);
    spend("learning", at, writing);
    return out;
  }
  out.extension = extensionRow(studentId, lessonId, text, lesson.end, lesson.end);
  spend("learning", lesson.end, writing);
  progress.extension = "submitted";
  if (!isLessonComplete(progress, rules))
    throw new Error(`History left completed lesson ${lessonId} incomplete`);
  // The teacher scored about half of the answers handed in a day or more ago.
  const scoredAt = new Date(lesson.end.getTime() + random.int(1, 2) * DAY_MS);
  if (lesson.teacherId !== null && scoredAt <= now && random.next() < 0.5) {
    Object.assign(out.extension, {
      score,
      scoreText: EXTENSION_RUBRIC[score - 1]?.description ?? null,
      comment: random.pick(COMMENTS[score] ?? []),
      scoredAt,
      scoredBy: lesson.teacherId,
    });
  }
  return out;
}

function extensionRow(
  studentId: number,
  lessonId: number,
  draft: string,
  savedAt: Date,
  submittedAt: Date | null,
): ExtensionRow {
  return {
    studentId,
    lessonId,
    draft,
    draftSavedAt: savedAt,
    response: submittedAt ? draft : null,
    submittedAt,
    score: null,
    scoreText: null,
    comment: null,
    scoredAt: null,
    scoredBy: null,
  };
}

export interface TimeRow {
  userId: number;
  kind: TimeKind;
  day: string;
  schoolId: number | null;
  seconds: number;
  lastBeatAt: Date;
}

/** A user's activity in daily buckets (UTC), as heartbeats would have filled them. */
function addToBuckets(
  buckets: Map<string, TimeRow>,
  userId: number,
  schoolId: number | null,
  activity: readonly Activity[],
) {
  for (const a of activity) {
    const day = a.at.toISOString().slice(0, 10);
    const key = `${userId}|${a.kind}|${day}`;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.seconds = Math.min(86_400, bucket.seconds + a.seconds);
      if (a.at > bucket.lastBeatAt) bucket.lastBeatAt = a.at;
    } else
      buckets.set(key, {
        userId,
        kind: a.kind,
        day,
        schoolId,
        seconds: a.seconds,
        lastBeatAt: a.at,
      });
  }
}

/** The first day history covers for a world of `size`. */
export function historyStart(size: WorldSize, now: Date): Date {
  return new Date(now.getTime() - (size === "large" ? LARGE_DAYS : DEMO_DAYS) * DAY_MS);
}

export interface HistoryCounts {
  earlierLessons: number;
  readAlongs: number;
  examAttempts: number;
  extensionResponses: number;
  timeOnTask: number;
}

/**
 * Records the history of every student's started and completed lessons, and the teachers'
 * time in grading and reports. The large world first gets the rest of each student's level as
 * lessons their teacher assigned and they completed earlier in the school year, so its records
 * span about 180 school days. Inserted in bulk, in one transaction.
 */
export async function generateHistory(
  db: Db,
  size: WorldSize,
  now = new Date(),
): Promise<HistoryCounts> {
  const random = seededRandom(9009);
  const teacher = alias(users, "teacher");
  const students = await db
    .select({
      id: users.id,
      planId: users.planId,
      teacherId: users.teacherId,
      require3x: users.require3x,
      requireRetake: users.requireRetake,
      settings: classSettingsColumns,
      // The school a heartbeat copies into the bucket (record.ts heartbeat()).
      schoolId: sql<number | null>`coalesce(${users.schoolId}, ${teacher.schoolId})`,
    })
    .from(users)
    .leftJoin(teacher, eq(teacher.id, users.teacherId))
    .leftJoin(classSettings, eq(classSettings.teacherId, users.teacherId))
    .where(eq(users.role, "student"))
    .orderBy(asc(users.id));
  const catalog = await db
    .select({ id: lessons.id, planId: lessons.planId, title: lessons.title })
    .from(lessons)
    .where(inArray(lessons.planId, [...STUDENT_PLAN_IDS]))
    .orderBy(asc(lessons.id));
  const questions = await loadQuestions(db);
  const titleOf = new Map(catalog.map((l) => [l.id, l.title]));

  const plans = await db
    .select({
      studentId: assignments.studentId,
      lessonId: assignments.lessonId,
      status: assignments.status,
      startedAt: assignments.startedAt,
      completedAt: assignments.completedAt,
    })
    .from(assignments)
    .orderBy(asc(assignments.studentId), asc(assignments.lessonId));
  const earlier =
    size === "large"
      ? planEarlierLessons(
          random,
          students,
          catalog,
          new Set(plans.map((p) => `${p.studentId}|${p.lessonId}`)),
          now,
        )
      : [];
  const planned = [
    ...earlier.map((e) => ({ ...e, status: "completed" as const })),
    ...plans.flatMap((p) =>
      p.status === "assigned" ? [] : [{ ...p, status: p.status, startedAt: p.startedAt ?? now }],
    ),
  ].sort((a, b) => a.studentId - b.studentId || a.lessonId - b.lessonId);

  const studentOf = new Map(students.map((s) => [s.id, s]));
  const rulesOf = new Map(
    students.map((s) => [
      s.id,
      resolveLessonRules(
        { require_3x: tri(s.require3x), require_retake: tri(s.requireRetake) },
        lessonDefaultsOf(orDefaults(s.settings)),
      ),
    ]),
  );
  const reads: ReadAlongRow[] = [];
  const attempts: AttemptRow[] = [];
  const extensions: ExtensionRow[] = [];
  const buckets = new Map<string, TimeRow>();
  for (const p of planned) {
    const student = studentOf.get(p.studentId);
    if (!student) continue;
    const history = planLessonHistory(
      random,
      {
        studentId: p.studentId,
        teacherId: student.teacherId,
        lessonId: p.lessonId,
        title: titleOf.get(p.lessonId) ?? "",
        status: p.status,
        startedAt: p.startedAt,
        end: p.completedAt ?? now,
        rules: rulesOf.get(p.studentId) as LessonRules,
        questions: questions.get(p.lessonId) ?? { 1: [], 2: [], 3: [] },
      },
      now,
    );
    reads.push(...history.readAlongs);
    attempts.push(...history.attempts);
    if (history.extension) extensions.push(history.extension);
    addToBuckets(buckets, p.studentId, student.schoolId, history.activity);
  }
  const teachers = await db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.role, "teacher"))
    .orderBy(asc(users.id));
  for (const t of teachers)
    addToBuckets(buckets, t.id, t.schoolId, teacherActivity(random, historyStart(size, now), now));
  const time = [...buckets.values()];

  await db.transaction(async (tx) => {
    await bulkInsert(tx, assignments, earlier, {
      student_id: ["int", (r) => r.studentId],
      lesson_id: ["int", (r) => r.lessonId],
      assigned_by: ["text", () => "teacher"],
      status: ["text", () => "completed"],
      assigned_at: ["timestamptz", (r) => r.assignedAt],
      started_at: ["timestamptz", (r) => r.startedAt],
      completed_at: ["timestamptz", (r) => r.completedAt],
    });
    await bulkInsert(tx, readAlongs, reads, {
      student_id: ["int", (r) => r.studentId],
      lesson_id: ["int", (r) => r.lessonId],
      play: ["uuid", (r) => r.play],
      created_at: ["timestamptz", (r) => r.createdAt],
    });
    await bulkInsert(tx, examAttempts, attempts, {
      student_id: ["int", (r) => r.studentId],
      lesson_id: ["int", (r) => r.lessonId],
      day: ["smallint", (r) => r.day],
      attempt: ["smallint", (r) => r.attempt],
      answers: ["jsonb", (r) => JSON.stringify(r.answers)],
      correct: ["smallint", (r) => r.correct],
      solved: ["smallint", (r) => r.solved],
      percent: ["smallint", (r) => r.percent],
      created_at: ["timestamptz", (r) => r.createdAt],
    });
    await bulkInsert(tx, extensionResponses, extensions, {
      student_id: ["int", (r) => r.studentId],
      lesson_id: ["int", (r) => r.lessonId],
      draft: ["text", (r) => r.draft],
      draft_saved_at: ["timestamptz", (r) => r.draftSavedAt],
      response: ["text", (r) => r.response],
      submitted_at: ["timestamptz", (r) => r.submittedAt],
      score: ["smallint", (r) => r.score],
      score_text: ["text", (r) => r.scoreText],
      comment: ["text", (r) => r.comment],
      scored_at: ["timestamptz", (r) => r.scoredAt],
      scored_by: ["int", (r) => r.scoredBy],
    });
    await bulkInsert(tx, timeOnTask, time, {
      user_id: ["int", (r) => r.userId],
      kind: ["text", (r) => r.kind],
      day: ["date", (r) => r.day],
      school_id: ["int", (r) => r.schoolId],
      seconds: ["int", (r) => r.seconds],
      last_beat_at: ["timestamptz", (r) => r.lastBeatAt],
    });
  });
  // Fresh statistics, so the planner picks the indexes the reports rely on right away.
  await db.execute(
    sql`analyze ${assignments}, ${readAlongs}, ${examAttempts}, ${extensionResponses}, ${timeOnTask}`,
  );
  return {
    earlierLessons: earlier.length,
    readAlongs: reads.length,
    examAttempts: attempts.length,
    extensionResponses: extensions.length,
    timeOnTask: time.length,
  };
}

/** Every lesson's day 1–3 questions in order, with their right and wrong choices. */
async function loadQuestions(db: Db) {
  const rows = await db
    .select({
      lessonId: examQuestions.lessonId,
      day: examQuestions.day,
      questionId: examQuestions.id,
      answerId: examAnswers.id,
      correct: examAnswers.correct,
    })
    .from(examQuestions)
    .innerJoin(examAnswers, eq(examAnswers.questionId, examQuestions.id))
    .orderBy(
      asc(examQuestions.lessonId),
      asc(examQuestions.day),
      asc(examQuestions.position),
      asc(examAnswers.letter),
    );
  const out = new Map<number, Record<TestDay, HistoryQuestion[]>>();
  for (const r of rows) {
    let days = out.get(r.lessonId);
    if (!days) {
      days = { 1: [], 2: [], 3: [] };
      out.set(r.lessonId, days);
    }
    const list = days[r.day as TestDay];
    let q = list.at(-1);
    if (q?.id !== r.questionId) {
      q = { id: r.questionId, right: 0, wrong: [] };
      list.push(q);
    }
    if (r.correct) q.right = r.answerId;
    else q.wrong.push(r.answerId);
  }
  return out;
}

interface EarlierLesson {
  studentId: number;
  lessonId: number;
  assignedAt: Date;
  startedAt: Date;
  completedAt: Date;
}

/**
 * The large world's earlier school year: each lesson of the student's level not in their plan,
 * assigned by the teacher and completed in the weeks before the recent assignments.
 */
function planEarlierLessons(
  random: Random,
  students: { id: number; planId: number | null }[],
  catalog: { id: number; planId: number }[],
  taken: ReadonlySet<string>,
  now: Date,
): EarlierLesson[] {
  const from = historyStart("large", now).getTime();
  const until = now.getTime() - RECENT_DAYS * DAY_MS;
  return students.flatMap((s) => {
    const level = catalog.filter((l) => l.planId === s.planId);
    const slot = (until - from) / Math.max(1, level.length);
    return level
      .filter((l) => !taken.has(`${s.id}|${l.id}`))
      .map((l, k) => {
        const startedAt = new Date(from + slot * k + random.int(0, 3) * DAY_MS + 9 * 3_600_000);
        return {
          studentId: s.id,
          lessonId: l.id,
          assignedAt: new Date(startedAt.getTime() - random.int(0, 2) * DAY_MS),
          startedAt,
          completedAt: new Date(startedAt.getTime() + random.int(3, 6) * DAY_MS + 3_600_000),
        };
      });
  });
}

/** A teacher in the grading and report pages on about half the school days since `from`. */
function teacherActivity(random: Random, from: Date, now: Date): Activity[] {
  const out: Activity[] = [];
  for (let t = from.getTime(); t < now.getTime(); t += DAY_MS) {
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6 || random.next() < 0.5) continue;
    const day = new Date(t).toISOString().slice(0, 10);
    const at = new Date(`${day}T${String(random.int(15, 22)).padStart(2, "0")}:30:00Z`);
    if (at > now) continue;
    out.push({ kind: "teacher_investment", at, seconds: random.int(5, 40) * 60 });
  }
  return out;
}

type Cell = string | number | Date | null;
type Columns<R> = Record<
  string,
  ["int" | "smallint" | "text" | "uuid" | "date" | "timestamptz" | "jsonb", (r: R) => Cell]
>;

/** A value inside a Postgres array literal: quoted, with quotes and backslashes escaped. */
function arrayItem(value: Cell): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  const text = value instanceof Date ? value.toISOString() : value;
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * Inserts rows in batches of one statement each, a parameter per column (an array the
 * statement unnests): the fast path assignments.ts measured on PGlite, several times faster
 * than multi-row VALUES for hundreds of thousands of rows.
 */
async function bulkInsert<R>(
  db: Db,
  table: Parameters<Db["insert"]>[0],
  rows: readonly R[],
  columns: Columns<R>,
) {
  const names = Object.keys(columns);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const arrays: SQL[] = Object.values(columns).map(([type, pick]) => {
      // jsonb travels as text: an array of jsonb literals would need each one escaped twice.
      const arrayType = type === "jsonb" ? "text" : type;
      return sql`${`{${batch.map((r) => arrayItem(pick(r))).join(",")}}`}::${sql.raw(arrayType)}[]`;
    });
    const casts = Object.values(columns).map(([type], k) =>
      sql.raw(type === "jsonb" ? `c${k}::jsonb` : `c${k}`),
    );
    await db.execute(sql`
      insert into ${table} (${sql.raw(names.join(", "))})
      select ${sql.join(casts, sql`, `)}
      from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.raw(names.map((_, k) => `c${k}`).join(", "))})`);
  }
}
