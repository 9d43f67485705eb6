import { FIRST_NAMES, LAST_NAMES } from "./names.ts";
import { type Random, seededRandom } from "./random.ts";
import { planWorld } from "./world.ts";

/**
 * The people and classes of a sample OneRoster package (oneroster-package.ts writes them out):
 * the demo world's district, "Riverbend Unified School District", as its student information
 * system would export it. Every name is drawn from names.ts with a fixed seed and every
 * sourcedId is numbered in the order things are planned, so each run plans the same district.
 */

export type PackageSize =
  | "demo"
  | "bench"
  | { schools: number; teachersPerSchool: number; studentsPerTeacher: number };

export const ELEMENTARY_GRADES = ["KG", "01", "02", "03", "04", "05"] as const;
export type Grade = (typeof ELEMENTARY_GRADES)[number];

const pad = (n: number, width: number) => String(n).padStart(width, "0");
export const DISTRICT_ID = "rb-dst-0001";
export const schoolId = (n: number) => `rb-sch-${pad(n, 4)}`;
export const teacherId = (n: number) => `rb-usr-t${pad(n, 4)}`;
export const studentId = (n: number) => `rb-usr-s${pad(n, 5)}`;
export const guardianId = (n: number) => `rb-usr-g${pad(n, 5)}`;
export const classId = (n: number) => `rb-cls-${pad(n, 4)}`;
export const enrollmentId = (n: number) => `rb-enr-${pad(n, 6)}`;

export interface SchoolPlan {
  id: string;
  name: string;
  identifier: string;
}
export interface TeacherPlan {
  id: string;
  username: string;
  givenName: string;
  familyName: string;
  email: string;
  identifier: string;
  /** Indexes into `schools`; the first is where the teacher's primary role is. */
  schools: number[];
}
export interface ClassPlan {
  id: string;
  school: number;
  teacher: number;
  grade: Grade;
  room: number;
  classType: string;
  /** The teacher's enrollment in the class. */
  enrollmentId: string;
}
export interface StudentPlan {
  id: string;
  /** Blank for some: the import makes one up. */
  username: string;
  givenName: string;
  familyName: string;
  identifier: string;
  cls: number;
  grade: Grade;
  enrollmentId: string;
  guardianIds: string[];
  /** When the student's users row last changed, if after the first export. */
  modified?: string;
  /** When they joined their class (their enrollment and role rows), if after the first export. */
  enrolled?: string;
}
export interface GuardianPlan {
  id: string;
  role: "parent" | "guardian";
  givenName: string;
  familyName: string;
  email: string;
  studentIds: string[];
  school: number;
}
export interface DistrictPlan {
  name: string;
  schools: SchoolPlan[];
  teachers: TeacherPlan[];
  classes: ClassPlan[];
  students: StudentPlan[];
  guardians: GuardianPlan[];
  /** Teachers' and students' usernames so far, kept unique district-wide. */
  usernames: Set<string>;
  guardianEmails: Set<string>;
  nextStudent: number;
  nextEnrollment: number;
}

/** The item at `i`, which the caller knows is there. */
export function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`The sample district has no item ${i} here.`);
  return item;
}

