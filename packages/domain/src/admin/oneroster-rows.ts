import { EMAIL_PATTERN } from "../email.ts";
import { FORMULA_START } from "../validation.ts";
import {
  CLASS_TYPES,
  type DataFile,
  ENROLLMENT_ROLES,
  type FileMode,
  GRADES,
  ORG_TYPES,
  type RecordStatus,
  ROLE_TYPES,
  SESSION_TYPES,
  STATUSES,
  USER_ROLES,
  type UserRole,
} from "./oneroster.ts";

/**
 * Each OneRoster file's rows as the records the import keeps (issue 21), and their rules: every
 * problem of a row is told at once, with its field. The files and enums are oneroster.ts.
 */

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
      // An imported adult is invited at this address and signs in with it: as strict as every
      // other address an account gets (email.ts), so a row cannot aim mail at someone else.
      const email = r.text("email", { max: 254 });
      if (email !== "" && !EMAIL_PATTERN.test(email))
        r.error("email", `email "${email}" is not an email address.`);
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
