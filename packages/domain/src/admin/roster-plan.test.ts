import { describe, expect, it } from "vitest";
import type { ClassRecord, EnrollmentRecord, RoleRecord, UserRecord } from "./oneroster-rows.ts";
import {
  type ExistingDistrict,
  type ExistingStudent,
  type ExistingTeacher,
  emptyState,
  type RosterState,
  referenceProblems,
} from "./roster-model.ts";
import { planRoster } from "./roster-plan.ts";

const user = (
  sourcedId: string,
  givenName: string,
  more: Partial<UserRecord> = {},
): UserRecord => ({
  sourcedId,
  enabled: true,
  username: "",
  givenName,
  familyName: "Smith",
  email: "",
  agentSourcedIds: [],
  grades: [],
  primaryOrgSourcedId: "",
  ...more,
});
const role = (userSourcedId: string, r: RoleRecord["role"], org = "s1"): RoleRecord => ({
  sourcedId: `r-${userSourcedId}-${org}`,
  userSourcedId,
  roleType: "primary",
  role: r,
  orgSourcedId: org,
});
const klass = (sourcedId: string, title: string, school = "s1"): ClassRecord => ({
  sourcedId,
  title,
  grades: ["02"],
  courseSourcedId: "c1",
  classType: "homeroom",
  schoolSourcedId: school,
  termSourcedIds: [],
});
const enrol = (
  classSourcedId: string,
  userSourcedId: string,
  r: "teacher" | "student",
): EnrollmentRecord => ({
  sourcedId: `e-${classSourcedId}-${userSourcedId}`,
  classSourcedId,
  schoolSourcedId: "s1",
  userSourcedId,
  role: r,
  primary: r === "teacher",
});

/** One school, teacher t1 with classes k1 and k2, t2 with k3, students a (k1), b (k2), c (k3). */
function roster(): RosterState {
  const state = emptyState();
  state.orgs.set("s1", {
    sourcedId: "s1",
    name: "Oak",
    type: "school",
    identifier: "",
    parentSourcedId: "",
  });
  state.courses.set("c1", {
    sourcedId: "c1",
    title: "Reading",
    orgSourcedId: "s1",
    schoolYearSourcedId: "",
  });
  for (const u of [
    user("t1", "Tia", { email: "tia@oak.example.org", username: "tia.s" }),
    user("t2", "Tom", { email: "tom@oak.example.org" }),
    user("a", "Amy", { grades: ["02"] }),
    user("b", "Bea", { grades: ["KG"] }),
    user("c", "Cat", { username: "cat" }),
  ])
    state.users.set(u.sourcedId, u);
  for (const r of [
    role("t1", "teacher"),
    role("t2", "teacher"),
    role("a", "student"),
    role("b", "student"),
    role("c", "student"),
  ])
    state.roles.set(r.sourcedId, r);
  for (const k of [klass("k1", "Room 1"), klass("k2", "Room 2"), klass("k3", "Room 3")])
    state.classes.set(k.sourcedId, k);
  for (const e of [
    enrol("k1", "t1", "teacher"),
    enrol("k2", "t1", "teacher"),
    enrol("k3", "t2", "teacher"),
    enrol("k1", "a", "student"),
    enrol("k2", "b", "student"),
    enrol("k3", "c", "student"),
  ])
    state.enrollments.set(e.sourcedId, e);
  return state;
}

const nothing = (more: Partial<ExistingDistrict> = {}): ExistingDistrict => ({
  schools: [{ id: 10, name: "Oak", ncesId: null, sourcedId: null, deactivated: false }],
  otherDistrictsNcesIds: new Set(),
  teachers: [],
  students: [],
  groups: [],
  takenAdultUsernames: new Set(),
  ...more,
});
const options = { schoolMatches: {}, levelsFromGrades: false };
const existingTeacher = (more: Partial<ExistingTeacher>): ExistingTeacher => ({
  id: 100,
  sourcedId: null,
  username: "tia",
  firstName: "Tia",
  lastName: "Smith",
  email: "tia@oak.example.org",
  schoolId: 10,
  deactivated: false,
  rosterValues: null,
  maxStudents: 30,
  ...more,
});
const student = (more: Partial<ExistingStudent>): ExistingStudent => ({
  id: 1,
  sourcedId: null,
  username: "x",
  firstName: "X",
  lastName: "Smith",
  email: null,
  schoolId: null,
  deactivated: false,
  rosterValues: null,
  teacherId: 100,
  planId: 8,
  parentEmail: null,
  groupId: null,
  groupFromRoster: false,
  ...more,
});

