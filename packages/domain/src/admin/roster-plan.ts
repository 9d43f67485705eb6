import { DEFAULT_STUDENT_PLAN_ID, ROSTER_LIMITS } from "../roster.ts";
import {
  type ClassRecord,
  type DataFile,
  type EnrollmentRecord,
  GUARDIAN_ROLES,
  levelOfGrade,
  type OrgRecord,
  type RecordOf,
  type RoleRecord,
  type UserRecord,
} from "./oneroster.ts";

/**
 * From a district's whole roster (the merge of its last import and this package) to the
 * accounts Refrain keeps (issue 21, docs/decisions/0028). Pure: the server loads what exists,
 * plans, shows the plan as the preview, and plans again from fresh data when it applies.
 *
 * Schools are the orgs of type school. Teachers are users with a teacher role, at the school of
 * their primary role. A class belongs to its primary teacher; a teacher with several classes
 * gets a group per class. A student belongs to one class owner (Refrain's classes have one
 * teacher): the class of their current teacher when they still have one, else their first.
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

const key = (s: string) => s.trim().toLowerCase();
const ADULT_USERNAME = /^[A-Za-z0-9._-]{4,20}$/;

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

function rolesByUser(state: RosterState) {
  const byUser = new Map<string, RoleRecord[]>();
  for (const role of state.roles.values()) {
    const list = byUser.get(role.userSourcedId) ?? [];
    list.push(role);
    byUser.set(role.userSourcedId, list);
  }
  return byUser;
}

/** The whole plan: schools, their teachers and students, what goes, and what it overwrites. */
export function planRoster(
  state: RosterState,
  existing: ExistingDistrict,
  options: PlanOptions,
): RosterPlan {
  const problems: PlanProblem[] = [];
  const warn = (file: DataFile, sourcedId: string, field: string | null, message: string) =>
    problems.push({ file, sourcedId, field, message, severity: "warning" });
  const error = (file: DataFile, sourcedId: string, field: string | null, message: string) =>
    problems.push({ file, sourcedId, field, message, severity: "error" });
  const roles = rolesByUser(state);
  const schoolOrgs = [...state.orgs.values()].filter((o) => o.type === "school");
  const schoolPlans = new Map<string, SchoolPlan>();
  const usedSchoolIds = new Set<number>();

  // ── Schools: by stored sourcedId, the admin's choice, NCES id, then exact name.
  for (const org of schoolOrgs.sort((a, b) => a.sourcedId.localeCompare(b.sourcedId))) {
    const plan = matchSchool(org, existing, options, usedSchoolIds);
    if (org.identifier !== "" && existing.otherDistrictsNcesIds.has(org.identifier))
      error(
        "orgs",
        org.sourcedId,
        "identifier",
        `identifier ${org.identifier} is the NCES id of a school in another district.`,
      );
    if (plan.schoolId !== null) usedSchoolIds.add(plan.schoolId);
    schoolPlans.set(org.sourcedId, plan);
  }

  // ── People by role.
  const teacherUsers: UserRecord[] = [];
  const studentUsers: UserRecord[] = [];
  for (const user of state.users.values()) {
    if (!user.enabled) continue;
    const theirs = roles.get(user.sourcedId) ?? [];
    const isTeacher = theirs.some((r) => r.role === "teacher");
    const isStudent = theirs.some((r) => r.role === "student");
    if (isTeacher && isStudent)
      error("users", user.sourcedId, null, "The user has both a teacher and a student role.");
    else if (isTeacher) teacherUsers.push(user);
    else if (isStudent) studentUsers.push(user);
  }
  const byUsername = new Map<string, string>();
  for (const user of [...teacherUsers, ...studentUsers]) {
    if (user.username === "") continue;
    const other = byUsername.get(key(user.username));
    if (other)
      error("users", user.sourcedId, "username", `username ${user.username} is also ${other}'s.`);
    else byUsername.set(key(user.username), user.sourcedId);
  }

  // ── Classes: their owner (primary teacher) and the students enrolled.
  const teachersOf = new Map<string, EnrollmentRecord[]>();
  const classesOfStudent = new Map<string, string[]>();
  for (const e of state.enrollments.values()) {
    if (e.role === "teacher") {
      const list = teachersOf.get(e.classSourcedId) ?? [];
      list.push(e);
      teachersOf.set(e.classSourcedId, list);
    } else if (e.role === "student") {
      const list = classesOfStudent.get(e.userSourcedId) ?? [];
      list.push(e.classSourcedId);
      classesOfStudent.set(e.userSourcedId, list);
    }
  }
  const teacherIds = new Set(teacherUsers.map((t) => t.sourcedId));
  const ownerOf = new Map<string, string>();
  const classesOfTeacher = new Map<string, ClassRecord[]>();
  for (const c of [...state.classes.values()].sort((a, b) =>
    a.sourcedId.localeCompare(b.sourcedId),
  )) {
    const candidates = (teachersOf.get(c.sourcedId) ?? [])
      .filter((e) => teacherIds.has(e.userSourcedId))
      .sort(
        (a, b) => Number(b.primary) - Number(a.primary) || a.sourcedId.localeCompare(b.sourcedId),
      );
    const owner = candidates[0];
    if (!owner) {
      if (classesOfStudentCount(classesOfStudent, c.sourcedId) > 0)
        warn(
          "classes",
          c.sourcedId,
          null,
          `Class ${c.title} has no teacher; its students are placed by their other classes.`,
        );
      continue;
    }
    if (candidates.filter((e) => e.primary).length > 1)
      warn(
        "classes",
        c.sourcedId,
        null,
        `Class ${c.title} has several primary teachers; it belongs to ${owner.userSourcedId}.`,
      );
    ownerOf.set(c.sourcedId, owner.userSourcedId);
    const list = classesOfTeacher.get(owner.userSourcedId) ?? [];
    list.push(c);
    classesOfTeacher.set(owner.userSourcedId, list);
  }

  // ── Teachers.
  const existingTeachers = indexPeople(existing.teachers);
  const teacherPlans = new Map<string, TeacherPlan>();
  const teacherSchool = new Map<string, SchoolPlan>();
  const wantedUsernames = new Set<string>();
  for (const user of teacherUsers.sort((a, b) => a.sourcedId.localeCompare(b.sourcedId))) {
    const school = schoolOfTeacher(
      user,
      roles.get(user.sourcedId) ?? [],
      classesOfTeacher,
      schoolPlans,
    );
    if (!school) {
      warn("users", user.sourcedId, null, "The teacher has no school in the roster; passed over.");
      continue;
    }
    const found =
      existingTeachers.bySourcedId.get(user.sourcedId) ??
      adoptTeacher(existing.teachers, user, school.schoolId);
    const email = user.email === "" ? null : user.email;
    let username: string | null = null;
    if (!found) {
      const wanted = user.username;
      if (wanted !== "" && ADULT_USERNAME.test(wanted)) {
        if (existing.takenAdultUsernames.has(key(wanted)) || wantedUsernames.has(key(wanted)))
          warn(
            "users",
            user.sourcedId,
            "username",
            `username ${wanted} is taken by another Refrain account; the teacher gets one made from their e-mail.`,
          );
        else username = wanted;
      }
      if (username) wantedUsernames.add(key(username));
      if (!email)
        warn(
          "users",
          user.sourcedId,
          "email",
          "The teacher has no e-mail, so no invitation can reach them; their school admin can send a password link once one is set.",
        );
    }
    const classes = classesOfTeacher.get(user.sourcedId) ?? [];
    const plan: TeacherPlan = {
      sourcedId: user.sourcedId,
      id: found?.id ?? null,
      change: "create",
      firstName: user.givenName,
      lastName: user.familyName,
      email,
      username,
      maxStudents: found?.maxStudents ?? 30,
      groups: classes.length > 1 ? groupNames(classes, existing.groups, found?.id ?? null) : [],
      rosterValues: { firstName: user.givenName, lastName: user.familyName, email },
    };
    if (found) {
      const write = sinceLastImport(found, plan.rosterValues, {
        firstName: found.firstName,
        lastName: found.lastName,
        email: found.email,
      });
      plan.firstName = String(write.firstName ?? "");
      plan.lastName = String(write.lastName ?? "");
      plan.email = (write.email as string | null) ?? null;
      const same =
        !found.deactivated &&
        found.sourcedId === user.sourcedId &&
        found.schoolId === school.schoolId &&
        plan.firstName === found.firstName &&
        plan.lastName === found.lastName &&
        plan.email === found.email &&
        sameValues(found.rosterValues, plan.rosterValues) &&
        plan.groups.every((g) => g.id !== null);
      plan.change = same ? "unchanged" : "update";
    }
    teacherPlans.set(user.sourcedId, plan);
    teacherSchool.set(user.sourcedId, school);
    school.teachers.push(plan);
  }

  // ── Students.
  const existingStudents = indexPeople(existing.students);
  const guardianEmail = guardianEmails(state, roles);
  const classmates = classUsernames(existing.students, existingTeachers.byId, teacherPlans);
  const ownerById = new Map([...teacherPlans.values()].map((t) => [t.id, t.sourcedId]));
  const overwrites: Overwrite[] = [];
  for (const user of studentUsers.sort((a, b) => a.sourcedId.localeCompare(b.sourcedId))) {
    const found = existingStudents.bySourcedId.get(user.sourcedId);
    const classIds = (classesOfStudent.get(user.sourcedId) ?? []).filter((c) => ownerOf.has(c));
    const currentOwner = found ? ownerById.get(found.teacherId) : undefined;
    const placed = classIds.find((c) => ownerOf.get(c) === currentOwner) ?? classIds[0];
    if (!placed) {
      warn(
        "users",
        user.sourcedId,
        null,
        found
          ? "The student is in no class with a teacher, so their account is deactivated."
          : "The student is in no class with a teacher; passed over.",
      );
      continue;
    }
    const ownerSourcedId = ownerOf.get(placed) as string;
    const owners = new Set(classIds.map((c) => ownerOf.get(c)));
    if (owners.size > 1)
      warn(
        "users",
        user.sourcedId,
        null,
        `The student has classes with ${owners.size} teachers; a Refrain class has one, so they are placed in ${ownerSourcedId}'s.`,
      );
    const teacher = teacherPlans.get(ownerSourcedId) as TeacherPlan;
    const school = teacherSchool.get(ownerSourcedId) as SchoolPlan;
    const adopted =
      found ??
      (teacher.id !== null ? adoptStudent(existing.students, user, teacher.id) : undefined);
    const names = classmates(ownerSourcedId);
    const grade =
      levelOfGrade(user.grades[0]) ?? levelOfGrade(state.classes.get(placed)?.grades[0]);
    const incoming = {
      firstName: user.givenName,
      lastName: user.familyName,
      username: user.username,
      parentEmail: guardianEmail.get(user.sourcedId) ?? null,
      planId: grade,
    };
    const plan: StudentPlan = {
      sourcedId: user.sourcedId,
      id: adopted?.id ?? null,
      change: "create",
      teacherSourcedId: ownerSourcedId,
      firstName: incoming.firstName,
      lastName: incoming.lastName,
      username: incoming.username,
      planId: grade ?? DEFAULT_STUDENT_PLAN_ID,
      parentEmail: incoming.parentEmail,
      groupClassSourcedId: undefined,
      rosterValues: incoming,
    };
    if (adopted) {
      const current = {
        firstName: adopted.firstName,
        lastName: adopted.lastName,
        username: adopted.username,
        parentEmail: adopted.parentEmail,
        planId: adopted.planId,
      };
      // Usernames and parents' addresses a teacher set are kept unless the roster gives one.
      const write = sinceLastImport(adopted, incoming, current);
      // A student the roster adopts keeps the login their teacher gave them; later changes of
      // the roster's username apply.
      if (incoming.username === "" || !adopted.rosterValues) write.username = adopted.username;
      if (incoming.parentEmail === null) write.parentEmail = adopted.parentEmail;
      if (!options.levelsFromGrades || grade === null) write.planId = adopted.planId;
      for (const field of ["firstName", "lastName", "username", "parentEmail", "planId"] as const) {
        const last = adopted.rosterValues?.[field];
        if (adopted.rosterValues && write[field] !== current[field] && current[field] !== last)
          overwrites.push({
            studentId: adopted.id,
            student: `${adopted.firstName} ${adopted.lastName}`.trim() || adopted.username,
            teacherId: adopted.teacherId,
            field,
            current: String(current[field] ?? ""),
            incoming: String(write[field] ?? ""),
          });
      }
      plan.firstName = String(write.firstName);
      plan.lastName = String(write.lastName);
      plan.username = String(write.username);
      plan.parentEmail = (write.parentEmail as string | null) ?? null;
      plan.planId = Number(write.planId);
    }
    plan.username = names.place(plan.username, plan.firstName, plan.lastName, adopted?.id ?? null);
    if (incoming.username !== "" && key(plan.username) !== key(incoming.username))
      warn(
        "users",
        user.sourcedId,
        "username",
        `username ${incoming.username} is taken in the class; the student gets ${plan.username}.`,
      );
    if (teacher.groups.length > 0) {
      if (!adopted || adopted.groupId === null || adopted.groupFromRoster)
        plan.groupClassSourcedId = placed;
    } else if (adopted?.groupFromRoster) plan.groupClassSourcedId = null;
    if (adopted) {
      const same =
        !adopted.deactivated &&
        adopted.sourcedId === user.sourcedId &&
        adopted.teacherId === teacher.id &&
        plan.firstName === adopted.firstName &&
        plan.lastName === adopted.lastName &&
        plan.username === adopted.username &&
        plan.parentEmail === adopted.parentEmail &&
        plan.planId === adopted.planId &&
        sameValues(adopted.rosterValues, plan.rosterValues) &&
        (plan.groupClassSourcedId === undefined ||
          groupIs(adopted, teacher, plan.groupClassSourcedId));
      plan.change = same ? "unchanged" : "update";
    }
    school.students.push(plan);
  }
  const classSizes = new Map<string, number>();
  for (const school of schoolPlans.values())
    for (const p of school.students)
      classSizes.set(p.teacherSourcedId, (classSizes.get(p.teacherSourcedId) ?? 0) + 1);
  for (const teacher of teacherPlans.values()) {
    const size = classSizes.get(teacher.sourcedId) ?? 0;
    if (size > teacher.maxStudents) {
      teacher.maxStudents = size;
      if (teacher.change === "unchanged") teacher.change = "update";
    }
  }

  // ── What the roster no longer lists.
  const keptTeachers = new Set([...teacherPlans.values()].map((t) => t.id));
  const keptStudents = new Set(
    [...schoolPlans.values()].flatMap((s) => s.students.map((p) => p.id)),
  );
  const deactivate = {
    schoolIds: existing.schools
      .filter((s) => s.sourcedId !== null && !s.deactivated && !usedSchoolIds.has(s.id))
      .map((s) => s.id),
    teacherIds: existing.teachers
      .filter((t) => t.sourcedId !== null && !t.deactivated && !keptTeachers.has(t.id))
      .map((t) => t.id),
    studentIds: existing.students
      .filter((s) => s.sourcedId !== null && !s.deactivated && !keptStudents.has(s.id))
      .map((s) => s.id),
  };
  const plans = [...schoolPlans.values()];
  const tally = (changes: Change[], gone: number) => ({
    create: changes.filter((c) => c === "create").length,
    update: changes.filter((c) => c === "update").length,
    unchanged: changes.filter((c) => c === "unchanged").length,
    deactivate: gone,
  });
  return {
    schools: plans,
    deactivate,
    counts: {
      schools: tally(
        plans.map((s) => s.change),
        deactivate.schoolIds.length,
      ),
      teachers: tally(
        plans.flatMap((s) => s.teachers.map((t) => t.change)),
        deactivate.teacherIds.length,
      ),
      students: tally(
        plans.flatMap((s) => s.students.map((p) => p.change)),
        deactivate.studentIds.length,
      ),
    },
    problems,
    overwrites,
  };
}

