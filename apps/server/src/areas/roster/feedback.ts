import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { studentFeedback, users } from "../../db/schema/index.ts";
import { ownedOr404 } from "../../errors.ts";

async function ownStudent(db: Db, teacherId: number, studentId: number) {
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, studentId), eq(users.role, "student"), eq(users.teacherId, teacherId)));
  return ownedOr404(student);
}

/** The caller's message to one of their students; "" when there is none. */
export async function getFeedback(db: Db, teacherId: number, studentId: number) {
  await ownStudent(db, teacherId, studentId);
  const [row] = await db
    .select({ message: studentFeedback.message })
    .from(studentFeedback)
    .where(eq(studentFeedback.studentId, studentId));
  return row?.message ?? "";
}

/** Saves the message the student sees on their home page; an empty one removes it. */
export async function saveFeedback(db: Db, teacherId: number, studentId: number, message: string) {
  await ownStudent(db, teacherId, studentId);
  if (message === "") {
    await db.delete(studentFeedback).where(eq(studentFeedback.studentId, studentId));
    return "";
  }
  await db
    .insert(studentFeedback)
    .values({ studentId, teacherId, message })
    .onConflictDoUpdate({
      target: studentFeedback.studentId,
      set: { message, teacherId, updatedAt: new Date() },
    });
  return message;
}
