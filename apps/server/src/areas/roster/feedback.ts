import { eq } from "drizzle-orm";
import { requireStudentOf } from "../../core/access.ts";
import type { Db } from "../../db/client.ts";
import { studentFeedback } from "../../db/schema/index.ts";

/** The caller's message to one of their students; "" when there is none. */
export async function getFeedback(db: Db, teacherId: number, studentId: number) {
  await requireStudentOf(db, teacherId, studentId);
  const [row] = await db
    .select({ message: studentFeedback.message })
    .from(studentFeedback)
    .where(eq(studentFeedback.studentId, studentId));
  return row?.message ?? "";
}

/**
 * Saves the message the student sees on their home page; an empty one removes it. `changed`
 * says whether it differs from the one kept before, so saving the same words twice mails the
 * parent once.
 */
export async function saveFeedback(db: Db, teacherId: number, studentId: number, message: string) {
  await requireStudentOf(db, teacherId, studentId);
  const before = await getFeedback(db, teacherId, studentId);
  const changed = before !== message;
  if (message === "") {
    await db.delete(studentFeedback).where(eq(studentFeedback.studentId, studentId));
    return { message: "", changed };
  }
  await db
    .insert(studentFeedback)
    .values({ studentId, teacherId, message })
    .onConflictDoUpdate({
      target: studentFeedback.studentId,
      set: { message, teacherId, updatedAt: new Date() },
    });
  return { message, changed };
}
