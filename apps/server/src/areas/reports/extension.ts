import { EXTENSION_RUBRIC, type ExtensionAnswer, rubricText } from "@refrain/domain";
import { and, eq, isNotNull } from "drizzle-orm";
import { studentsOf } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { extensionResponses, lessons, users } from "../../db/schema/index.ts";

/**
 * Extension answer review (grading spec §2, §3 "Extension answer"): a handed-in day 4 answer
 * of one of the caller's students, scored 1–3 by the rubric with a comment. A draft, another
 * class's student or a lesson without an answer all read as missing (404).
 */

interface Which {
  lesson_id: number;
  student_id: number;
}

/** The handed-in answer with its lesson and student, in the caller's class only. */
async function handedIn(db: Db, teacherId: number, which: Which) {
  const [row] = await db
    .select({
      id: extensionResponses.id,
      comment: extensionResponses.comment,
      response: extensionResponses.response,
      submittedAt: extensionResponses.submittedAt,
      score: extensionResponses.score,
      scoreText: extensionResponses.scoreText,
      lessonTitle: lessons.title,
      questionText: lessons.extensionPrompt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(extensionResponses)
    .innerJoin(users, eq(users.id, extensionResponses.studentId))
    .innerJoin(lessons, eq(lessons.id, extensionResponses.lessonId))
    .where(
      and(
        eq(extensionResponses.studentId, which.student_id),
        eq(extensionResponses.lessonId, which.lesson_id),
        isNotNull(extensionResponses.submittedAt),
        studentsOf(teacherId),
      ),
    );
  return ownedOr404(row);
}

export async function loadExtensionAnswer(
  db: Db,
  teacherId: number,
  which: Which,
): Promise<ExtensionAnswer> {
  const row = await handedIn(db, teacherId, which);
  return {
    comment: row.comment ?? "",
    lessonTitle: row.lessonTitle,
    questionText: row.questionText,
    response: row.response ?? "",
    score: row.score,
    scoreText: row.scoreText,
    studentName: `${row.firstName} ${row.lastName}`.trim(),
    submittedAt: (row.submittedAt as Date).toISOString(),
    rubric: EXTENSION_RUBRIC.map((r) => ({ ...r })),
  };
}

/**
 * Saves the comment (blank removes it) and, when sent, the score with the rubric's text as it
 * reads today, who scored it and when. The update names a handed-in answer only, so one that a
 * reset reopened in the meantime is not scored after the fact (404).
 */
export async function saveExtensionReview(
  db: Db,
  teacher: Pick<AuthUser, "id">,
  which: Which & { comment: string; score?: 1 | 2 | 3 },
): Promise<ExtensionAnswer> {
  const row = await handedIn(db, teacher.id, which);
  const [saved] = await db
    .update(extensionResponses)
    .set({
      comment: which.comment === "" ? null : which.comment,
      ...(which.score !== undefined && {
        score: which.score,
        scoreText: rubricText(which.score),
        scoredAt: new Date(),
        scoredBy: teacher.id,
      }),
    })
    .where(and(eq(extensionResponses.id, row.id), isNotNull(extensionResponses.submittedAt)))
    .returning({ id: extensionResponses.id });
  ownedOr404(saved);
  return loadExtensionAnswer(db, teacher.id, which);
}
