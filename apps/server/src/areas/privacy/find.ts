import { PRIVACY_SEARCH } from "@refrain/domain";
import { and, eq, ilike, or, sql } from "drizzle-orm";
import { classOrder, studentsInReachOf } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import type { Db } from "../../db/client.ts";
import { containing } from "../../db/like.ts";
import { schools, users } from "../../db/schema/index.ts";
import { presentStudent, studentColumns, teacher } from "./scope.ts";

/**
 * GET /privacy/students?q=: the students in the admin's reach (access.ts `studentsInReachOf`: a
 * school admin's school, a district admin's district) whose login or name matches, so an admin
 * reaches any student's privacy page. The reach is the server's; the words only narrow it.
 */
export async function findStudents(db: Db, caller: AuthUser, q: string) {
  const pattern = containing(q);
  const rows = await db
    .select(studentColumns)
    .from(users)
    .innerJoin(teacher, eq(teacher.id, users.teacherId))
    .leftJoin(schools, eq(schools.id, teacher.schoolId))
    .where(
      and(
        studentsInReachOf(caller),
        or(
          ilike(users.username, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ),
      ),
    )
    .orderBy(...classOrder)
    .limit(PRIVACY_SEARCH.limit + 1);
  const students = rows.slice(0, PRIVACY_SEARCH.limit).map(presentStudent);
  return { students, more: rows.length > PRIVACY_SEARCH.limit };
}
