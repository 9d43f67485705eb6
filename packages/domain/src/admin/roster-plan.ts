import { DEFAULT_STUDENT_PLAN_ID } from "../roster.ts";
import { type DataFile, levelOfGrade } from "./oneroster.ts";
import type { ClassRecord, EnrollmentRecord, UserRecord } from "./oneroster-rows.ts";
import {
  ADULT_USERNAME,
  type Change,
  type ExistingDistrict,
  key,
  type Overwrite,
  type PlanOptions,
  type PlanProblem,
  type RosterPlan,
  type RosterState,
  rolesByUser,
  type SchoolPlan,
  type StudentPlan,
  type TeacherPlan,
} from "./roster-model.ts";
import {
  adoptStudent,
  adoptTeacher,
  classesOfStudentCount,
  classUsernames,
  groupIs,
  groupNames,
  guardianEmails,
  indexPeople,
  matchSchool,
  sameValues,
  schoolOfTeacher,
  sinceLastImport,
} from "./roster-people.ts";

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

  // Accounts adopted by a roster record: two records never adopt one account.
  const adoptedIds = new Set<number>();
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
      adoptTeacher(existing.teachers, user, school.schoolId, adoptedIds);
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
            `username ${wanted} is taken by another Refrain account; the teacher gets one made from their email.`,
          );
        else username = wanted;
      }
      if (username) wantedUsernames.add(key(username));
      if (!email)
        warn(
          "users",
          user.sourcedId,
          "email",
          "The teacher has no email, so no invitation can reach them; their school admin can send a password link once one is set.",
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
      (teacher.id !== null
        ? adoptStudent(existing.students, user, teacher.id, adoptedIds)
        : undefined);
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
