import {
  BENCHMARK_PLAN_ID,
  fullName,
  type LessonProgressSummary,
  type LessonRules,
  lockReason,
  needsRetake,
  nextStep,
  READ_ALONGS_REQUIRED,
  readingLevel,
  resolveLessonRules,
  resolveTriState,
  type StudentHomeResponse,
  TEST_DAYS,
} from "@refrain/domain";
import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import {
  assignments,
  classSettings,
  lessons,
  studentFeedback,
  users,
} from "../../db/schema/index.ts";
import { classSettingsColumns, lessonDefaultsOf, orDefaults } from "../account/index.ts";
import { lessonSummaryColumns, presentLesson } from "../lessons/index.ts";
import { benchmarkToReadOf, checkInOf } from "../screening/index.ts";
import { progressOf, type StoredProgress, tri } from "./progress.ts";

const teachers = alias(users, "teacher");

/** The student, their teacher's name and class preferences and their own lesson rules, in one read. */
const homeStudent = hot("learning_home_student", (db) =>
  db
    .select({
      firstName: users.firstName,
      planId: users.planId,
      teacherId: users.teacherId,
      slowVideo: users.slowVideo,
      require3x: users.require3x,
      requireRetake: users.requireRetake,
      teacherFirstName: teachers.firstName,
      teacherLastName: teachers.lastName,
      settings: classSettingsColumns,
    })
    .from(users)
    .leftJoin(teachers, eq(teachers.id, users.teacherId))
    .leftJoin(classSettings, eq(classSettings.teacherId, users.teacherId))
    .where(eq(users.id, sql.placeholder("studentId"))),
);

const levelLessons = hot("learning_level_lessons", (db) =>
  db
    .select(lessonSummaryColumns)
    .from(lessons)
    .where(eq(lessons.planId, sql.placeholder("planId")))
    .orderBy(asc(lessons.id)),
);

const homeFeedback = hot("learning_home_feedback", (db) =>
  db
    .select({ message: studentFeedback.message })
    .from(studentFeedback)
    .where(eq(studentFeedback.studentId, sql.placeholder("studentId"))),
);

const studentPlan = hot("learning_student_plan", (db) =>
  db
    .select({
      assignment: {
        lessonId: assignments.lessonId,
        status: assignments.status,
        assignedBy: assignments.assignedBy,
        startedAt: assignments.startedAt,
      },
      lesson: lessonSummaryColumns,
    })
    .from(assignments)
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(eq(assignments.studentId, sql.placeholder("studentId")))
    .orderBy(asc(assignments.assignedAt), asc(assignments.id)),
);

