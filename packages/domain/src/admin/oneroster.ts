import { FORMULA_START } from "../validation.ts";

/**
 * The OneRoster 1.2 CSV binding (1EdTech), as far as a district's roster import reads it
 * (issue 21, docs/decisions/0028): the files, their headers in their fixed order, the enums,
 * and each row's rules. Pure: the server streams the files and hands every row here.
 *
 * A package is a ZIP of CSV files with no folders and a `manifest.csv`. Headers are required,
 * case-sensitive and in this order; metadata columns (`metadata.*`) may follow them. In a bulk
 * file `status` and `dateLastModified` may be blank; in a delta file they are required.
 */

export const ONEROSTER_HEADERS = {
  manifest: ["propertyName", "value"],
  academicSessions: [
    "sourcedId",
    "status",
    "dateLastModified",
    "title",
    "type",
    "startDate",
    "endDate",
    "parentSourcedId",
    "schoolYear",
  ],
  orgs: [
    "sourcedId",
    "status",
    "dateLastModified",
    "name",
    "type",
    "identifier",
    "parentSourcedId",
  ],
  courses: [
    "sourcedId",
    "status",
    "dateLastModified",
    "schoolYearSourcedId",
    "title",
    "courseCode",
    "grades",
    "orgSourcedId",
    "subjects",
    "subjectCodes",
  ],
  classes: [
    "sourcedId",
    "status",
    "dateLastModified",
    "title",
    "grades",
    "courseSourcedId",
    "classCode",
    "classType",
    "location",
    "schoolSourcedId",
    "termSourcedIds",
    "subjects",
    "subjectCodes",
    "periods",
  ],
  users: [
    "sourcedId",
    "status",
    "dateLastModified",
    "enabledUser",
    "username",
    "userIds",
    "givenName",
    "familyName",
    "middleName",
    "identifier",
    "email",
    "sms",
    "phone",
    "agentSourcedIds",
    "grades",
    "password",
    "userMasterIdentifier",
    "resourceSourcedIds",
    "preferredGivenName",
    "preferredMiddleName",
    "preferredFamilyName",
    "primaryOrgSourcedId",
    "pronouns",
  ],
  roles: [
    "sourcedId",
    "status",
    "dateLastModified",
    "userSourcedId",
    "roleType",
    "role",
    "beginDate",
    "endDate",
    "orgSourcedId",
    "userProfileSourcedId",
  ],
  enrollments: [
    "sourcedId",
    "status",
    "dateLastModified",
    "classSourcedId",
    "schoolSourcedId",
    "userSourcedId",
    "role",
    "primary",
    "beginDate",
    "endDate",
  ],
  demographics: [
    "sourcedId",
    "status",
    "dateLastModified",
    "birthDate",
    "sex",
    "americanIndianOrAlaskaNative",
    "asian",
    "blackOrAfricanAmerican",
    "nativeHawaiianOrOtherPacificIslander",
    "white",
    "demographicRaceTwoOrMoreRaces",
    "hispanicOrLatinoEthnicity",
    "countryOfBirthCode",
    "stateOfBirthAbbreviation",
    "cityOfBirth",
    "publicSchoolResidenceStatus",
  ],
} as const;

export type OneRosterFile = keyof typeof ONEROSTER_HEADERS;
/** The data files the import reads (the manifest aside). */
export type DataFile = Exclude<OneRosterFile, "manifest">;
export const DATA_FILES = Object.keys(ONEROSTER_HEADERS).filter(
  (f) => f !== "manifest",
) as DataFile[];
export const fileName = (file: OneRosterFile) => `${file}.csv`;

/**
 * Files of the binding that say nothing Refrain keeps (results, resources, line items…): a
 * manifest may list them; the import passes over them and says so.
 */
export const PASSED_OVER_FILES = [
  "categories",
  "classResources",
  "courseResources",
  "lineItems",
  "resources",
  "results",
  "userProfiles",
  "scoreScales",
  "lineItemLearningObjectiveIds",
  "lineItemScoreScales",
  "resultLearningObjectiveIds",
  "resultScoreScales",
] as const;

export const FILE_MODES = ["bulk", "delta", "absent"] as const;
export type FileMode = (typeof FILE_MODES)[number];

