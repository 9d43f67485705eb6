import {
  DATA_FILES,
  type DataFile,
  type FileMode,
  ONEROSTER_HEADERS,
  type OneRosterFile,
  PASSED_OVER_FILES,
} from "@refrain/domain";
import {
  type ClassPlan,
  DISTRICT_ID,
  type DistrictPlan,
  ELEMENTARY_GRADES,
  type Grade,
  nth,
  type StudentPlan,
} from "./oneroster-plan.ts";

/**
 * The rows of a sample OneRoster package's files, from a planned district
 * (oneroster-plan.ts), and the files' text: RFC 4180, UTF-8 without a BOM, LF line ends.
 */

export type Row<F extends OneRosterFile> = {
  [K in (typeof ONEROSTER_HEADERS)[F][number]]?: string;
};

const BULK_DATE = "2026-08-17T06:00:00.000Z";
const YEAR = { id: "rb-ses-2026", start: "2026-08-24", end: "2027-06-11" };
const TERMS = [
  { id: "rb-ses-2026-t1", title: "Fall 2026", start: YEAR.start, end: "2027-01-22" },
  { id: "rb-ses-2026-t2", title: "Spring 2027", start: "2027-01-25", end: YEAR.end },
];

const csvField = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** A file's text: the header, then a line per row with its cells in the header's order. */
export function csv<F extends OneRosterFile>(file: F, ...tables: Iterable<Row<F>>[]): string {
  const header: readonly string[] = ONEROSTER_HEADERS[file];
  const lines = [header.join(",")];
  for (const rows of tables) {
    for (const row of rows) {
      const cells = row as Record<string, string | undefined>;
      lines.push(header.map((column) => csvField(cells[column] ?? "")).join(","));
    }
  }
  return `${lines.join("\n")}\n`;
}

export function manifest(modes: { [F in DataFile]?: FileMode }) {
  return csv("manifest", [
    { propertyName: "manifest.version", value: "1.0" },
    { propertyName: "oneroster.version", value: "1.2" },
    ...DATA_FILES.map((file) => ({ propertyName: `file.${file}`, value: modes[file] ?? "absent" })),
    ...PASSED_OVER_FILES.map((file) => ({ propertyName: `file.${file}`, value: "absent" })),
    { propertyName: "source.systemName", value: "Riverbend SIS (Refrain sample)" },
    { propertyName: "source.systemCode", value: "refrain-sample" },
  ]);
}

export const stamp = (modified?: string) => ({
  status: "active",
  dateLastModified: modified ?? BULK_DATE,
});
const courseId = (grade: Grade) =>
  `rb-crs-${String(ELEMENTARY_GRADES.indexOf(grade) + 1).padStart(4, "0")}`;
/** rb-usr-t0001 → rb-rol-t0001; a teacher's second school's role → rb-rol-t0001-2. */
const roleId = (userId: string, k = 0) =>
  `${userId.replace("rb-usr-", "rb-rol-")}${k > 0 ? `-${k + 1}` : ""}`;
const schoolOf = (plan: DistrictPlan, cls: number) =>
  nth(plan.schools, nth(plan.classes, cls).school);
const years = { beginDate: YEAR.start, endDate: YEAR.end };

/** The school year 2026–2027 (OneRoster names a year by its end) and its two terms. */
export function sessionRows(): Row<"academicSessions">[] {
  const session = (sourcedId: string, title: string, type: string, parentSourcedId: string) => ({
    sourcedId,
    ...stamp(),
    title,
    type,
    parentSourcedId,
    schoolYear: "2027",
  });
  return [
    {
      ...session(YEAR.id, "2026–2027", "schoolYear", ""),
      startDate: YEAR.start,
      endDate: YEAR.end,
    },
    ...TERMS.map((t) => ({
      ...session(t.id, t.title, "term", YEAR.id),
      startDate: t.start,
      endDate: t.end,
    })),
  ];
}

export function* orgRows(plan: DistrictPlan): Iterable<Row<"orgs">> {
  yield {
    sourcedId: DISTRICT_ID,
    ...stamp(),
    name: plan.name,
    type: "district",
    identifier: "RBUSD",
  };
  for (const { id, name, identifier } of plan.schools) {
    yield {
      sourcedId: id,
      ...stamp(),
      name,
      type: "school",
      identifier,
      parentSourcedId: DISTRICT_ID,
    };
  }
}

/** One reading course a grade, offered district-wide. */
export function courseRows(): Row<"courses">[] {
  return ELEMENTARY_GRADES.map((grade) => ({
    sourcedId: courseId(grade),
    ...stamp(),
    schoolYearSourcedId: YEAR.id,
    title: `Reading ${grade === "KG" ? "K" : Number(grade)}`,
    courseCode: `READ-${grade}`,
    grades: grade,
    orgSourcedId: DISTRICT_ID,
    subjects: "Reading",
  }));
}

