import { fullName, readingLevel, type StudentHomeResponse } from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { lessons, studentFeedback, users } from "../../db/schema/index.ts";
import { ownedOr404 } from "../../errors.ts";
import { presentLesson } from "../lessons/service.ts";

export async function studentHome(db: Db, studentId: number): Promise<StudentHomeResponse["data"]> {
  const [row] = await db
    .select({ firstName: users.firstName, planId: users.planId, teacherId: users.teacherId })
    .from(users)
    .where(eq(users.id, studentId));
  const student = ownedOr404(row);
  const [teacher] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, student.teacherId ?? -1));
  const level = ownedOr404(readingLevel(student.planId ?? 0));
  const rows = await db
    .select()
    .from(lessons)
    .where(eq(lessons.planId, level.id))
    .orderBy(asc(lessons.id));
  const teacherName = teacher ? fullName(teacher.firstName, teacher.lastName) : "";
  const [feedback] = await db
    .select({ message: studentFeedback.message })
    .from(studentFeedback)
    .where(eq(studentFeedback.studentId, studentId));
  return {
    firstName: student.firstName,
    teacherName,
    level: { id: level.id, name: level.name, gradeLabel: level.gradeLabel },
    lessons: rows.map(presentLesson),
    feedback: feedback ? { message: feedback.message, teacherName } : null,
  };
}