function classesOfStudentCount(classesOfStudent: Map<string, string[]>, classId: string) {
  let n = 0;
  for (const list of classesOfStudent.values()) if (list.includes(classId)) n++;
  return n;
}

function matchSchool(
  org: OrgRecord,
  existing: ExistingDistrict,
  options: PlanOptions,
  used: ReadonlySet<number>,
): SchoolPlan {
  const base = {
    sourcedId: org.sourcedId,
    name: org.name,
    identifier: org.identifier,
    teachers: [],
    students: [],
  };
  const free = existing.schools.filter((s) => !used.has(s.id));
  const stored = free.find((s) => s.sourcedId === org.sourcedId);
  const chosen =
    org.sourcedId in options.schoolMatches ? options.schoolMatches[org.sourcedId] : undefined;
  const target = stored
    ? { school: stored, how: "sourcedId" as const }
    : chosen === null
      ? null
      : chosen !== undefined
        ? { school: free.find((s) => s.id === chosen), how: "chosen" as const }
        : (() => {
            const unmatched = free.filter((s) => s.sourcedId === null);
            const byNces =
              org.identifier !== ""
                ? unmatched.find((s) => s.ncesId === org.identifier)
                : undefined;
            if (byNces) return { school: byNces, how: "identifier" as const };
            const byName = unmatched.find((s) => key(s.name) === key(org.name));
            return byName ? { school: byName, how: "name" as const } : null;
          })();
  if (!target?.school) return { ...base, schoolId: null, how: "new", change: "create" };
  const school = target.school;
  const same =
    school.sourcedId === org.sourcedId && school.name === org.name && !school.deactivated;
  return { ...base, schoolId: school.id, how: target.how, change: same ? "unchanged" : "update" };
}

