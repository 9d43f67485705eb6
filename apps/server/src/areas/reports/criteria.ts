import { POLICIES } from "@refrain/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { schoolsOf, studentsOf, teachersOf } from "../../access.ts";
import type { AuthUser } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import { schools, users } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";

/**
 * The report criteria's selectors (grading spec §2 "Report criteria selector", §7): whom a
 * caller may pick. Only the caller's own class or school or district is ever listed; any other
 * id reads as missing.
 */

const person = {
  id: users.id,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
};
const byName = [asc(users.lastName), asc(users.firstName), asc(users.id)];

const classList = hot("criteria_students", (db) =>
  db
    .select(person)
    .from(users)
    .where(studentsOf(sql.placeholder("teacherId")))
    .orderBy(...byName),
);

/** GET /teacher/reports/criteria/student_list/:teacherId: the caller's class. */
export async function studentList(db: Db, caller: AuthUser, teacherId: number) {
  if (teacherId !== caller.id) throw notFound();
  return classList(db).execute({ teacherId });
}

/**
 * GET /teacher/reports/criteria/admin_teachers/:adminId: a school admin's school's teachers, or
 * a district admin's district's, narrowed to one of its schools by `school_id`. A school
 * outside the admin's reach, or another admin's id, is 404.
 */
export async function adminTeachers(
  db: Db,
  caller: AuthUser,
  adminId: number,
  schoolId: number | undefined,
) {
  if (adminId !== caller.id) throw notFound();
  if (caller.role === "school_admin") {
    if (caller.schoolId === null || (schoolId !== undefined && schoolId !== caller.schoolId))
      throw notFound();
    return db
      .select(person)
      .from(users)
      .where(teachersOf(caller.schoolId))
      .orderBy(...byName);
  }
  if (caller.districtId === null) throw notFound();
  const districtSchools = db
    .select({ id: schools.id })
    .from(schools)
    .where(
      and(
        schoolsOf(caller.districtId),
        schoolId === undefined ? undefined : eq(schools.id, schoolId),
      ),
    );
  const rows = await db
    .select(person)
    .from(users)
    .where(
      and(inArray(users.schoolId, districtSchools), inArray(users.role, [...POLICIES.classOwners])),
    )
    .orderBy(...byName);
  // A school named outside the district has no teachers here: say it is missing, not empty.
  if (schoolId !== undefined && rows.length === 0)
    await schoolInDistrict(db, schoolId, caller.districtId);
  return rows;
}

async function schoolInDistrict(db: Db, schoolId: number, districtId: number) {
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, schoolId), schoolsOf(districtId)));
  if (!school) throw notFound();
}
