import {
  type DistrictSchoolsResponse,
  POLICIES,
  type SchoolTeachersResponse,
} from "@refrain/domain";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schoolsOf, teachersOf } from "../../access.ts";
import type { Db } from "../../db/client.ts";
import { districts, schools, users } from "../../db/schema/index.ts";
import { ownedOr404 } from "../../errors.ts";

// Qualified by hand: inside a subquery Drizzle would print the bare column name.
const studentCount = sql<number>`(select count(*)::int from users s where s.role = 'student' and s.teacher_id = "users"."id")`;

/** The teachers of a school admin's school, with the seats the school holds. */
export async function listSchoolTeachers(
  db: Db,
  schoolId: number | null,
): Promise<SchoolTeachersResponse["data"]> {
  const school = ownedOr404(
    schoolId === null ? null : (await db.select().from(schools).where(eq(schools.id, schoolId)))[0],
  );
  const teachers = await db
    .select({
      userid: users.id,
      email: users.email,
      firstname: users.firstName,
      lastname: users.lastName,
      login: users.username,
      students: studentCount,
    })
    .from(users)
    .where(teachersOf(school.id))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return { teachers, seats: school.seats, school: school.name };
}

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
    .where(inArray(users.role, [...POLICIES.classOwners]))
    .groupBy(users.schoolId)
    .as("tc");
  const teachers = alias(users, "teachers");
  const studentCounts = db
    .select({ schoolId: teachers.schoolId, students: count().as("students") })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .where(eq(users.role, "student"))
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