/** The school a teacher belongs to: their primary role's, another role's, or their first class's. */
function schoolOfTeacher(
  user: UserRecord,
  roles: RoleRecord[],
  classes: Map<string, ClassRecord[]>,
  schools: Map<string, SchoolPlan>,
) {
  const teaching = roles
    .filter((r) => r.role === "teacher")
    .sort((a, b) => Number(a.roleType !== "primary") - Number(b.roleType !== "primary"));
  for (const role of teaching) {
    const school = schools.get(role.orgSourcedId);
    if (school) return school;
  }
  const first = classes.get(user.sourcedId)?.[0];
  return first ? schools.get(first.schoolSourcedId) : undefined;
}

function indexPeople<P extends ExistingPerson>(people: P[]) {
  const bySourcedId = new Map<string, P>();
  const byId = new Map<number, P>();
  for (const p of people) {
    if (p.sourcedId !== null) bySourcedId.set(p.sourcedId, p);
    byId.set(p.id, p);
  }
  return { bySourcedId, byId };
}

/** A teacher of the school with the same e-mail and no roster id yet: their own account. */
function adoptTeacher(teachers: ExistingTeacher[], user: UserRecord, schoolId: number | null) {
  if (user.email === "" || schoolId === null) return undefined;
  return teachers.find(
    (t) =>
      t.sourcedId === null && t.schoolId === schoolId && key(t.email ?? "") === key(user.email),
  );
}

