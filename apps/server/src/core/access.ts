import { allows, POLICIES, type ScopedUser } from "@refrain/domain";
import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { schools, users } from "../db/schema/index.ts";
import { ownedOr404 } from "./errors.ts";

/**
 * Which records lie in whose scope, written once. Each condition goes into a query's `where`,
 * so a service fetches, counts, changes or deletes only in-scope rows in the same single query;
 * a record outside the scope then reads as missing (404), never as forbidden.
 */

/**
 * Condition on `users`: the students in a class, any class. A student their district's roster
 * no longer lists (deactivated, issue 21; decision 0028) has left it: their history stays in the
 * database, out of the class's lists, reports, sign-in, limits and mail, until a later roster
 * brings them back. Every reach below that lists students starts from this.
 */
export const enrolledStudents = and(eq(users.role, "student"), isNull(users.deactivatedAt));

/** Condition on `users`: the students of a teacher's class. */
export const studentsOf = (teacherId: number | Placeholder) =>
  and(enrolledStudents, eq(users.teacherId, teacherId));

/**
 * Condition on `users`: every student account of a class, those the roster deactivated too.
 * For what spans them all: usernames stay unique across them (the class's unique index), and
 * erasing the teacher's account erases every one.
 */
export const allStudentsOf = (teacherId: number) =>
  and(eq(users.role, "student"), eq(users.teacherId, teacherId));

/** Condition on `users`: the class owners (teachers) of any school, deactivated ones aside. */
export const activeClassOwners = and(
  inArray(users.role, [...POLICIES.classOwners]),
  isNull(users.deactivatedAt),
);

/** Condition on `users`: the class owners (teachers) of a school, deactivated ones aside. */
export const teachersOf = (schoolId: number) =>
  and(activeClassOwners, eq(users.schoolId, schoolId));

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
 * Condition on a district's own records (its screening exports), by their district column: those
 * of the district a district admin runs; nobody else's, a school admin of the district included.
 */
export function districtRecordsOf(column: AnyPgColumn, admin: ScopedUser) {
  if (allows("districtAdmins", admin.role) && admin.districtId !== null)
    return eq(column, admin.districtId);
  return sql`false`;
}

/** Condition on `users`: the class owners of the schools an admin oversees (`schoolsOfAdmin`). */
export const teachersInReachOf = (admin: ScopedUser) =>
  and(
    activeClassOwners,
    sql`${users.schoolId} in (select ${schools.id} from ${schools} where ${schoolsOfAdmin(admin)})`,
  );

/**
 * Condition on `users`: the students of the classes whose owners' ids `teachers` selects. The
 * teachers' ids are gathered first (`users_school_role_idx`) and their classes read by
 * `users_teacher_idx`; written as a join, the planner reads every student of the world.
 */
const studentsOfClasses = (teachers: SQL) =>
  and(enrolledStudents, sql`${users.teacherId} = any(array(${teachers}))`);

/** Condition on `users`: the students of a school's classes. */
export const studentsOfSchool = (schoolId: number) =>
  studentsOfClasses(sql`select t.id from users t where t.school_id = ${schoolId}`);

/** Condition on `users`: the students of a district's schools' classes. */
export const studentsOfDistrict = (districtId: number) =>
  studentsOfClasses(
    sql`select t.id from users t join schools s on s.id = t.school_id where s.district_id = ${districtId}`,
  );

/**
 * Raw SQL, for report queries written in SQL that name a class owner `t` and their school `s`
 * (`users t left join schools s on s.id = t.school_id`): the classes in a caller's reach. A
 * class owner's own; a school admin's, those of the school; a district admin's, those of the
 * district's schools. Nobody else reaches a class.
 */
export function classesInReachSql(caller: ScopedUser & { id: number }): SQL {
  if (allows("classOwners", caller.role)) return sql`t.id = ${caller.id}`;
  if (caller.role === "school_admin" && caller.schoolId !== null)
    return sql`t.school_id = ${caller.schoolId}`;
  if (caller.role === "district_admin" && caller.districtId !== null)
    return sql`s.district_id = ${caller.districtId}`;
  return sql`false`;
}

/**
 * Condition on `users`: the students in a caller's reach, those of the classes in it
 * (`classesInReachSql`).
 */
export function studentsInReachOf(caller: ScopedUser & { id: number }) {
  if (allows("classOwners", caller.role)) return studentsOf(caller.id);
  return studentsOfClasses(
    sql`select t.id from users t left join schools s on s.id = t.school_id
      where ${classesInReachSql(caller)}`,
  );
}

/**
 * Raw SQL twin of `studentsInReachOf`, selecting the same rows (access.test.ts), for report
 * queries that name the student `u`, their class owner `t` and its school `s`
 * (`users u join users t on t.id = u.teacher_id left join schools s on s.id = t.school_id`).
 */
export const studentsInReachSql = (caller: ScopedUser & { id: number }) =>
  sql`u.role = 'student' and u.deactivated_at is null and ${classesInReachSql(caller)}`;

/**
 * The class order, for every list of people by name (class lists, reports, pickers): last name,
 * then first name, then id so that namesakes keep one order. The student sign-in tiles are
 * ordered by first name instead, as a child finds their own.
 */
export const classOrder = [asc(users.lastName), asc(users.firstName), asc(users.id)];

/** The student when they are in the teacher's class; 404 otherwise. */
export async function requireStudentOf(db: Db, teacherId: number, studentId: number) {
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, studentId), studentsOf(teacherId)));
  return ownedOr404(student);
}