export const STATUSES = ["active", "tobedeleted"] as const;
export type RecordStatus = (typeof STATUSES)[number];
export const ORG_TYPES = [
  "department",
  "school",
  "district",
  "local",
  "state",
  "national",
] as const;
export const CLASS_TYPES = ["homeroom", "scheduled"] as const;
export const SESSION_TYPES = ["gradingPeriod", "semester", "schoolYear", "term"] as const;
export const ROLE_TYPES = ["primary", "secondary"] as const;
export const USER_ROLES = [
  "aide",
  "counselor",
  "districtAdministrator",
  "guardian",
  "parent",
  "principal",
  "proctor",
  "relative",
  "siteAdministrator",
  "student",
  "systemAdministrator",
  "teacher",
] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The roles whose e-mail reaches a student's family (the families area's parent address). */
export const GUARDIAN_ROLES: readonly UserRole[] = ["guardian", "parent", "relative"];
export const ENROLLMENT_ROLES = ["administrator", "aide", "proctor", "student", "teacher"] as const;
/** CEDS grade codes as the binding lists them. */
export const GRADES = [
  "IT",
  "PR",
  "PK",
  "TK",
  "KG",
  "01",
  "02",
  "03",
  "04",
  "05",
  "06",
  "07",
  "08",
  "09",
  "10",
  "11",
  "12",
  "13",
  "PS",
  "UG",
  "Other",
] as const;

/**
 * A student's reading level (plan id 6–11) from their grade: pre-kindergarten and kindergarten
 * read Kindergarten lessons, grades 1–5 their own, older students Fifth Grade's. Ungraded and
 * unknown grades give none.
 */
export function levelOfGrade(grade: string | undefined): number | null {
  if (!grade) return null;
  if (["IT", "PR", "PK", "TK", "PS", "KG"].includes(grade)) return 6;
  const n = /^\d\d$/.test(grade) ? Number(grade) : Number.NaN;
  if (n >= 1 && n <= 5) return 6 + n;
  if (n >= 6 && n <= 13) return 11;
  return null;
}

// ───────────────────────── Rows ─────────────────────────

/** A school, district or other organisation. */
export interface OrgRecord {
  sourcedId: string;
  name: string;
  type: (typeof ORG_TYPES)[number];
  identifier: string;
  parentSourcedId: string;
}
/**
 * A person. The package's `password` column is never read: Refrain makes each student's own
 * password and keeps it sealed, and adults choose theirs.
 */
export interface UserRecord {
  sourcedId: string;
  enabled: boolean;
  username: string;
  givenName: string;
  familyName: string;
  email: string;
  agentSourcedIds: string[];
  grades: string[];
  primaryOrgSourcedId: string;
}
export interface RoleRecord {
  sourcedId: string;
  userSourcedId: string;
  roleType: (typeof ROLE_TYPES)[number];
  role: UserRole;
  orgSourcedId: string;
}
export interface ClassRecord {
  sourcedId: string;
  title: string;
  grades: string[];
  courseSourcedId: string;
  classType: (typeof CLASS_TYPES)[number];
  schoolSourcedId: string;
  termSourcedIds: string[];
}
export interface CourseRecord {
  sourcedId: string;
  title: string;
  orgSourcedId: string;
  schoolYearSourcedId: string;
}
export interface SessionRecord {
  sourcedId: string;
  title: string;
  type: (typeof SESSION_TYPES)[number];
  parentSourcedId: string;
}
export interface EnrollmentRecord {
  sourcedId: string;
  classSourcedId: string;
  schoolSourcedId: string;
  userSourcedId: string;
  role: (typeof ENROLLMENT_ROLES)[number];
  primary: boolean;
}
/** Demographics are read for their headers only: Refrain keeps no demographic data. */
export interface RecordOf {
  academicSessions: SessionRecord;
  orgs: OrgRecord;
  courses: CourseRecord;
  classes: ClassRecord;
  users: UserRecord;
  roles: RoleRecord;
  enrollments: EnrollmentRecord;
  demographics: { sourcedId: string };
}

export interface RowProblem {
  field: string | null;
  message: string;
  severity: "error" | "warning";
}

export interface ReadRow<F extends DataFile> {
  /** null when an error leaves nothing usable. */
  record: RecordOf[F] | null;
  status: RecordStatus;
  problems: RowProblem[];
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const SOURCED_ID_MAX = 255;

/** The checks of one row, collected rather than thrown so that every problem is told at once. */
class RowReader {
  readonly problems: RowProblem[] = [];
  private readonly values: Readonly<Record<string, string>>;
  constructor(values: Readonly<Record<string, string>>) {
    this.values = values;
  }

  error(field: string | null, message: string) {
    this.problems.push({ field, message, severity: "error" });
  }
  warn(field: string | null, message: string) {
    this.problems.push({ field, message, severity: "warning" });
  }
  get ok() {
    return !this.problems.some((p) => p.severity === "error");
  }

