import {
  type DistrictSchoolsResponse,
  impersonationVerdict,
  type SchoolTeachersResponse,
  type ScopedUser,
} from "@refrain/domain";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  activeClassOwners,
  classOrder,
  enrolledStudents,
  schoolsOf,
  teachersOf,
} from "../../core/access.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { districts, schools, userIdentities, users } from "../../db/schema/index.ts";

/**
 * Column of `users`: invited by a school admin and not in yet, neither through a password of
 * their own nor through single sign-on.
 */
export const isInvited = sql<boolean>`(${users.passwordHash} is null and not exists (
  select 1 from ${userIdentities} where ${userIdentities.userId} = ${users.id}))`;

/** The number of students in each teacher's class, to join on the teacher's id. */
function studentCountsByTeacher(db: Db) {
  return db
    .select({ teacherId: users.teacherId, students: count().as("students") })
    .from(users)
    .where(enrolledStudents)
    .groupBy(users.teacherId)
    .as("sc");
}

/**
 * The teachers of a school admin's school, with the seats the school holds and whether the
 * admin may act as each.
 */
export async function listSchoolTeachers(
  db: Db,
  admin: ScopedUser,
): Promise<SchoolTeachersResponse["data"]> {
  const { schoolId } = admin;
  const school = ownedOr404(
    schoolId === null ? null : (await db.select().from(schools).where(eq(schools.id, schoolId)))[0],
  );
  const studentCounts = studentCountsByTeacher(db);
  const teachers = await db
    .select({
      userid: users.id,
      email: users.email,
      firstname: users.firstName,
      lastname: users.lastName,
      login: users.username,
      role: users.role,
      students: sql<number>`coalesce(${studentCounts.students}, 0)::int`,
      invited: isInvited,
    })
    .from(users)
    .leftJoin(studentCounts, eq(studentCounts.teacherId, users.id))
    .where(teachersOf(school.id))
    .orderBy(...classOrder);
  return {
    teachers: teachers.map(({ role, ...teacher }) => ({
      ...teacher,
      canImpersonate:
        impersonationVerdict(admin, {
          role,
          schoolId: school.id,
          districtId: school.districtId,
        }) === "allowed",
    })),
    seats: school.seats,
    school: school.name,
  };
}

/** A district's schools' ids (a select): the counts below read no other school's people. */
const districtSchoolIds = (districtId: number) =>
  sql`select ${schools.id} from ${schools} where ${schoolsOf(districtId)}`;

/** The schools of a district with their teacher and student counts. */
export async function listDistrictSchools(
  db: Db,
  callerDistrictId: number | null,
  districtId: number,
): Promise<DistrictSchoolsResponse["data"]> {
  const district = ownedOr404(
    callerDistrictId === districtId
      ? (await db.select().from(districts).where(eq(districts.id, districtId)))[0]
      : null,
  );
  const teacherCounts = db
    .select({ schoolId: users.schoolId, teachers: count().as("teachers") })
    .from(users)
    .where(and(activeClassOwners, sql`${users.schoolId} in (${districtSchoolIds(district.id)})`))
    .groupBy(users.schoolId)
    .as("tc");
  const teachers = alias(users, "teachers");
  const studentCounts = db
    .select({ schoolId: teachers.schoolId, students: count().as("students") })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .where(and(enrolledStudents, sql`${teachers.schoolId} in (${districtSchoolIds(district.id)})`))
    .groupBy(teachers.schoolId)
    .as("sc");
  const rows = await db
    .select({
      id: schools.id,
      name: schools.name,
      teachers: sql<number>`coalesce(${teacherCounts.teachers}, 0)::int`,
      students: sql<number>`coalesce(${studentCounts.students}, 0)::int`,
    })
    .from(schools)
    .leftJoin(teacherCounts, eq(teacherCounts.schoolId, schools.id))
    .leftJoin(studentCounts, eq(studentCounts.schoolId, schools.id))
    .where(schoolsOf(district.id))
    .orderBy(asc(schools.name));
  return { district: district.name, schools: rows };
}
