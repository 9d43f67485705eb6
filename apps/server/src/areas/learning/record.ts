import {
  creditedSeconds,
  dayPercent,
  type ExamSubmitResponse,
  type examSubmitRequest,
  type extensionRequest,
  learningMessages,
  lockMessages,
  lockReason,
  needsRetake,
  type readAlongRequest,
  type studentHeartbeatRequest,
  type TimeKind,
} from "@refrain/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { conflict, forbidden, invalid } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import {
  examAnswers,
  examAttempts,
  examQuestions,
  extensionResponses,
  readAlongs,
  timeOnTask,
  users,
} from "../../db/schema/index.ts";
import {
  lessonForStudent,
  markStarted,
  progressOfOne,
  recordActivity,
  rulesOf,
} from "./progress.ts";

type ExamSubmit = z.output<typeof examSubmitRequest>;
type ReadAlongBody = z.output<typeof readAlongRequest>;

/**
 * Scores and stores one day 1–3 attempt. The day must be unlocked, every question of the day
 * answered once with one of its choices, and `attempt` must be the next number: a
 * repeated submit (two clicks, two tabs, a retry) finds its number taken and stores nothing.
 */
export async function submitExam(
  db: Db,
  studentId: number,
  body: ExamSubmit,
): Promise<ExamSubmitResponse> {
  return db.transaction(async (tx) => {
    const lesson = await lessonForStudent(tx, studentId, body.lesson);
    const rules = await rulesOf(tx, studentId);
    const progress = await progressOfOne(tx, studentId, lesson.id);
    const locked = lockReason(body.day, progress, rules);
    if (locked) throw forbidden(lockMessages[locked]);
    if (body.attempt !== progress.attempts[body.day as 1 | 2 | 3] + 1)
      throw conflict(learningMessages.alreadySubmitted);

    const questions = await tx
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(and(eq(examQuestions.lessonId, lesson.id), eq(examQuestions.day, body.day)));
    const questionIds = new Set(questions.map((q) => q.id));
    const choices =
      questions.length === 0
        ? []
        : await tx
            .select({
              id: examAnswers.id,
              questionId: examAnswers.questionId,
              correct: examAnswers.correct,
            })
            .from(examAnswers)
            .where(inArray(examAnswers.questionId, [...questionIds]));
    const choiceOf = new Map(choices.map((c) => [c.id, c]));
    const seen = new Set<number>();
    for (const a of body.answers) {
      const choice = choiceOf.get(a.answer);
      if (!questionIds.has(a.question) || choice?.questionId !== a.question || seen.has(a.question))
        throw invalid({ answers: [learningMessages.answers] });
      seen.add(a.question);
    }
    // A skipped question would raise correct/solved: an attempt answers the whole day.
    if (seen.size !== questionIds.size)
      throw invalid({ answers: [learningMessages.everyQuestion] });

    const results = body.answers.map((a) => {
      const correctAnswer = choices.find((c) => c.questionId === a.question && c.correct)?.id ?? 0;
      return {
        question: a.question,
        answer: a.answer,
        correctAnswer,
        right: a.answer === correctAnswer,
      };
    });
    const correct = results.filter((r) => r.right).length;
    const solved = results.length;
    const percent = dayPercent(correct, solved);
    const stored = await tx
      .insert(examAttempts)
      .values({
        studentId,
        lessonId: lesson.id,
        day: body.day,
        attempt: body.attempt,
        answers: body.answers,
        correct,
        solved,
        percent,
      })
      .onConflictDoNothing()
      .returning({ id: examAttempts.id });
    if (stored.length === 0) throw conflict(learningMessages.alreadySubmitted);
    await recordActivity(tx, studentId, lesson.id);
    return {
      success: true as const,
      day: body.day,
      attempt: body.attempt,
      correct,
      solved,
      percent,
      retake: needsRetake(percent),
      results,
    };
  });
}

/**
 * Counts a read-along the client played through. The play's id makes a repeated call (a retry,
 * a double send) the same read-along, counted once.
 */
export async function recordReadAlong(db: Db, studentId: number, body: ReadAlongBody) {
  return db.transaction(async (tx) => {
    const lesson = await lessonForStudent(tx, studentId, body.lesson);
    await tx
      .insert(readAlongs)
      .values({ studentId, lessonId: lesson.id, play: body.play })
      .onConflictDoNothing();
    await recordActivity(tx, studentId, lesson.id);
    const progress = await progressOfOne(tx, studentId, lesson.id);
    return { success: true as const, readAlongs: progress.readAlongs };
  });
}