  text(field: string, opts: { required?: boolean; max?: number } = {}): string {
    const value = (this.values[field] ?? "").trim();
    if (opts.required && value === "") this.error(field, `${field} is required.`);
    if (opts.max && value.length > opts.max)
      this.error(field, `${field} is longer than ${opts.max} characters.`);
    return value;
  }
  /** A name or login a person typed: a formula would run when a spreadsheet opens an export. */
  plain(field: string, opts: { required?: boolean; max?: number } = {}): string {
    const value = this.text(field, opts);
    if (FORMULA_START.test(value))
      this.error(
        field,
        `${field} starts with "${value[0]}", which spreadsheets run as a formula; a name cannot start with =, +, -, @ or a tab.`,
      );
    return value;
  }
  id(field: string, required: boolean): string {
    const value = this.text(field, { required, max: SOURCED_ID_MAX });
    return value;
  }
  ids(field: string): string[] {
    const value = this.text(field);
    return value === ""
      ? []
      : value
          .split(",")
          .map((v) => v.trim())
          .filter((v) => v !== "");
  }
  oneOf<T extends readonly string[]>(field: string, allowed: T, required = true): T[number] {
    const value = this.text(field);
    if (value === "") {
      if (required) this.error(field, `${field} is required.`);
      return allowed[0] as T[number];
    }
    if (!(allowed as readonly string[]).includes(value)) {
      this.error(field, `${field} "${value}" is not one of ${allowed.join(", ")}.`);
      return allowed[0] as T[number];
    }
    return value as T[number];
  }
  bool(field: string, required: boolean): boolean {
    const value = this.text(field);
    if (value === "" && !required) return false;
    if (value !== "true" && value !== "false") {
      this.error(field, `${field} must be true or false.`);
      return false;
    }
    return value === "true";
  }
  grades(field: string): string[] {
    const grades = this.ids(field);
    for (const grade of grades)
      if (!(GRADES as readonly string[]).includes(grade))
        this.warn(field, `grade "${grade}" is not a CEDS grade code; it is passed over.`);
    return grades.filter((g) => (GRADES as readonly string[]).includes(g));
  }
}

/**
 * Reads one data row (values keyed by header) of `file` in `mode`. A bulk file's status may be
 * blank (active); a delta file's rows say active or tobedeleted and when they changed.
 */
export function readRow<F extends DataFile>(
  file: F,
  values: Readonly<Record<string, string>>,
  mode: Exclude<FileMode, "absent">,
): ReadRow<F> {
  const r = new RowReader(values);
  const sourcedId = r.id("sourcedId", true);
  const rawStatus = r.text("status");
  let status: RecordStatus = "active";
  if (rawStatus !== "" || mode === "delta") status = r.oneOf("status", STATUSES);
  const modified = r.text("dateLastModified");
  if (mode === "delta" && modified === "")
    r.error("dateLastModified", "dateLastModified is required in a delta file.");
  else if (modified !== "" && !DATE_TIME.test(modified))
    r.error(
      "dateLastModified",
      "dateLastModified must be an ISO 8601 date and time, e.g. 2026-08-15T12:00:00Z.",
    );
  const record = recordOf(file, r, sourcedId);
  return { record: r.ok ? (record as RecordOf[F]) : null, status, problems: r.problems };
}

function recordOf(file: DataFile, r: RowReader, sourcedId: string): RecordOf[DataFile] {
  switch (file) {
    case "orgs":
      return {
        sourcedId,
        name: r.plain("name", { required: true, max: 200 }),
        type: r.oneOf("type", ORG_TYPES),
        identifier: r.text("identifier", { max: 64 }),
        parentSourcedId: r.id("parentSourcedId", false),
      };
    case "users": {
      const email = r.text("email", { max: 254 });
      if (email !== "" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        r.error("email", `email "${email}" is not an e-mail address.`);
      return {
        sourcedId,
        enabled: r.bool("enabledUser", true),
        username: r.plain("username", { max: 100 }),
        givenName: r.plain("givenName", { required: true, max: 100 }),
        familyName: r.plain("familyName", { required: true, max: 100 }),
        email,
        agentSourcedIds: r.ids("agentSourcedIds"),
        grades: r.grades("grades"),
        primaryOrgSourcedId: r.id("primaryOrgSourcedId", false),
      };
    }
    case "roles":
      return {
        sourcedId,
        userSourcedId: r.id("userSourcedId", true),
        roleType: r.oneOf("roleType", ROLE_TYPES),
        role: r.oneOf("role", USER_ROLES),
        orgSourcedId: r.id("orgSourcedId", true),
      };
    case "classes":
      return {
        sourcedId,
        title: r.plain("title", { required: true, max: 200 }),
        grades: r.grades("grades"),
        courseSourcedId: r.id("courseSourcedId", true),
        classType: r.oneOf("classType", CLASS_TYPES),
        schoolSourcedId: r.id("schoolSourcedId", true),
        termSourcedIds: r.ids("termSourcedIds"),
      };
    case "courses":
      return {
        sourcedId,
        title: r.plain("title", { required: true, max: 200 }),
        orgSourcedId: r.id("orgSourcedId", true),
        schoolYearSourcedId: r.id("schoolYearSourcedId", false),
      };
    case "academicSessions":
      return {
        sourcedId,
        title: r.plain("title", { required: true, max: 200 }),
        type: r.oneOf("type", SESSION_TYPES),
        parentSourcedId: r.id("parentSourcedId", false),
      };
    case "enrollments":
      return {
        sourcedId,
        classSourcedId: r.id("classSourcedId", true),
        schoolSourcedId: r.id("schoolSourcedId", true),
        userSourcedId: r.id("userSourcedId", true),
        role: r.oneOf("role", ENROLLMENT_ROLES),
        primary: r.bool("primary", false),
      };
    case "demographics":
      return { sourcedId };
  }
}

// ───────────────────────── Headers and the manifest ─────────────────────────

/**
 * The header's problem, or null when it is the binding's: every column in order, spelt and
 * cased exactly, then only `metadata.*` columns. A BOM has been dropped by the reader.
 */
export function headerProblem(file: OneRosterFile, header: readonly string[]): string | null {
  const expected = ONEROSTER_HEADERS[file];
  for (const [i, name] of expected.entries()) {
    const found = header[i];
    if (found === undefined) return `The header has no column ${i + 1}, "${name}".`;
    if (found !== name) {
      const hint =
        found.toLowerCase() === name.toLowerCase() ? " (headers are case-sensitive)" : "";
      return `Column ${i + 1} of the header is "${found}"; it must be "${name}"${hint}.`;
    }
  }
  const extra = header.slice(expected.length).find((h) => !h.startsWith("metadata."));
  if (extra !== undefined)
    return `The header's column "${extra}" is not part of OneRoster 1.2; extra columns must be named metadata.something.`;
  return null;
}

export interface Manifest {
  version: string;
  modes: Partial<Record<DataFile, FileMode>>;
  /** Files of the binding that Refrain passes over, named in the manifest as present. */
  passedOver: string[];
}

/**
 * The manifest's rows (propertyName, value) as modes per file, with its problems. A package
 * must say OneRoster 1.2; files it does not list count as absent.
 */
export function readManifest(rows: readonly (readonly string[])[]): {
  manifest: Manifest;
  problems: string[];
} {
  const problems: string[] = [];
  const props = new Map<string, string>();
  for (const [name = "", value = ""] of rows) props.set(name.trim(), value.trim());
  const version = props.get("oneroster.version") ?? "";
  if (version !== "1.2")
    problems.push(
      version === ""
        ? "The manifest does not say oneroster.version; a OneRoster 1.2 package says 1.2."
        : `The manifest says oneroster.version ${version}; only OneRoster 1.2 packages are read.`,
    );
  const manifestVersion = props.get("manifest.version") ?? "";
  if (manifestVersion !== "1.0")
    problems.push(`The manifest says manifest.version "${manifestVersion}"; it must be 1.0.`);
  const modes: Partial<Record<DataFile, FileMode>> = {};
  const passedOver: string[] = [];
  for (const [name, value] of props) {
    if (!name.startsWith("file.")) continue;
    const file = name.slice("file.".length);
    if (!(FILE_MODES as readonly string[]).includes(value)) {
      problems.push(`The manifest says ${name} is "${value}"; it must be bulk, delta or absent.`);
      continue;
    }
    if ((DATA_FILES as readonly string[]).includes(file))
      modes[file as DataFile] = value as FileMode;
    else if ((PASSED_OVER_FILES as readonly string[]).includes(file)) {
      if (value !== "absent") passedOver.push(`${file}.csv`);
    } else problems.push(`The manifest names ${name}, which is not a OneRoster 1.2 file.`);
  }
  return { manifest: { version, modes, passedOver }, problems };
}
