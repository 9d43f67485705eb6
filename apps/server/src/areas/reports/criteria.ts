import { and, eq, sql } from "drizzle-orm";
import { classOrder, schoolsOfAdmin, studentsOf, teachersInReachOf } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import { schools, users } from "../../db/schema/index.ts";

/**
 * The report criteria's selectors (grading spec §2 "Report criteria selector", §7): whom a
 * caller may pick. Only the caller's own class or school or district is ever listed; any other
 * id reads as missing.
 */

const person = {
  id: users.id,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
};

const classList = hot("criteria_students", (db) =>
  db
    .select(person)
    .from(users)
    .where(studentsOf(sql.placeholder("teacherId")))
    .orderBy(...classOrder),
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
  const scope = caller.role === "school_admin" ? caller.schoolId : caller.districtId;
  if (adminId !== caller.id || scope === null) throw notFound();
  const rows = await db
    .select(person)
    .from(users)
    .where(
      and(
        teachersInReachOf(caller),
        schoolId === undefined ? undefined : eq(users.schoolId, schoolId),
      ),
    )
    .orderBy(...classOrder);
  // A school named outside the admin's reach has no teachers here: say it is missing, not empty.
  if (schoolId !== undefined && rows.length === 0) {
    const [school] = await db
      .select({ id: schools.id })
      .from(schools)
      .where(and(eq(schools.id, schoolId), schoolsOfAdmin(caller)));
    if (!school) throw notFound();
  }
  return rows;
}