export async function studentHome(
  db: Db,
  studentId: number,
): Promise<Omit<StudentHomeResponse["data"], "classOpen">> {
  const [row] = await homeStudent(db).execute({ studentId });
  const student = ownedOr404(row);
  const level = ownedOr404(readingLevel(student.planId ?? 0));
  const rows = await levelLessons(db).execute({ planId: level.id });
  const teacherName = fullName(student.teacherFirstName ?? "", student.teacherLastName ?? "");
  const [feedback] = await homeFeedback(db).execute({ studentId });
  const planned = await studentPlan(db).execute({ studentId });
  // Benchmark passages first (a stable sort keeps each group's order): a teacher assigns them
  // for a screening window (issue 39), the readings the class is asked for before the rest.
  const isBenchmark = (p: (typeof planned)[number]) =>
    Number(p.lesson.planId === BENCHMARK_PLAN_ID);
  const assigned = planned
    .filter((p) => p.assignment.assignedBy === "teacher" && p.assignment.status !== "completed")
    .sort((a, b) => isBenchmark(b) - isBenchmark(a));
  const finished = planned.filter(
    (p) => p.assignment.status === "completed" && p.lesson.planId !== level.id,
  );
  const lessonIds = [
    ...new Set([...assigned, ...finished].map((p) => p.lesson.id).concat(rows.map((r) => r.id))),
  ];
  const settings = orDefaults(student.settings);
  const rules = resolveLessonRules(
    { require_3x: tri(student.require3x), require_retake: tri(student.requireRetake) },
    lessonDefaultsOf(settings),
  );
  const progress = await progressOf(db, studentId, lessonIds);
  const statusOf = new Map(planned.map((p) => [p.lesson.id, p.assignment]));
  // A monitoring plan's reading, where the class records: a lesson of the student's level not
  // read along yet, one the teacher assigned before the others, in the home's order.
  const unread = [...assigned.map((p) => p.lesson), ...rows]
    .filter((l) => l.planId === level.id && (progress.get(l.id)?.readAlongs ?? 0) === 0)
    .filter((l) => statusOf.get(l.id)?.status !== "completed")
    .map((l) => l.id);
  const checkIn = settings.recordStudentFluency
    ? await checkInOf(db, { id: studentId, planId: student.planId }, unread)
    : null;
  // A benchmark session's passages still to read in the window open today, wherever their
  // assignment stands: the same passages may come back in each window (decision 0037).
  const passages = planned.filter((p) => p.assignment.assignedBy === "teacher" && isBenchmark(p));
  const toRead =
    settings.recordStudentFluency && student.teacherId !== null
      ? await benchmarkToReadOf(
          db,
          { id: studentId, teacherId: student.teacherId, planId: student.planId },
          passages.map((p) => p.lesson.id),
        )
      : [];
  return {
    firstName: student.firstName,
    teacherName,
    level: { id: level.id, name: level.name, gradeLabel: level.gradeLabel },
    lessons: rows.map(presentLesson),
    feedback: feedback ? { message: feedback.message, teacherName } : null,
    assignedLessons: assigned.map((p) => presentLesson(p.lesson)),
    finishedLessons: finished.map((p) => presentLesson(p.lesson)),
    progress: lessonIds.map((id) =>
      summarize(
        id,
        progress.get(id) as StoredProgress,
        rules,
        statusOf.get(id)?.status === "completed",
      ),
    ),
    continueLessonId: continueLesson(
      // Only a lesson the home shows a card for: one handed back from another level is not.
      [...statusOf.values()].filter(
        (a) => a.status === "started" && lessonIds.includes(a.lessonId),
      ),
      progress,
      assigned.map((p) => p.lesson.id),
    ),
    slowVideo: resolveTriState(tri(student.slowVideo), settings.slowVideo),
    // A blank class message shows none.
    welcomeMessage: settings.welcomeMessage || null,
    checkIn,
    benchmarkToRead: passages
      .filter((p) => toRead.includes(p.lesson.id))
      .map((p) => presentLesson(p.lesson)),
  };
}

function summarize(
  lessonid: number,
  p: StoredProgress,
  rules: LessonRules,
  completed: boolean,
): LessonProgressSummary {
  return {
    lessonid,
    readAlongs: p.readAlongs,
    readAlongsRequired: rules.require3x ? READ_ALONGS_REQUIRED : 0,
    days: TEST_DAYS.map((day) => ({
      day,
      percent: p.days[day],
      attempts: p.attempts[day],
      retake: needsRetake(p.days[day]),
      locked: lockReason(day, p, rules),
    })),
    extension: { state: p.extension, locked: lockReason(4, p, rules) },
    next: nextStep(p, rules),
    completed,
  };
}

/**
 * The started lesson worked in last, a teacher's before the student's own; with none started,
 * the first lesson the teacher assigned.
 */
function continueLesson(
  started: { lessonId: number; assignedBy: "teacher" | "auto"; startedAt: Date | null }[],
  progress: Map<number, StoredProgress>,
  assignedIds: number[],
): number | null {
  const lastOf = (id: number) =>
    (progress.get(id)?.lastActivity ?? null)?.getTime() ??
    started.find((s) => s.lessonId === id)?.startedAt?.getTime() ??
    0;
  const ranked = [...started].sort(
    (a, b) =>
      Number(b.assignedBy === "teacher") - Number(a.assignedBy === "teacher") ||
      lastOf(b.lessonId) - lastOf(a.lessonId),
  );
  return ranked[0]?.lessonId ?? assignedIds[0] ?? null;
}
