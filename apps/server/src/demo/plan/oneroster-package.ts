import { DATA_FILES, type DataFile, fileName } from "@refrain/domain";
import { strToU8, zipSync } from "fflate";
import {
  addStudent,
  applyLater,
  classId,
  type DistrictPlan,
  LATER_CHANGES,
  NEW_FAMILY_NAME,
  nth,
  type PackageSize,
  planDistrict,
  studentId,
} from "./oneroster-plan.ts";
import {
  classRow,
  classRows,
  courseRows,
  csv,
  demographicRows,
  enrollmentRows,
  manifest,
  orgRows,
  type Row,
  roleRows,
  sessionRows,
  stamp,
  studentEnrollment,
  studentRole,
  studentRow,
  userRows,
} from "./oneroster-rows.ts";
import { seededRandom } from "./random.ts";

/**
 * Sample OneRoster 1.2 CSV packages of the demo world's district, for the district roster
 * import's tests, its benchmark and reviewers (issue 21): the same bytes on every run. The
 * people and classes are planned in oneroster-plan.ts and written as rows in oneroster-rows.ts;
 * this file puts the packages together and zips them with no folders.
 */

export type { PackageSize } from "./oneroster-plan.ts";
export { LATER_CHANGES } from "./oneroster-plan.ts";

export interface PackageOptions {
  /** "errors": the same package with each of SAMPLE_ERRORS in it. */
  variant: "valid" | "errors";
  /** "demo": 4 schools, 12 teachers, 200 students; "bench": 40, 800 and 20,000. */
  size: PackageSize;
  /** A bulk package is all samplePackage writes; deltaPackage writes the delta one. */
  mode?: "bulk";
  /** "later": the district's next bulk export, with the changes LATER_CHANGES lists. */
  changes?: "later";
}

type Extra = { [F in DataFile]?: Row<F>[] };

const DELTA_DATE = "2026-10-05T14:30:00.000Z";
const tobedeleted = <R>(row: R) => ({
  ...row,
  status: "tobedeleted",
  dateLastModified: DELTA_DATE,
});

/** "=" opens a spreadsheet formula: the import must not write this name out as is. */
const FORMULA = "=cmd|' /C calc'!A0";
const MISSING_CLASS = classId(9999);
const MISSING_SCHOOL = "rb-sch-9999";

export interface SampleError {
  file: DataFile;
  sourcedId: string;
  field: string;
  problem: string;
}
/**
 * The problems of the "errors" variant, which the import must all report. Each but the taken
 * username (rb-usr-s00004, an enrolled student) is an extra row that no other row names, so no
 * other row fails with it: the import's preview lists these seven errors and no others.
 */
export const SAMPLE_ERRORS: readonly SampleError[] = [
  {
    file: "classes",
    sourcedId: "rb-cls-err001",
    field: "classType",
    problem: "classType is lecture, neither homeroom nor scheduled",
  },
  {
    file: "users",
    sourcedId: studentId(2),
    field: "sourcedId",
    problem: "a second users row with rb-usr-s00002, another student's sourcedId",
  },
  {
    file: "users",
    sourcedId: "rb-usr-err001",
    field: "givenName",
    problem: `a student whose givenName ${FORMULA} starts like a spreadsheet formula`,
  },
  {
    file: "users",
    sourcedId: studentId(4),
    field: "username",
    problem: "the same username as rb-usr-s00001",
  },
  {
    file: "roles",
    sourcedId: "rb-rol-err001",
    field: "orgSourcedId",
    problem: `a teacher's role at ${MISSING_SCHOOL}, which orgs.csv does not list`,
  },
  {
    file: "enrollments",
    sourcedId: "rb-enr-err001",
    field: "classSourcedId",
    problem: `an enrollment in ${MISSING_CLASS}, which classes.csv does not list`,
  },
  {
    file: "enrollments",
    sourcedId: "rb-enr-err002",
    field: "role",
    problem: "a teacher enrollment of rb-usr-s00001, a student",
  },
];

