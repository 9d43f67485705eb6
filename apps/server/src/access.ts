import { allows, POLICIES, type ScopedUser } from "@refrain/domain";
import { and, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { schools, users } from "./db/schema/index.ts";
import { ownedOr404 } from "./errors.ts";

/**
 * Which records lie in whose scope, written once. Each condition goes into a query's `where`,
 * so a service fetches, counts, changes or deletes only in-scope rows in the same single query;
 * a record outside the scope then reads as missing (404), never as forbidden.
 */

/**
 * Condition on `users`: the students of a teacher's class. A student their district's roster no
 * longer lists (deactivated, issue 21) has left it: their history stays in the database, out of
 * the class's lists, sign-in and limits, until a later roster brings them back.
 */
export const studentsOf = (teacherId: number | Placeholder) =>
  and(eq(users.role, "student"), eq(users.teacherId, teacherId), isNull(users.deactivatedAt));

/**
 * Condition on `users`: every student account of a class, those the roster deactivated too.
 * For what spans them all: usernames stay unique across them (the class's unique index), and
 * erasing the teacher's account erases every one.
 */
export const allStudentsOf = (teacherId: number) =>
  and(eq(users.role, "student"), eq(users.teacherId, teacherId));

/** Condition on `users`: the class owners (teachers) of a school, deactivated ones aside. */
export const teachersOf = (schoolId: number) =>
  and(
    eq(users.schoolId, schoolId),
    inArray(users.role, [...POLICIES.classOwners]),
    isNull(users.deactivatedAt),
  );

/** Condition on `schools`: the schools of a district. */
export const schoolsOf = (districtId: number) => eq(schools.districtId, districtId);

/**
 * Condition on `schools`: the schools an admin oversees, a school admin's own and a district
 * admin's district's; nobody else oversees any.
 */
export function schoolsOfAdmin(admin: ScopedUser) {
  if (admin.role === "school_admin" && admin.schoolId !== null)
    return eq(schools.id, admin.schoolId);
  if (admin.role === "district_admin" && admin.districtId !== null)
    return schoolsOf(admin.districtId);
  return sql`false`;
}

/**
 * Condition on `users`: the students in a caller's reach. A class owner's own students; a school
 * admin's, those of the school's teachers; a district admin's, those of the district's schools'
 * teachers. Nobody else reaches a student this way.
 */
export function studentsInReachOf(caller: ScopedUser & { id: number }) {
  if (allows("classOwners", caller.role)) return studentsOf(caller.id);
  const ofTeachers = (teachers: SQL) =>
    and(eq(users.role, "student"), sql`${users.teacherId} in (${teachers})`);
  if (caller.role === "school_admin" && caller.schoolId !== null)
    return ofTeachers(sql`select t.id from users t where t.school_id = ${caller.schoolId}`);
  if (caller.role === "district_admin" && caller.districtId !== null)
    return ofTeachers(
      sql`select t.id from users t join schools s on s.id = t.school_id where s.district_id = ${caller.districtId}`,
    );
  return sql`false`;
}

/** The student when they are in the teacher's class; 404 otherwise. */
export async function requireStudentOf(db: Db, teacherId: number, studentId: number) {
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, studentId), studentsOf(teacherId)));
  return ownedOr404(student);
}
