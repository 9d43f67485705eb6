import type { DataFile } from "./oneroster.ts";
import type { RecordOf, RoleRecord } from "./oneroster-rows.ts";

/**
 * What a roster plan works on and gives (docs/decisions/0028): the district's whole roster, what
 * the district has, the admin's choices, and the plan; and the references a bulk package must
 * resolve. The plan itself is roster-plan.ts.
 */

/** Every active record of every file, by sourcedId. */
export type RosterState = { [F in DataFile]: Map<string, RecordOf[F]> };
export const emptyState = (): RosterState => ({
  academicSessions: new Map(),
  orgs: new Map(),
  courses: new Map(),
  classes: new Map(),
  users: new Map(),
  roles: new Map(),
  enrollments: new Map(),
  demographics: new Map(),
});

export interface ExistingSchool {
  id: number;
  name: string;
  ncesId: string | null;
  sourcedId: string | null;
  deactivated: boolean;
}
export interface ExistingPerson {
  id: number;
  sourcedId: string | null;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  schoolId: number | null;
  deactivated: boolean;
  rosterValues: Record<string, string | number | null> | null;
}
export interface ExistingStudent extends ExistingPerson {
  teacherId: number;
  planId: number;
  parentEmail: string | null;
  /** The student's group and whether the roster made it (a teacher's own groups stay). */
  groupId: number | null;
  groupFromRoster: boolean;
}
export interface ExistingTeacher extends ExistingPerson {
  maxStudents: number;
}
export interface ExistingGroup {
  id: number;
  teacherId: number;
  name: string;
  sourcedId: string | null;
}
export interface ExistingDistrict {
  schools: ExistingSchool[];
  /** NCES ids of other districts' schools: an org naming one is not this district's. */
  otherDistrictsNcesIds: ReadonlySet<string>;
  /** Rostered teachers of the district, and its schools' teachers the roster may adopt. */
  teachers: ExistingTeacher[];
  /** Rostered students, and the students of the teachers above. */
  students: ExistingStudent[];
  groups: ExistingGroup[];
  /** Lower-case usernames of adults outside `teachers` that a rostered teacher may not take. */
  takenAdultUsernames: ReadonlySet<string>;
}
export interface PlanOptions {
  /** The admin's choice per school org: an existing school's id, or null for a new school. */
  schoolMatches: Readonly<Record<string, number | null>>;
  /** Existing students' levels follow their grade too (new students' always start there). */
  levelsFromGrades: boolean;
}

export type Change = "create" | "update" | "deactivate" | "unchanged";
export interface PlanProblem {
  file: DataFile;
  sourcedId: string;
  field: string | null;
  message: string;
  severity: "error" | "warning";
}
export interface SchoolPlan {
  sourcedId: string;
  name: string;
  identifier: string;
  /** The school it becomes: an existing one, or null for a new one. */
  schoolId: number | null;
  how: "sourcedId" | "chosen" | "identifier" | "name" | "new";
  change: Change;
  teachers: TeacherPlan[];
  students: StudentPlan[];
}
export interface TeacherPlan {
  sourcedId: string;
  id: number | null;
  change: Change;
  firstName: string;
  lastName: string;
  email: string | null;
  /** A new teacher's wanted username; null lets the server make one from their e-mail. */
  username: string | null;
  maxStudents: number;
  /** The teacher's classes that become groups (two or more), title by class sourcedId. */
  groups: { classSourcedId: string; name: string; id: number | null }[];
  rosterValues: Record<string, string | number | null>;
}
export interface StudentPlan {
  sourcedId: string;
  id: number | null;
  change: Change;
  teacherSourcedId: string;
  firstName: string;
  lastName: string;
  username: string;
  planId: number;
  parentEmail: string | null;
  /** The class group to put them in, or undefined to leave their group alone. */
  groupClassSourcedId: string | null | undefined;
  rosterValues: Record<string, string | number | null>;
}
export interface Overwrite {
  studentId: number;
  student: string;
  teacherId: number;
  field: "firstName" | "lastName" | "username" | "parentEmail" | "planId";
  current: string;
  incoming: string;
}
export interface RosterPlan {
  schools: SchoolPlan[];
  /** Rostered people and schools the roster no longer lists. */
  deactivate: { schoolIds: number[]; teacherIds: number[]; studentIds: number[] };
  counts: Record<"schools" | "teachers" | "students", Record<Change, number>>;
  problems: PlanProblem[];
  overwrites: Overwrite[];
}