/** A student the teacher typed in before the roster came, by the same first and last name. */
function adoptStudent(students: ExistingStudent[], user: UserRecord, teacherId: number) {
  return students.find(
    (s) =>
      s.sourcedId === null &&
      s.teacherId === teacherId &&
      key(s.firstName) === key(user.givenName) &&
      key(s.lastName) === key(user.familyName),
  );
}

/**
 * What to write of each field: the roster's value where the roster changed it since the last
 * import (or it never imported the person), the current value where it did not, so a teacher's
 * own edit stands until the roster changes that field.
 */
function sinceLastImport(
  person: ExistingPerson,
  incoming: Record<string, string | number | null>,
  current: Record<string, string | number | null>,
) {
  const write: Record<string, string | number | null> = {};
  for (const [field, value] of Object.entries(incoming)) {
    const last = person.rosterValues?.[field];
    write[field] = person.rosterValues && last === value ? (current[field] ?? null) : value;
  }
  return write;
}

function sameValues(a: Record<string, unknown> | null, b: Record<string, unknown>) {
  if (!a) return false;
  return Object.entries(b).every(([k, v]) => a[k] === v);
}

function groupIs(student: ExistingStudent, teacher: TeacherPlan, classId: string | null) {
  if (classId === null) return student.groupId === null;
  const group = teacher.groups.find((g) => g.classSourcedId === classId);
  return group?.id !== null && group?.id === student.groupId;
}