function unique(taken: Set<string>, base: string) {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

interface ClassSpec {
  school: number;
  /** A demo-world teacher's username (adopted with their name and e-mail) or a new teacher's key. */
  teacher: string;
  grade: Grade;
  room: number;
  students: number;
}

const NEW_SCHOOLS = ["Willow Bend Elementary", "Heron Point Elementary"];
/**
 * 14 classes, 200 students. ms.rivera, mr.okafor and ms.chen keep their demo-world schools and
 * grades; mr.patel is left out. "b" teaches two classes (the import makes groups) and "g"
 * teaches at two schools (a secondary role at the second). Rivera's and a's classes share a
 * grade, so a student can move between them.
 */
const DEMO_CLASSES: ClassSpec[] = [
  { school: 0, teacher: "ms.rivera", grade: "02", room: 14, students: 17 },
  { school: 0, teacher: "mr.okafor", grade: "03", room: 16, students: 16 },
  { school: 0, teacher: "a", grade: "02", room: 12, students: 14 },
  { school: 1, teacher: "ms.chen", grade: "01", room: 5, students: 15 },
  { school: 1, teacher: "b", grade: "04", room: 9, students: 13 },
  { school: 1, teacher: "b", grade: "05", room: 9, students: 12 },
  { school: 1, teacher: "c", grade: "KG", room: 2, students: 15 },
  { school: 2, teacher: "d", grade: "KG", room: 1, students: 14 },
  { school: 2, teacher: "e", grade: "01", room: 3, students: 14 },
  { school: 2, teacher: "f", grade: "03", room: 7, students: 14 },
  { school: 2, teacher: "g", grade: "05", room: 11, students: 13 },
  { school: 3, teacher: "h", grade: "02", room: 4, students: 15 },
  { school: 3, teacher: "i", grade: "04", room: 8, students: 14 },
  { school: 3, teacher: "g", grade: "05", room: 10, students: 14 },
];
const BENCH = { schools: 40, teachersPerSchool: 20, studentsPerTeacher: 25 };
const SEED = 20270611;
/** The demo world the package's district, schools and adopted teachers come from. */
const WORLD = planWorld("demo");
/** The demo world's e-mail domain for the district's adults (world.ts), new teachers' too. */
const DOMAIN = "riverbend.example.org";

/**
 * Guardians, by a student's place in the list: every fourth student has a parent, every
 * twentieth a second guardian too, and the sixth student is the fifth's sibling (same family
 * name, same parent). The later export's changes (below) pick students with none.
 */
const hasParent = (i: number) => i % 4 === 0;
const hasSecondGuardian = (i: number) => i % 20 === 0;
const SIBLING = 5;
/** Every 25th student has no username. */
const hasNoUsername = (i: number) => i % 25 === 24;

export function addStudent(
  plan: DistrictPlan,
  random: Random,
  cls: number,
  {
    familyName = random.pick(LAST_NAMES),
    modified,
  }: { familyName?: string; modified?: string } = {},
): StudentPlan {
  const givenName = random.pick(FIRST_NAMES);
  const n = plan.nextStudent++;
  const base = `${givenName}.${familyName[0]}`.toLowerCase();
  const student: StudentPlan = {
    id: studentId(n),
    username: hasNoUsername(n - 1) ? "" : unique(plan.usernames, base),
    givenName,
    familyName,
    identifier: String(100000 + n),
    cls,
    grade: nth(plan.classes, cls).grade,
    enrollmentId: enrollmentId(plan.nextEnrollment++),
    guardianIds: [],
    ...(modified && { modified, enrolled: modified }),
  };
  plan.students.push(student);
  return student;
}

function addGuardian(
  plan: DistrictPlan,
  random: Random,
  student: StudentPlan,
  role: GuardianPlan["role"],
) {
  const givenName = random.pick(FIRST_NAMES);
  const familyName = role === "parent" ? student.familyName : random.pick(LAST_NAMES);
  const local = unique(plan.guardianEmails, `${givenName}.${familyName}`.toLowerCase());
  const guardian: GuardianPlan = {
    id: guardianId(plan.guardians.length + 1),
    role,
    givenName,
    familyName,
    email: `${local}@home.example.com`,
    studentIds: [student.id],
    school: nth(plan.classes, student.cls).school,
  };
  plan.guardians.push(guardian);
  student.guardianIds.push(guardian.id);
}

function build(schoolNames: string[], specs: ClassSpec[]): DistrictPlan {
  const random = seededRandom(SEED);
  const plan: DistrictPlan = {
    name: nth(WORLD.districts, 0).name,
    schools: schoolNames.map((name, i) => ({
      id: schoolId(i + 1),
      name,
      identifier: `RB${pad(i + 1, 3)}`,
    })),
    teachers: [],
    classes: [],
    students: [],
    guardians: [],
    usernames: new Set(),
    guardianEmails: new Set(),
    nextStudent: 1,
    // Teachers' enrollments come first, one per class.
    nextEnrollment: specs.length + 1,
  };
  const teacherByKey = new Map<string, number>();
  for (const spec of specs) {
    let teacher = teacherByKey.get(spec.teacher);
    if (teacher === undefined) {
      const known = WORLD.users.find((u) => u.key === `t:${spec.teacher}`);
      const givenName = known?.firstName ?? random.pick(FIRST_NAMES);
      const familyName = known?.lastName ?? random.pick(LAST_NAMES);
      const username = unique(
        plan.usernames,
        known?.username ?? `${givenName}.${familyName}`.toLowerCase(),
      );
      teacher = plan.teachers.length;
      plan.teachers.push({
        id: teacherId(teacher + 1),
        username,
        givenName,
        familyName,
        email: known?.email ?? `${username}@${DOMAIN}`,
        identifier: `T${pad(teacher + 1, 5)}`,
        schools: [],
      });
      teacherByKey.set(spec.teacher, teacher);
    }
    const schools = nth(plan.teachers, teacher).schools;
    if (!schools.includes(spec.school)) schools.push(spec.school);
    const cls = plan.classes.length;
    plan.classes.push({
      id: classId(cls + 1),
      school: spec.school,
      teacher,
      grade: spec.grade,
      room: spec.room,
      classType: "homeroom",
      enrollmentId: enrollmentId(cls + 1),
    });
    for (let k = 0; k < spec.students; k++) {
      const i = plan.students.length;
      const elder = i === SIBLING ? nth(plan.students, i - 1) : undefined;
      const student = addStudent(plan, random, cls, { familyName: elder?.familyName });
      const parent = elder && plan.guardians.find((g) => g.id === elder.guardianIds[0]);
      if (parent) {
        student.guardianIds.push(parent.id);
        parent.studentIds.push(student.id);
      }
      if (hasParent(i)) addGuardian(plan, random, student, "parent");
      if (hasSecondGuardian(i)) addGuardian(plan, random, student, "guardian");
    }
  }
  return plan;
}

/** The demo world's first two schools (matched by name on import) and two new ones. */
function demoSchoolNames() {
  return [nth(WORLD.schools, 0).name, nth(WORLD.schools, 1).name, ...NEW_SCHOOLS];
}

export function planDistrict(size: PackageSize): DistrictPlan {
  if (size === "demo") return build(demoSchoolNames(), DEMO_CLASSES);
  const { schools, teachersPerSchool, studentsPerTeacher } = size === "bench" ? BENCH : size;
  const names = demoSchoolNames();
  const specs: ClassSpec[] = [];
  for (let s = 0; s < schools; s++) {
    if (s >= names.length) names.push(`Riverbend Elementary ${s + 1}`);
    for (let t = 0; t < teachersPerSchool; t++) {
      const grade = nth(ELEMENTARY_GRADES, t % ELEMENTARY_GRADES.length);
      specs.push({
        school: s,
        teacher: `${s}/${t}`,
        grade,
        room: t + 1,
        students: studentsPerTeacher,
      });
    }
  }
  return build(names.slice(0, schools), specs);
}

const LATER_DATE = "2026-09-14T06:00:00.000Z";
/** Students by place: none has a guardian, so no guardian row needs to change with them. */
const DROPPED = [6, 7, 9];
const RENAMED = 10;
const MOVED = 11;
export const NEW_FAMILY_NAME = "Whitfield";
/**
 * What the district's later bulk export changes, for re-import tests: three students leave
 * (their users, roles and enrollments rows are gone), four join (two in the first class, two in
 * the last), one has a new family name, and one moves to another class of their school, of the
 * same grade where there is one (in the demo, rb-cls-0001 to rb-cls-0003): their enrollment is
 * replaced by one with a new sourcedId. Nothing else changes. New and changed rows carry
 * LATER_DATE, and so does the moved student's role row.
 */
export const LATER_CHANGES = {
  dropped: DROPPED.map((i) => studentId(i + 1)),
  added: 4,
  renamed: studentId(RENAMED + 1),
  moved: studentId(MOVED + 1),
} as const;

export function applyLater(plan: DistrictPlan) {
  const random = seededRandom(SEED + 1);
  const renamed = nth(plan.students, RENAMED);
  renamed.familyName = NEW_FAMILY_NAME;
  renamed.modified = LATER_DATE;
  const moved = nth(plan.students, MOVED);
  const from = nth(plan.classes, moved.cls);
  const others = plan.classes
    .map((c, i) => ({ c, i }))
    .filter(({ c, i }) => i !== moved.cls && c.school === from.school);
  const to = (others.find(({ c }) => c.grade === from.grade) ?? others[0])?.i;
  if (to === undefined) throw new Error("The moved student's school has one class only.");
  const grade = nth(plan.classes, to).grade;
  // Their users row changes only if the new class is of another grade.
  if (grade !== moved.grade) Object.assign(moved, { grade, modified: LATER_DATE });
  Object.assign(moved, {
    cls: to,
    enrollmentId: enrollmentId(plan.nextEnrollment++),
    enrolled: LATER_DATE,
  });
  const gone = new Set(LATER_CHANGES.dropped);
  plan.students = plan.students.filter((s) => !gone.has(s.id));
  const last = plan.classes.length - 1;
  for (const cls of [0, 0, last, last]) addStudent(plan, random, cls, { modified: LATER_DATE });
}
