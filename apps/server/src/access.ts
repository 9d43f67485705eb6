import { POLICIES, type ScopedUser } from "@refrain/domain";
import { and, eq, inArray, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { schools, users } from "./db/schema/index.ts";
import { ownedOr404 } from "./errors.ts";

/**
 * Which records lie in whose scope, written once. Each condition goes into a query's `where`,
 * so a service fetches, counts, changes or deletes only in-scope rows in the same single query;
 * a record outside the scope then reads as missing (404), never as forbidden.
 */

/** Condition on `users`: the students of a teacher's class. */
export const studentsOf = (teacherId: number | Placeholder) =>
  and(eq(users.role, "student"), eq(users.teacherId, teacherId));

/** Condition on `users`: the class owners (teachers) of a school. */
export const teachersOf = (schoolId: number) =>
  and(eq(users.schoolId, schoolId), inArray(users.role, [...POLICIES.classOwners]));

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

/** The student when they are in the teacher's class; 404 otherwise. */
export async function requireStudentOf(db: Db, teacherId: number, studentId: number) {
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, studentId), studentsOf(teacherId)));
  return ownedOr404(student);
}
