import {
  EXTENSION_DAY,
  EXTENSION_RUBRIC,
  type ExamDataResponse,
  type examDataRequest,
} from "@refrain/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AuthUser } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import {
  assignments,
  examAnswers,
  examQuestions,
  extensionResponses,
  lessons,
  users,
} from "../../db/schema/index.ts";

type ExamBody = z.output<typeof examDataRequest>;

// A student opens each of days 1–3 at least once per lesson, and again for every retake.
const dayQuestions = hot("lessons_day_questions", (db) =>
  db
    .select({
      id: examQuestions.id,
      question: examQuestions.question,
      questionVoiceUrl: examQuestions.questionVoiceUrl,
      answersVoiceUrl: examQuestions.answersVoiceUrl,
    })
    .from(examQuestions)
    .where(
      and(
        eq(examQuestions.lessonId, sql.placeholder("lessonId")),
        eq(examQuestions.day, sql.placeholder("day")),
      ),
    )
    .orderBy(asc(examQuestions.position)),
);

const questionChoices = hot("lessons_question_choices", (db) =>
  db
    .select({
      id: examAnswers.id,
      questionId: examAnswers.questionId,
      letter: examAnswers.letter,
      text: examAnswers.text,
      correct: examAnswers.correct,
    })
    .from(examAnswers)
    .where(sql`${examAnswers.questionId} = any(${sql.placeholder("questionIds")}::int[])`)
    .orderBy(asc(examAnswers.letter)),
);

/**
 * A lesson's exam for one day. Adults preview it with the correct answers marked; a student
 * takes it, so only lessons of their own level or in their plan, and never with the answers.
 */
export async function examData(db: Db, user: AuthUser, body: ExamBody): Promise<ExamDataResponse> {
  const [row] = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      gradeLabel: lessons.gradeLabel,
      planId: lessons.planId,
      extensionPrompt: lessons.extensionPrompt,
    })
    .from(lessons)
    .where(eq(lessons.id, body.lesson));
  const lesson = ownedOr404(row);
  const isStudent = user.role === "student";
  if (isStudent) await studentMayTake(db, user.id, lesson);

  const head = {
    success: true as const,
    lesson: { id: lesson.id, title: lesson.title, gradeLabel: lesson.gradeLabel },
    day: body.day,
  };
  if (body.day === EXTENSION_DAY) {
    return {
      ...head,
      questions: [],
      extension: {
        prompt: lesson.extensionPrompt,
        rubric: EXTENSION_RUBRIC.map((r) => ({ ...r })),
        answer: isStudent ? await savedExtension(db, user.id, lesson.id) : null,
      },
    };
  }

  const questions = await dayQuestions(db).execute({ lessonId: lesson.id, day: body.day });
  const answers =
    questions.length === 0
      ? []
      : await questionChoices(db).execute({ questionIds: questions.map((q) => q.id) });
  return {
    ...head,
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      question_voice_url: q.questionVoiceUrl,
      answers_voice_url: q.answersVoiceUrl,
      answers: answers
        .filter((a) => a.questionId === q.id)
        .map((a) => ({
          id: a.id,
          letter: a.letter,
          answertext: a.text,
          ...(!isStudent && { correct: a.correct }),
          // A new attempt: nothing is chosen until the student answers.
          selected: false,
        })),
      answer: null,
    })),
    extension: null,
  };
}

/** The student's day 4 answer as last saved: what was handed in, else the draft. */
async function savedExtension(db: Db, studentId: number, lessonId: number) {
  const [row] = await db
    .select({
      draft: extensionResponses.draft,
      draftSavedAt: extensionResponses.draftSavedAt,
      response: extensionResponses.response,
      submittedAt: extensionResponses.submittedAt,
    })
    .from(extensionResponses)
    .where(
      and(eq(extensionResponses.studentId, studentId), eq(extensionResponses.lessonId, lessonId)),
    );
  if (!row) return null;
  if (row.response !== null && row.submittedAt)
    return {
      text: row.response,
      state: "submitted" as const,
      savedAt: row.submittedAt.toISOString(),
    };
  return { text: row.draft, state: "draft" as const, savedAt: row.draftSavedAt.toISOString() };
}

/** A student may open the lessons of their reading level and any lesson in their plan. */
export async function studentMayTake(
  db: Db,
  studentId: number,
  lesson: { id: number; planId: number },
) {
  const [student] = await db
    .select({ planId: users.planId })
    .from(users)
    .where(eq(users.id, studentId));
  if (student?.planId === lesson.planId) return;
  const [planned] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.studentId, studentId), eq(assignments.lessonId, lesson.id)));
  ownedOr404(planned);
}