/** Puts SAMPLE_ERRORS into the plan; returns the rows they add. */
function injectErrors(plan: DistrictPlan): Extra {
  const first = nth(plan.students, 0);
  nth(plan.students, 3).username = first.username;
  const lecture = { ...nth(plan.classes, 0), id: "rb-cls-err001", room: 99, classType: "lecture" };
  const student = (id: string, givenName: string, familyName: string) => ({
    ...studentRow(plan, first),
    sourcedId: id,
    username: "",
    givenName,
    familyName,
    identifier: "",
    agentSourcedIds: "",
  });
  const enrollment = studentEnrollment(plan, first);
  return {
    classes: [classRow(plan, lecture)],
    users: [
      student(studentId(2), "Noor", "Castellanos"),
      student("rb-usr-err001", FORMULA, "Hale"),
    ],
    roles: [
      {
        sourcedId: "rb-rol-err001",
        ...stamp(),
        userSourcedId: nth(plan.teachers, 0).id,
        roleType: "secondary",
        role: "teacher",
        orgSourcedId: MISSING_SCHOOL,
      },
    ],
    enrollments: [
      { ...enrollment, sourcedId: "rb-enr-err001", classSourcedId: MISSING_CLASS },
      { ...enrollment, sourcedId: "rb-enr-err002", role: "teacher", primary: "true" },
    ],
  };
}

/** A bulk package: file name → CSV text, the manifest first. */
export function samplePackage(options: PackageOptions): Map<string, string> {
  const plan = planDistrict(options.size);
  if (options.changes === "later") applyLater(plan);
  const extra = options.variant === "errors" ? injectErrors(plan) : {};
  const bulk = Object.fromEntries(DATA_FILES.map((file) => [file, "bulk" as const]));
  return new Map([
    [fileName("manifest"), manifest(bulk)],
    [fileName("academicSessions"), csv("academicSessions", sessionRows())],
    [fileName("orgs"), csv("orgs", orgRows(plan))],
    [fileName("courses"), csv("courses", courseRows())],
    [fileName("classes"), csv("classes", classRows(plan), extra.classes ?? [])],
    [fileName("users"), csv("users", userRows(plan), extra.users ?? [])],
    [fileName("roles"), csv("roles", roleRows(plan), extra.roles ?? [])],
    [fileName("enrollments"), csv("enrollments", enrollmentRows(plan), extra.enrollments ?? [])],
    [fileName("demographics"), csv("demographics", demographicRows(plan))],
  ]);
}

/**
 * What deltaPackage changes in the valid bulk package of its size, every row stamped
 * DELTA_DATE: a new student (the next student number, in the first class) with their users,
 * roles and enrollments rows; rb-usr-s00007 tobedeleted with its role and enrollment; and
 * rb-usr-s00011's family name, Whitfield. So users.csv has 3 rows, roles.csv and
 * enrollments.csv 2 each; the manifest lists those three files as delta and the rest absent.
 */
export const DELTA_CHANGES = { deleted: studentId(7), renamed: LATER_CHANGES.renamed } as const;

export function deltaPackage(options: { size?: PackageSize } = {}): Map<string, string> {
  const plan = planDistrict(options.size ?? "demo");
  const find = (id: string) => {
    const student = plan.students.find((s) => s.id === id);
    if (!student) throw new Error(`The sample district has no ${id}.`);
    return student;
  };
  const gone = find(DELTA_CHANGES.deleted);
  const renamed = find(DELTA_CHANGES.renamed);
  Object.assign(renamed, { familyName: NEW_FAMILY_NAME, modified: DELTA_DATE });
  const added = addStudent(plan, seededRandom(20261005), 0, { modified: DELTA_DATE });
  return new Map([
    [fileName("manifest"), manifest({ users: "delta", roles: "delta", enrollments: "delta" })],
    [
      fileName("users"),
      csv("users", [
        studentRow(plan, added),
        tobedeleted(studentRow(plan, gone)),
        studentRow(plan, renamed),
      ]),
    ],
    [
      fileName("roles"),
      csv("roles", [studentRole(plan, added), tobedeleted(studentRole(plan, gone))]),
    ],
    [
      fileName("enrollments"),
      csv("enrollments", [
        studentEnrollment(plan, added),
        tobedeleted(studentEnrollment(plan, gone)),
      ]),
    ],
  ]);
}

/** A fixed time in the archive, so the same files zip to the same bytes. */
const ZIP_TIME = new Date(2026, 7, 17, 6, 0);

/** The package as a ZIP: every file at its root, deflated. */
export function zipPackage(files: Map<string, string>): Uint8Array {
  const entries = Object.fromEntries([...files].map(([name, text]) => [name, strToU8(text)]));
  return zipSync(entries, { level: 6, mtime: ZIP_TIME });
}