export const key = (s: string) => s.trim().toLowerCase();
export const ADULT_USERNAME = /^[A-Za-z0-9._-]{4,20}$/;

/** Checks every reference between the files' records, as a bulk package must resolve them. */
export function referenceProblems(state: RosterState): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const missing = (
    file: DataFile,
    sourcedId: string,
    field: string,
    target: DataFile,
    id: string,
  ) => {
    if (id !== "" && !state[target].has(id))
      problems.push({
        file,
        sourcedId,
        field,
        severity: "error",
        message: `${field} names ${id}, which is not in ${target}.csv.`,
      });
  };
  const hasSessions = state.academicSessions.size > 0;
  for (const org of state.orgs.values())
    missing("orgs", org.sourcedId, "parentSourcedId", "orgs", org.parentSourcedId);
  for (const c of state.courses.values()) {
    missing("courses", c.sourcedId, "orgSourcedId", "orgs", c.orgSourcedId);
    if (hasSessions)
      missing(
        "courses",
        c.sourcedId,
        "schoolYearSourcedId",
        "academicSessions",
        c.schoolYearSourcedId,
      );
  }
  for (const c of state.classes.values()) {
    missing("classes", c.sourcedId, "courseSourcedId", "courses", c.courseSourcedId);
    missing("classes", c.sourcedId, "schoolSourcedId", "orgs", c.schoolSourcedId);
    if (hasSessions)
      for (const term of c.termSourcedIds)
        missing("classes", c.sourcedId, "termSourcedIds", "academicSessions", term);
  }
  for (const r of state.roles.values()) {
    missing("roles", r.sourcedId, "userSourcedId", "users", r.userSourcedId);
    missing("roles", r.sourcedId, "orgSourcedId", "orgs", r.orgSourcedId);
  }
  const rolesOf = rolesByUser(state);
  for (const e of state.enrollments.values()) {
    missing("enrollments", e.sourcedId, "classSourcedId", "classes", e.classSourcedId);
    missing("enrollments", e.sourcedId, "userSourcedId", "users", e.userSourcedId);
    missing("enrollments", e.sourcedId, "schoolSourcedId", "orgs", e.schoolSourcedId);
    const roles = rolesOf.get(e.userSourcedId) ?? [];
    if ((e.role === "teacher" || e.role === "student") && state.users.has(e.userSourcedId))
      if (!roles.some((r) => r.role === e.role))
        problems.push({
          file: "enrollments",
          sourcedId: e.sourcedId,
          field: "role",
          severity: "error",
          message: `role is ${e.role}, but roles.csv gives user ${e.userSourcedId} no ${e.role} role.`,
        });
  }
  for (const u of state.users.values()) {
    missing("users", u.sourcedId, "primaryOrgSourcedId", "orgs", u.primaryOrgSourcedId);
    for (const agent of u.agentSourcedIds)
      if (!state.users.has(agent))
        problems.push({
          file: "users",
          sourcedId: u.sourcedId,
          field: "agentSourcedIds",
          severity: "warning",
          message: `agentSourcedIds names ${agent}, who is not in users.csv; passed over.`,
        });
  }
  return problems;
}

export function rolesByUser(state: RosterState) {
  const byUser = new Map<string, RoleRecord[]>();
  for (const role of state.roles.values()) {
    const list = byUser.get(role.userSourcedId) ?? [];
    list.push(role);
    byUser.set(role.userSourcedId, list);
  }
  return byUser;
}