type StudentHeartbeat = z.output<typeof studentHeartbeatRequest>;

export async function studentHeartbeat(db: Db, studentId: number, body: StudentHeartbeat) {
  return db.transaction(async (tx) => {
    const lesson = await lessonForStudent(tx, studentId, body.lesson);
    // The player beats while a lesson is open: opening it is what starts it.
    await markStarted(tx, studentId, lesson.id, new Date());
    return heartbeat(tx, studentId, body.kind, body.seconds);
  });
}

/**
 * Adds a heartbeat to the user's bucket of `kind` for today (UTC). The bucket's row is locked
 * and only the time since its last heartbeat is credited (domain `creditedSeconds`), so two
 * tabs beating at once never count the same seconds twice. The school is the user's, or for a
 * student the teacher's, copied into the bucket for the school's sums.
 */
export async function heartbeat(db: Db, userId: number, kind: TimeKind, seconds: number) {
  const teacher = alias(users, "teacher");
  const [who] = await db
    .select({ schoolId: sql<number | null>`coalesce(${users.schoolId}, ${teacher.schoolId})` })
    .from(users)
    .leftJoin(teacher, eq(teacher.id, users.teacherId))
    .where(eq(users.id, userId));
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  const epoch = new Date(0);
  // One transaction: the bucket's row lock holds until the credit is written, so a second
  // heartbeat waits and then sees this one's time.
  const credited = await db.transaction(async (tx) => {
    // A new bucket starts with a heartbeat long ago, so its first claim is credited in full.
    await tx
      .insert(timeOnTask)
      .values({ userId, kind, day, schoolId: who?.schoolId ?? null, seconds: 0, lastBeatAt: epoch })
      .onConflictDoNothing();
    const [bucket] = await tx
      .select({ lastBeatAt: timeOnTask.lastBeatAt })
      .from(timeOnTask)
      .where(and(eq(timeOnTask.userId, userId), eq(timeOnTask.kind, kind), eq(timeOnTask.day, day)))
      .for("update");
    const previous = bucket && bucket.lastBeatAt.getTime() > 0 ? bucket.lastBeatAt : null;
    const credit = creditedSeconds(seconds, now, previous);
    await tx
      .update(timeOnTask)
      .set({
        seconds: sql`${timeOnTask.seconds} + ${credit}`,
        lastBeatAt: sql`greatest(${timeOnTask.lastBeatAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(eq(timeOnTask.userId, userId), eq(timeOnTask.kind, kind), eq(timeOnTask.day, day)),
      );
    return credit;
  });
  return { success: true as const, credited };
}

type ExtensionBody = z.output<typeof extensionRequest>;

/**
 * Saves the day 4 answer: a draft as typed (any number of times), or handed in once, after
 * which it is the teacher's to score and no longer changes. Day 4 must be unlocked.
 */
export async function saveExtension(
  db: Db,
  studentId: number,
  body: ExtensionBody,
  submit: boolean,
) {
  return db.transaction(async (tx) => {
    const lesson = await lessonForStudent(tx, studentId, body.lesson);
    const rules = await rulesOf(tx, studentId);
    const progress = await progressOfOne(tx, studentId, lesson.id);
    const locked = lockReason(4, progress, rules);
    if (locked) throw forbidden(lockMessages[locked]);
    if (progress.extension === "submitted") throw conflict(learningMessages.extensionSubmitted);
    const now = new Date();
    const values = {
      draft: body.text,
      draftSavedAt: now,
      ...(submit && { response: body.text, submittedAt: now }),
    };
    const [row] = await tx
      .insert(extensionResponses)
      .values({ studentId, lessonId: lesson.id, ...values })
      .onConflictDoUpdate({
        target: [extensionResponses.studentId, extensionResponses.lessonId],
        set: values,
        // A submit racing another keeps the first: the row is only written while not handed in.
        setWhere: sql`${extensionResponses.submittedAt} is null`,
      })
      .returning({ savedAt: extensionResponses.draftSavedAt });
    if (!row) throw conflict(learningMessages.extensionSubmitted);
    await recordActivity(tx, studentId, lesson.id);
    return {
      success: true as const,
      state: submit ? ("submitted" as const) : ("draft" as const),
      savedAt: row.savedAt.toISOString(),
    };
  });
}