/** Group names from class titles, told apart when two classes share a title. */
function groupNames(classes: ClassRecord[], groups: ExistingGroup[], teacherId: number | null) {
  const seen = new Map<string, number>();
  return classes.map((c) => {
    const base = c.title.slice(0, ROSTER_LIMITS.groupName - 4);
    const n = (seen.get(key(base)) ?? 0) + 1;
    seen.set(key(base), n);
    const existing = groups.find((g) => g.teacherId === teacherId && g.sourcedId === c.sourcedId);
    return {
      classSourcedId: c.sourcedId,
      name: n > 1 ? `${base} (${n})` : base,
      id: existing?.id ?? null,
    };
  });
}

/** The guardian's e-mail each student's family is reached at: the first guardian with one. */
function guardianEmails(state: RosterState, roles: Map<string, RoleRecord[]>) {
  const isGuardian = (id: string) =>
    (roles.get(id) ?? []).some((r) => GUARDIAN_ROLES.includes(r.role));
  const emails = new Map<string, string>();
  const link = (student: string, guardian: UserRecord | undefined) => {
    if (guardian && guardian.email !== "" && isGuardian(guardian.sourcedId) && !emails.has(student))
      emails.set(student, guardian.email);
  };
  const users = [...state.users.values()].sort((a, b) => a.sourcedId.localeCompare(b.sourcedId));
  for (const user of users)
    for (const agent of user.agentSourcedIds) link(user.sourcedId, state.users.get(agent));
  for (const user of users)
    if (isGuardian(user.sourcedId)) for (const child of user.agentSourcedIds) link(child, user);
  return emails;
}

