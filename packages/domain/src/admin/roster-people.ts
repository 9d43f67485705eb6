import { ROSTER_LIMITS } from "../roster.ts";
import { GUARDIAN_ROLES } from "./oneroster.ts";
import type { ClassRecord, OrgRecord, RoleRecord, UserRecord } from "./oneroster-rows.ts";
import {
  type ExistingDistrict,
  type ExistingGroup,
  type ExistingPerson,
  type ExistingStudent,
  type ExistingTeacher,
  key,
  type PlanOptions,
  type RosterState,
  type SchoolPlan,
  type TeacherPlan,
} from "./roster-model.ts";

/** The rules a roster plan applies to each school, person, group and username (roster-plan.ts). */

export function classesOfStudentCount(classesOfStudent: Map<string, string[]>, classId: string) {
  let n = 0;
  for (const list of classesOfStudent.values()) if (list.includes(classId)) n++;
  return n;
}

export function matchSchool(
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
export function schoolOfTeacher(
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

export function indexPeople<P extends ExistingPerson>(people: P[]) {
  const bySourcedId = new Map<string, P>();
  const byId = new Map<number, P>();
  for (const p of people) {
    if (p.sourcedId !== null) bySourcedId.set(p.sourcedId, p);
    byId.set(p.id, p);
  }
  return { bySourcedId, byId };
}

/** A teacher of the school with the same e-mail and no roster id yet: their own account. */
export function adoptTeacher(
  teachers: ExistingTeacher[],
  user: UserRecord,
  schoolId: number | null,
  adopted: Set<number>,
) {
  if (user.email === "" || schoolId === null) return undefined;
  return claim(
    adopted,
    teachers.find(
      (t) =>
        !adopted.has(t.id) &&
        t.sourcedId === null &&
        t.schoolId === schoolId &&
        key(t.email ?? "") === key(user.email),
    ),
  );
}

/** An account one roster record adopted is no other's. */
function claim<P extends { id: number }>(adopted: Set<number>, person: P | undefined) {
  if (person) adopted.add(person.id);
  return person;
}

/** A student the teacher typed in before the roster came, by the same first and last name. */
export function adoptStudent(
  students: ExistingStudent[],
  user: UserRecord,
  teacherId: number,
  adopted: Set<number>,
) {
  return claim(
    adopted,
    students.find(
      (s) =>
        !adopted.has(s.id) &&
        s.sourcedId === null &&
        s.teacherId === teacherId &&
        key(s.firstName) === key(user.givenName) &&
        key(s.lastName) === key(user.familyName),
    ),
  );
}

/**
 * What to write of each field: the roster's value where the roster changed it since the last
 * import (or it never imported the person), the current value where it did not, so a teacher's
 * own edit stands until the roster changes that field.
 */
export function sinceLastImport(
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

export function sameValues(a: Record<string, unknown> | null, b: Record<string, unknown>) {
  if (!a) return false;
  return Object.entries(b).every(([k, v]) => a[k] === v);
}

export function groupIs(student: ExistingStudent, teacher: TeacherPlan, classId: string | null) {
  if (classId === null) return student.groupId === null;
  const group = teacher.groups.find((g) => g.classSourcedId === classId);
  return group?.id !== null && group?.id === student.groupId;
}

/** Group names from class titles, told apart when two classes share a title. */
export function groupNames(
  classes: ClassRecord[],
  groups: ExistingGroup[],
  teacherId: number | null,
) {
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
export function guardianEmails(state: RosterState, roles: Map<string, RoleRecord[]>) {
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
export function classUsernames(
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
