import {
  ENTITIES,
  type ImportDetail,
  type ImportPreview,
  type ImportStatus,
  ROSTER_PACKAGE_LIMITS,
  readingLevel,
  rosterImportMessages,
} from "@refrain/domain";

/**
 * The roster import pages' words and the rules they show by (issue 21): what each status is
 * called, what a picked file may be, what an import changes in a sentence, and which school
 * each of the package's schools goes to.
 */

export const STATUS_BADGES: Record<ImportStatus, { label: string; color: string }> = {
  validating: { label: "Checking", color: "blue" },
  ready: { label: "Ready to apply", color: "teal" },
  invalid: { label: "Has errors", color: "red" },
  applying: { label: "Applying", color: "blue" },
  applied: { label: "Applied", color: "green" },
  failed: { label: "Failed", color: "red" },
  discarded: { label: "Discarded", color: "gray" },
};

/** A job is still moving the import on: its pages ask again until it is done. */
export const isUnderway = (status: ImportStatus) =>
  status === "validating" || status === "applying";

export type Entity = (typeof ENTITIES)[number];
export const ENTITY_WORDS: Record<Entity, { one: string; many: string; title: string }> = {
  schools: { one: "school", many: "schools", title: "Schools" },
  teachers: { one: "teacher", many: "teachers", title: "Teachers" },
  classes: { one: "class", many: "classes", title: "Classes" },
  students: { one: "student", many: "students", title: "Students" },
  enrollments: { one: "enrollment", many: "enrollments", title: "Enrollments" },
};

export const UPLOAD_MB = ROSTER_PACKAGE_LIMITS.uploadBytes / 1024 / 1024;

/**
 * Why a picked file is not sent, or null: the server would refuse it anyway (not a ZIP, or past
 * the upload limit), and a 32 MB upload is a long wait to learn that on school Wi-Fi.
 */
export function packageFileProblem(file: Pick<File, "name" | "type" | "size">): string | null {
  // Browsers type a .zip as application/zip, or x-zip-compressed on Windows; some leave it blank.
  if (!/\.zip$/i.test(file.name) && !/zip/i.test(file.type)) return rosterImportMessages.notZip;
  if (file.size > ROSTER_PACKAGE_LIMITS.uploadBytes)
    return rosterImportMessages.tooLarge(UPLOAD_MB);
  return null;
}

export const fileSize = (bytes: number) =>
  bytes < 1_048_576
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1_048_576).toFixed(1)} MB`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function andList(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

type Change = "create" | "update" | "deactivate";
const CHANGE_VERBS: Record<Change, string> = {
  create: "Creates",
  update: "Updates",
  deactivate: "Deactivates",
};

/**
 * What an import does, one sentence per kind of change, for the confirmation and the success
 * message: "Creates 2 schools and 9 teachers.", "Deactivates nothing."
 */
export function changeSentences(counts: ImportPreview["counts"]): string[] {
  return (Object.keys(CHANGE_VERBS) as Change[]).map((change) => {
    const parts = ENTITIES.filter((e) => counts[e][change] > 0).map((e) =>
      plural(counts[e][change], ENTITY_WORDS[e].one, ENTITY_WORDS[e].many),
    );
    return `${CHANGE_VERBS[change]} ${parts.length > 0 ? andList(parts) : "nothing"}.`;
  });
}

/** Does the import change anything at all, or does the district already match the package? */
export const changesAnything = (counts: ImportPreview["counts"]) =>
  ENTITIES.some((e) => counts[e].create + counts[e].update + counts[e].deactivate > 0);

/** The school of the district each package school goes to; null makes a new school. */
export type SchoolMatches = Record<string, number | null>;

/** The matches the preview proposed (by an earlier import, the NCES id or the name). */
export const proposedMatches = (preview: ImportPreview): SchoolMatches =>
  Object.fromEntries(preview.schools.map((s) => [s.sourcedId, s.schoolId]));

/** Did the admin change any match the preview proposed (its counts were planned with those)? */
export const matchesChanged = (preview: ImportPreview, matches: SchoolMatches) =>
  preview.schools.some((s) => (matches[s.sourcedId] ?? null) !== s.schoolId);

export const NEW_SCHOOL = "new";

/**
 * One package school's choices: a new school, or a school of the district. A school another of
 * the package's schools goes to is offered but disabled: two orgs cannot become one school.
 */
export function schoolChoices(
  districtSchools: ImportDetail["districtSchools"],
  matches: SchoolMatches,
  sourcedId: string,
) {
  const taken = new Set(
    Object.entries(matches)
      .filter(([id, schoolId]) => id !== sourcedId && schoolId !== null)
      .map(([, schoolId]) => schoolId),
  );
  return [
    { value: NEW_SCHOOL, label: "Create a new school" },
    ...districtSchools.map((s) => ({
      value: String(s.id),
      label: s.name,
      disabled: taken.has(s.id),
    })),
  ];
}

const MATCHED_HOW: Record<ImportPreview["schools"][number]["how"], string> = {
  sourcedId: "linked by an earlier import",
  chosen: "your choice",
  identifier: "matched by its NCES id",
  name: "matched by name",
  new: "a new school",
};

/** How a package school came to its match: as the preview proposed, or as the admin chose. */
export function matchNote(school: ImportPreview["schools"][number], chosen: number | null) {
  if (chosen === null) return MATCHED_HOW.new;
  return chosen === school.schoolId ? MATCHED_HOW[school.how] : MATCHED_HOW.chosen;
}

/** An import's page: the same path as its call, for staff and district admins alike. */
export const importPath = (importId: number) => `/district_admin/roster/imports/${importId}`;

const OVERWRITTEN_FIELDS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  username: "Username",
  parentEmail: "Parent email",
  planId: "Reading level",
};

/** A teacher's edit the import replaces, in the words of the roster page. */
export function overwriteWords(o: ImportPreview["overwrites"][number]) {
  const value = (text: string) =>
    text === ""
      ? "(none)"
      : o.field === "planId"
        ? (readingLevel(Number(text))?.name ?? text)
        : text;
  return {
    field: OVERWRITTEN_FIELDS[o.field] ?? o.field,
    current: value(o.current),
    incoming: value(o.incoming),
  };
}