describe("planning a roster", () => {
  it("matches a school by name, makes teachers, groups for several classes, students with levels and usernames", () => {
    const plan = planRoster(roster(), nothing(), options);
    expect(plan.problems).toEqual([]);
    const [school] = plan.schools;
    expect(school).toMatchObject({ schoolId: 10, how: "name", change: "update" });
    expect(
      school?.teachers.map((t) => [t.sourcedId, t.username, t.groups.map((g) => g.name)]),
    ).toEqual([
      ["t1", "tia.s", ["Room 1", "Room 2"]],
      ["t2", null, []],
    ]);
    expect(
      school?.students.map((s) => [
        s.sourcedId,
        s.teacherSourcedId,
        s.username,
        s.planId,
        s.groupClassSourcedId,
      ]),
    ).toEqual([
      ["a", "t1", "amy.s", 8, "k1"],
      ["b", "t1", "bea.s", 6, "k2"],
      // No grade of her own: her class's.
      ["c", "t2", "cat", 8, undefined],
    ]);
    expect(plan.counts.students).toEqual({ create: 3, update: 0, deactivate: 0, unchanged: 0 });
  });

  it("the admin's choice of a new school wins over a match by name", () => {
    const plan = planRoster(roster(), nothing(), { ...options, schoolMatches: { s1: null } });
    expect(plan.schools[0]).toMatchObject({ schoolId: null, how: "new", change: "create" });
  });

  it("adopts the school's teacher with the same e-mail, and their typed-in student by name", () => {
    const teacher = existingTeacher({ email: "TIA@oak.example.org" });
    const typed = student({ id: 7, username: "amy", firstName: "amy", lastName: "SMITH" });
    const plan = planRoster(roster(), nothing({ teachers: [teacher], students: [typed] }), options);
    const [school] = plan.schools;
    expect(school?.teachers[0]).toMatchObject({ id: 100, change: "update" });
    expect(school?.students[0]).toMatchObject({ id: 7, username: "amy", change: "update" });
    // Another school's teacher with that address is not theirs to adopt.
    const elsewhere = planRoster(
      roster(),
      nothing({ teachers: [{ ...teacher, schoolId: 99 }] }),
      options,
    );
    expect(elsewhere.schools[0]?.teachers[0]?.id).toBeNull();
  });

  it("never adopts one account for two roster records", () => {
    const state = roster();
    state.users.set("b", user("b", "Amy", { grades: ["02"] }));
    const teacher = existingTeacher({});
    const typed = student({ id: 7, username: "amy", firstName: "Amy", lastName: "Smith" });
    const plan = planRoster(state, nothing({ teachers: [teacher], students: [typed] }), options);
    const amys = plan.schools[0]?.students.filter((s) => s.firstName === "Amy") ?? [];
    expect(amys.map((s) => s.id)).toEqual([7, null]);
  });

  it("keeps a student with their teacher when they have classes with two, and says so", () => {
    const state = roster();
    const both = enrol("k3", "a", "student");
    state.enrollments.set(both.sourcedId, both);
    const t2 = existingTeacher({
      id: 200,
      sourcedId: "t2",
      username: "tom",
      firstName: "Tom",
      email: "tom@oak.example.org",
    });
    const a = student({
      id: 5,
      sourcedId: "a",
      teacherId: 200,
      username: "amy.s",
      firstName: "Amy",
    });
    const plan = planRoster(state, nothing({ teachers: [t2], students: [a] }), options);
    expect(plan.schools[0]?.students.find((s) => s.sourcedId === "a")?.teacherSourcedId).toBe("t2");
    expect(plan.problems).toContainEqual(
      expect.objectContaining({
        sourcedId: "a",
        severity: "warning",
        message: expect.stringMatching(/classes with 2 teachers/),
      }),
    );
  });

  it("gives a new student a username no classmate has, typed-in ones included", () => {
    const state = roster();
    state.users.set("c", user("c", "Cat", { username: "CAT" }));
    const t2 = existingTeacher({
      id: 200,
      sourcedId: "t2",
      username: "tom",
      firstName: "Tom",
      email: null,
    });
    const typed = student({ id: 9, teacherId: 200, username: "cat", firstName: "Other" });
    const plan = planRoster(state, nothing({ teachers: [t2], students: [typed] }), options);
    expect(plan.schools[0]?.students.find((s) => s.sourcedId === "c")?.username).toBe("cat2");
    expect(plan.problems).toContainEqual(
      expect.objectContaining({
        field: "username",
        message: "username CAT is taken in the class; the student gets cat2.",
      }),
    );
  });

  it("refuses two people with one username, and warns of a teacher's username another account has", () => {
    const state = roster();
    state.users.set("b", user("b", "Bea", { username: "Cat" }));
    const plan = planRoster(state, nothing({ takenAdultUsernames: new Set(["tia.s"]) }), options);
    expect(plan.problems.filter((p) => p.severity === "error")).toEqual([
      expect.objectContaining({ sourcedId: "c", message: "username cat is also b's." }),
    ]);
    expect(plan.schools[0]?.teachers[0]?.username).toBeNull();
  });

  it("deactivates rostered people and schools it no longer lists, never others", () => {
    const gone = student({ id: 3, sourcedId: "zz", teacherId: 100 });
    const typed = student({ id: 4, sourcedId: null, teacherId: 100 });
    const oldSchool = {
      id: 11,
      name: "Gone",
      ncesId: null,
      sourcedId: "s-old",
      deactivated: false,
    };
    const plan = planRoster(
      roster(),
      nothing({ students: [gone, typed], schools: [...nothing().schools, oldSchool] }),
      options,
    );
    expect(plan.deactivate).toEqual({ schoolIds: [11], teacherIds: [], studentIds: [3] });
  });

  it("reports a teacher's edit the roster overwrites, not one it leaves", () => {
    const t1 = existingTeacher({ sourcedId: "t1", username: "tia.s" });
    const last = {
      firstName: "Amy",
      lastName: "Smith",
      username: "",
      parentEmail: null,
      planId: 8,
    };
    const a = student({
      id: 5,
      sourcedId: "a",
      username: "amy.s",
      firstName: "Aimee",
      rosterValues: last,
    });
    const same = planRoster(roster(), nothing({ teachers: [t1], students: [a] }), options);
    expect(same.overwrites).toEqual([]);
    expect(same.schools[0]?.students[0]?.firstName).toBe("Aimee");
    const state = roster();
    state.users.set("a", user("a", "Amelia", { grades: ["02"] }));
    const changed = planRoster(state, nothing({ teachers: [t1], students: [a] }), options);
    expect(changed.overwrites).toEqual([
      {
        studentId: 5,
        student: "Aimee Smith",
        teacherId: 100,
        field: "firstName",
        current: "Aimee",
        incoming: "Amelia",
      },
    ]);
  });

  it("checks references as a bulk package must resolve them", () => {
    const state = roster();
    state.enrollments.set("e-x", { ...enrol("k9", "a", "student"), sourcedId: "e-x" });
    state.enrollments.set("e-y", { ...enrol("k1", "a", "teacher"), sourcedId: "e-y" });
    expect(referenceProblems(state).map((p) => [p.sourcedId, p.message])).toEqual([
      ["e-x", "classSourcedId names k9, which is not in classes.csv."],
      ["e-y", "role is teacher, but roles.csv gives user a no teacher role."],
    ]);
  });
});