/**
 * Each class's usernames, existing classmates' included, so a new or renamed student gets one
 * no classmate has (the roster's rule), made from their name when the roster gives none.
 */
function classUsernames(
  students: ExistingStudent[],
  teachersById: Map<number, ExistingTeacher>,
  plans: Map<string, TeacherPlan>,
) {
  const taken = new Map<string, Map<string, number | null>>();
  const idToSourced = new Map([...plans.values()].map((p) => [p.id, p.sourcedId]));
  for (const s of students) {
    const owner =
      idToSourced.get(s.teacherId) ?? (teachersById.has(s.teacherId) ? `#${s.teacherId}` : null);
    if (owner === null) continue;
    const names = taken.get(owner) ?? new Map();
    names.set(key(s.username), s.id);
    taken.set(owner, names);
  }
  return (owner: string) => {
    const names = taken.get(owner) ?? new Map<string, number | null>();
    taken.set(owner, names);
    return {
      place(wanted: string, first: string, last: string, id: number | null) {
        const free = (u: string) => {
          const holder = names.get(key(u));
          return holder === undefined || (id !== null && holder === id);
        };
        const base =
          (wanted || `${first}${last ? `.${last[0]}` : ""}`)
            .toLowerCase()
            .replace(/[^a-z0-9._-]/g, "")
            .slice(0, ROSTER_LIMITS.username - 3) || "student";
        let username = wanted !== "" && wanted.length <= ROSTER_LIMITS.username ? wanted : base;
        for (let n = 2; !free(username); n++) username = `${base}${n}`;
        for (const [k, holder] of names) if (holder === id && id !== null) names.delete(k);
        names.set(key(username), id);
        return username;
      },
    };
  };
}
