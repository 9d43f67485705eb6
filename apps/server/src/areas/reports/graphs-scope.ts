import {
  type AggregateType,
  allows,
  classWords,
  type GraphQuery,
  POLICIES,
  type Role,
} from "@refrain/domain";
import { type SQL, sql } from "drizzle-orm";
import { classesInReachSql, schoolsOfAdmin, studentsInReachSql } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import { forbidden, invalid, notFound } from "../../core/errors.ts";
import { type Db, rowsOf } from "../../db/client.ts";

/**
 * Whose readings a graph covers (grading spec §6): a class owner graphs their own students or
 * class; a school admin their school (or a class or student in it); a district admin their
 * district (or a school, class or student in it). An id outside the caller's reach answers 404,
 * as any record that is not the caller's; an aggregate above the caller's role answers 403.
 */

/** The students a graph reads, as conditions on `u` (student), `t` (teacher), `s` (school). */
export interface Population {
  /** The caller's reach (access.ts `studentsInReachSql`). */
  reach: SQL;
  filters: SQL[];
  /** Whom the graph is of, for its title. */
  subject: string;
  /** One student's graph (not a group's). */
  single: boolean;
}

const aggregateOf = (role: AuthUser["role"]): AggregateType =>
  role === "school_admin" ? "school" : role === "district_admin" ? "district" : "class";

/** Which aggregates a role may ask for: its own level and those under it. */
const LEVELS: Record<AggregateType, number> = { class: 0, school: 1, district: 2 };

const CLASS_OWNER_ROLES = sql.raw(POLICIES.classOwners.map((r) => `'${r}'`).join(", "));

/**
 * Resolves the query to the students it covers and checks, in one query, that each id it
 * names is within the caller's reach; the names found title the graph.
 */
export async function graphPopulation(
  db: Db,
  user: AuthUser,
  q: Omit<GraphQuery, "type">,
): Promise<Population> {
  const own = aggregateOf(user.role);
  const aggregate = q.aggregate_type ?? own;
  if (q.student_id === undefined && LEVELS[aggregate] > LEVELS[own])
    throw forbidden("Your role cannot see this aggregate.");
  const ownsClass = allows("classOwners", user.role);

  // Which ids narrow the graph: the student alone, or the aggregate's level and those under it.
  const ids = {
    student: q.student_id,
    teacher:
      q.student_id !== undefined ? undefined : (q.teacher_id ?? (ownsClass ? user.id : undefined)),
    school:
      q.student_id !== undefined || aggregate === "class"
        ? undefined
        : (q.school_id ?? (user.role === "school_admin" ? (user.schoolId ?? 0) : undefined)),
    district:
      q.student_id !== undefined || aggregate !== "district"
        ? undefined
        : (q.district_id ?? user.districtId ?? 0),
  };
  if (q.student_id === undefined && aggregate === "class" && ids.teacher === undefined)
    throw invalid({ teacher_id: ["Choose a teacher."] });
  if (q.student_id === undefined && aggregate === "school" && ids.school === undefined)
    throw invalid({ school_id: ["Choose a school."] });

  const classes = classesInReachSql(user);
  const none = sql`null::text`;
  const fullName = (a: string) => sql.raw(`concat_ws(' ', ${a}.first_name, ${a}.last_name)`);
  const result = await db.execute(sql`
    select
      ${
        ids.student === undefined
          ? none
          : sql`(select ${fullName("u")} from users u
              join users t on t.id = u.teacher_id left join schools s on s.id = t.school_id
              where u.id = ${ids.student} and ${studentsInReachSql(user)})`
      } as student,
      ${
        ids.teacher === undefined
          ? none
          : sql`(select ${fullName("t")} from users t left join schools s on s.id = t.school_id
              where t.id = ${ids.teacher} and t.role in (${CLASS_OWNER_ROLES}) and ${classes})`
      } as teacher,
      ${
        ids.teacher === undefined
          ? none
          : sql`(select t.role from users t where t.id = ${ids.teacher})`
      } as teacher_role,
      ${
        ids.school === undefined
          ? none
          : sql`(select name from schools where id = ${ids.school} and ${schoolsOfAdmin(user)})`
      } as school,
      ${
        ids.district === undefined
          ? none
          : sql`(select d.name from districts d
              where d.id = ${ids.district} and d.id = ${user.role === "district_admin" ? (user.districtId ?? 0) : 0})`
      } as district`);
  const [names] = rowsOf<Record<keyof typeof ids | "teacher_role", string | null>>(result);
  const filters: SQL[] = [];
  const subjects: string[] = [];
  for (const level of ["district", "school", "teacher", "student"] as const) {
    const id = ids[level];
    if (id === undefined) continue;
    const name = names?.[level];
    if (name === null || name === undefined) throw notFound();
    subjects.push(
      level === "teacher" ? classWords(names?.teacher_role as Role).classOf(name) : name,
    );
    filters.push(
      {
        student: sql`u.id = ${id}`,
        teacher: sql`t.id = ${id}`,
        school: sql`t.school_id = ${id}`,
        district: sql`s.district_id = ${id}`,
      }[level],
    );
  }
  // The narrowest level names the graph ("Ana Lopez", "Ms Rivera's class", "Jordan Taylor's
  // children", "Maple Grove").
  return {
    reach: studentsInReachSql(user),
    filters,
    subject: subjects.at(-1) ?? "",
    single: ids.student !== undefined,
  };
}