export function classRow(plan: DistrictPlan, c: ClassPlan): Row<"classes"> {
  const school = nth(plan.schools, c.school);
  const grade = c.grade === "KG" ? "Kindergarten" : `Grade ${Number(c.grade)}`;
  return {
    sourcedId: c.id,
    ...stamp(),
    title: `${grade} — Room ${c.room}`,
    grades: c.grade,
    courseSourcedId: courseId(c.grade),
    classCode: `${school.identifier}-${c.room}-${c.grade}`,
    classType: c.classType,
    location: `Room ${c.room}`,
    schoolSourcedId: school.id,
    // A list in one cell: the writer quotes it.
    termSourcedIds: TERMS.map((t) => t.id).join(","),
    subjects: "Reading",
  };
}

export function* classRows(plan: DistrictPlan): Iterable<Row<"classes">> {
  for (const c of plan.classes) yield classRow(plan, c);
}

export function studentRow(plan: DistrictPlan, s: StudentPlan): Row<"users"> {
  return {
    sourcedId: s.id,
    ...stamp(s.modified),
    enabledUser: "true",
    username: s.username,
    givenName: s.givenName,
    familyName: s.familyName,
    identifier: s.identifier,
    agentSourcedIds: s.guardianIds.join(","),
    grades: s.grade,
    primaryOrgSourcedId: schoolOf(plan, s.cls).id,
  };
}

export function* userRows(plan: DistrictPlan): Iterable<Row<"users">> {
  for (const t of plan.teachers) {
    const { id, username, givenName, familyName, identifier, email } = t;
    const primaryOrgSourcedId = nth(plan.schools, nth(t.schools, 0)).id;
    yield {
      sourcedId: id,
      ...stamp(),
      enabledUser: "true",
      username,
      givenName,
      familyName,
      identifier,
      email,
      primaryOrgSourcedId,
    };
  }
  for (const s of plan.students) yield studentRow(plan, s);
  for (const g of plan.guardians) {
    const { id, givenName, familyName, email } = g;
    const agentSourcedIds = g.studentIds.join(",");
    const primaryOrgSourcedId = nth(plan.schools, g.school).id;
    yield {
      sourcedId: id,
      ...stamp(),
      enabledUser: "true",
      username: email,
      givenName,
      familyName,
      email,
      agentSourcedIds,
      primaryOrgSourcedId,
    };
  }
}

export function studentRole(plan: DistrictPlan, s: StudentPlan): Row<"roles"> {
  const orgSourcedId = schoolOf(plan, s.cls).id;
  return {
    sourcedId: roleId(s.id),
    ...stamp(s.enrolled),
    userSourcedId: s.id,
    roleType: "primary",
    role: "student",
    ...years,
    orgSourcedId,
  };
}

/** Each user's primary role at their school; a teacher's other schools give secondary roles. */
export function* roleRows(plan: DistrictPlan): Iterable<Row<"roles">> {
  for (const t of plan.teachers) {
    for (const [k, school] of t.schools.entries()) {
      const roleType = k === 0 ? "primary" : "secondary";
      const orgSourcedId = nth(plan.schools, school).id;
      yield {
        sourcedId: roleId(t.id, k),
        ...stamp(),
        userSourcedId: t.id,
        roleType,
        role: "teacher",
        ...years,
        orgSourcedId,
      };
    }
  }
  for (const s of plan.students) yield studentRole(plan, s);
  for (const g of plan.guardians) {
    const orgSourcedId = nth(plan.schools, g.school).id;
    yield {
      sourcedId: roleId(g.id),
      ...stamp(),
      userSourcedId: g.id,
      roleType: "primary",
      role: g.role,
      ...years,
      orgSourcedId,
    };
  }
}

export function studentEnrollment(plan: DistrictPlan, s: StudentPlan): Row<"enrollments"> {
  const classSourcedId = nth(plan.classes, s.cls).id;
  const schoolSourcedId = schoolOf(plan, s.cls).id;
  return {
    sourcedId: s.enrollmentId,
    ...stamp(s.enrolled),
    classSourcedId,
    schoolSourcedId,
    userSourcedId: s.id,
    role: "student",
    primary: "false",
    ...years,
  };
}

export function* enrollmentRows(plan: DistrictPlan): Iterable<Row<"enrollments">> {
  for (const c of plan.classes) {
    const schoolSourcedId = nth(plan.schools, c.school).id;
    const userSourcedId = nth(plan.teachers, c.teacher).id;
    yield {
      sourcedId: c.enrollmentId,
      ...stamp(),
      classSourcedId: c.id,
      schoolSourcedId,
      userSourcedId,
      role: "teacher",
      primary: "true",
      ...years,
    };
  }
  for (const s of plan.students) yield studentEnrollment(plan, s);
}

/** A couple of rows only: the import reads no demographics, it only has to pass over them. */
export function demographicRows(plan: DistrictPlan): Row<"demographics">[] {
  return plan.students.slice(0, 2).map((s, k) => ({
    sourcedId: s.id,
    ...stamp(),
    birthDate: `${2020 - (s.grade === "KG" ? 0 : Number(s.grade))}-0${k + 3}-14`,
    sex: k === 0 ? "female" : "male",
    hispanicOrLatinoEthnicity: "false",
  }));
}
