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
