import { allows, fullName, type PrivacyStudent } from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { studentsInReachOf } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { schools, users } from "../../db/schema/index.ts";

/** A student's class owner, joined as `teacher` (with `schools` through them). */
export const teacher = alias(users, "teacher");

/** What a privacy page shows of a student, selected from `users` joined to `teacher`, `schools`. */
export const studentColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  teacherId: teacher.id,
  teacherFirst: teacher.firstName,
  teacherLast: teacher.lastName,
  teacherUsername: teacher.username,
  schoolName: schools.name,
};

/** A row of `studentColumns`; the school is missing (left join) for a teacher without one. */
interface StudentRow {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  teacherFirst: string;
  teacherLast: string;
  teacherUsername: string;
  schoolName: string | null;
}

export const presentStudent = (row: StudentRow): PrivacyStudent => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  username: row.username,
  teacherName: fullName(row.teacherFirst, row.teacherLast) || row.teacherUsername,
  schoolName: row.schoolName,
});

/**
 * The student when the caller reaches them (access.ts `studentsInReachOf`), with their class
 * owner's id and names; 404 otherwise, whether the student is someone else's or does not exist.
 * Every privacy call about one student starts here.
 */
export async function studentInReach(
  db: Db,
  caller: AuthUser,
  studentId: number,
): Promise<PrivacyStudent & { teacherId: number }> {
  const [row] = await db
    .select(studentColumns)
    .from(users)
    .innerJoin(teacher, eq(teacher.id, users.teacherId))
    .leftJoin(schools, eq(schools.id, teacher.schoolId))
    .where(and(eq(users.id, studentId), studentsInReachOf(caller)))
    .limit(1);
  const found = ownedOr404(row);
  return { ...presentStudent(found), teacherId: found.teacherId };
}

/** Only the class owner records consent and erases; admins read, export and see the log. */
export const ownsClassOf = (caller: AuthUser, student: { teacherId: number }) =>
  allows("classOwners", caller.role) && caller.id === student.teacherId;
