import { READING_LEVELS, STUDENT_PLAN_IDS } from "../lessons.ts";
import { type ClassListCells, rosterMessages, rosterStudentInput } from "../roster.ts";
import { type FieldErrors, keysOf } from "../validation.ts";
import { generateUsernames, mostCommonLevel, usernameKey } from "./rows.ts";

/**
 * A class list brought in from a spreadsheet (issue 21): rows pasted or uploaded as CSV, read
 * into cells, then checked by the roster's own rules before any student is created. The
 * browser's preview and the server run the same check, so a row the preview passes is the
 * row the server creates, and the server never trusts the browser's word for it.
 */

/** The columns of a class list, in the order a list without a header row gives them. */
export const CLASS_LIST_LABELS = {
  firstname: "First Name",
  lastname: "Last Name",
  username: "Username",
  level: "Reading Level",
  parent_email: "Parent Email",
};
export const CLASS_LIST_COLUMNS = keysOf(CLASS_LIST_LABELS);
export type ClassListColumn = (typeof CLASS_LIST_COLUMNS)[number];

/** The key of a message about the whole row (the class is full) rather than one field. */
export const CLASS_LIST_ROW = "row";

/** An uploaded list: a text file a spreadsheet saves, small enough to read in the browser. */
export const CLASS_LIST_FILE = {
  bytes: 1_000_000,
  extensions: [".csv", ".tsv", ".txt"],
  accept: ".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain",
} as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const classListMessages = {
  unknownLevel: "Use a reading level from Kindergarten to Fifth Grade (K or 1 to 5).",
  nameInClass: "A student with this name is already in your class. Type a username to add another.",
  nameInList: "This name is already in the list. Type a username to add both.",
  fileType: "Choose a CSV or text file (.csv, .tsv or .txt).",
  fileSize: "The file is larger than 1 MB. A class list is much smaller: check the file.",
  fileNotText:
    "This file is not a text file. In your spreadsheet, save the sheet as CSV and try again.",
  summary: (valid: number, problems: number) =>
    `${count(valid, "student", "students")} will be created` +
    (problems > 0 ? `; ${count(problems, "row has", "rows have")} a problem` : ""),
  create: (n: number) => `Create ${count(n, "student", "students")}`,
  refused: (n: number) => `${count(n, "row has", "rows have")} a problem; nobody was created.`,
  created: (n: number) => `${count(n, "student was", "students were")} created.`,
} as const;

// ───────────────────────── Reading the text ─────────────────────────

/** One row of the list: its cells, the line it starts on and its text (to keep it if refused). */
export interface ClassListRow {
  line: number;
  source: string;
  cells: Required<ClassListCells>;
}

export interface ClassList {
  /** The header row's text, when the list has one. */
  header: string | null;
  rows: ClassListRow[];
}

/** A header cell as compared: lower case, letters and digits only ("E-mail" → "email"). */
const simplified = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** What header cells name each column, simplified. */
const HEADER_NAMES: Record<ClassListColumn, readonly string[]> = {
  firstname: ["firstname", "first", "givenname", "given", "forename", "fname", "studentfirstname"],
  lastname: ["lastname", "last", "surname", "familyname", "lname", "studentlastname"],
  username: ["username", "user", "login", "loginname", "studentusername"],
  level: ["readinglevel", "level", "grade", "gradelevel", "planid"],
  parent_email: [
    "parentemail",
    "parentsemail",
    "parentemailaddress",
    "guardianemail",
    "familyemail",
    "email",
    "emailaddress",
  ],
};

const columnNamed = (cell: string): ClassListColumn | undefined => {
  const name = simplified(cell);
  return CLASS_LIST_COLUMNS.find((column) => HEADER_NAMES[column].includes(name));
};

/**
 * A spreadsheet's copy separates cells with tabs; a CSV file with commas, or semicolons where
 * the comma is the decimal sign. The first line decides: tabs if it has any, otherwise the
 * more frequent of the other two (quoted text aside).
 */
function delimiterOf(firstLine: string): string {
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  if (unquoted.includes("\t")) return "\t";
  const commas = unquoted.split(",").length;
  const semicolons = unquoted.split(";").length;
  return semicolons > commas ? ";" : ",";
}

interface SourceRecord {
  line: number;
  source: string;
  cells: string[];
}

/**
 * Splits text into records of cells (RFC 4180): a cell that starts with a quote runs to the
 * closing quote, delimiters and line breaks in it included, and "" in it is one quote. Spaces
 * before the opening quote are allowed (hand-typed lists put them after the comma).
 */
function recordsOf(text: string, delimiter: string): SourceRecord[] {
  const records: SourceRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = { index: 0, line: 1 };
  const endRecord = (end: number) => {
    cells.push(cell);
    records.push({ line: start.line, source: text.slice(start.index, end), cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n") {
      endRecord(i);
      line++;
      start = { index: i + 1, line };
    } else cell += ch;
  }
  if (start.index < text.length) endRecord(text.length);
  return records;
}

/**
 * Reads pasted or uploaded text into rows of cells. Blank lines are skipped and cells trimmed.
 * The first row is a header when its cells name at least two columns (or all of its cells
 * name one): then columns go by name, in any order, and unknown ones are left out. Without
 * one, the cells are first name, last name, username, reading level, parent e-mail. Names
 * that start with =, +, - or @ are kept as typed: they are names, and no cell is ever
 * evaluated here; the one CSV the product writes escapes them (privacy/export-zip.ts).
 */
export function readClassList(input: string): ClassList {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const firstLine = text.split("\n").find((l) => l.trim() !== "") ?? "";
  const records = recordsOf(text, delimiterOf(firstLine)).filter((r) =>
    r.cells.some((c) => c.trim() !== ""),
  );
  const first = records[0];
  const named = (first?.cells ?? []).map(columnNamed);
  const filled = (first?.cells ?? []).filter((c) => c.trim() !== "").length;
  const distinct = new Set(named.filter(Boolean)).size;
  const isHeader = first !== undefined && (distinct >= 2 || (distinct > 0 && distinct === filled));
  const positions = CLASS_LIST_COLUMNS.map((column, i) => (isHeader ? named.indexOf(column) : i));
  return {
    header: isHeader ? first.source : null,
    rows: records.slice(isHeader ? 1 : 0).map((record) => {
      const cell = (column: ClassListColumn) =>
        (record.cells[positions[CLASS_LIST_COLUMNS.indexOf(column)] ?? -1] ?? "").trim();
      return {
        line: record.line,
        source: record.source,
        cells: {
          firstname: cell("firstname"),
          lastname: cell("lastname"),
          username: cell("username"),
          level: cell("level"),
          parent_email: cell("parent_email"),
        },
      };
    }),
  };
}

// ───────────────────────── Reading levels ─────────────────────────

/**
 * The words of each student level, simplified: its name without "grade" ("first"), its grade
 * label's ("1st"), its grade number ("1"; 0 for Kindergarten) and, for Kindergarten, "k".
 */
const LEVEL_WORDS = new Map<string, number>(
  READING_LEVELS.filter((level) =>
    (STUDENT_PLAN_IDS as readonly number[]).includes(level.id),
  ).flatMap((level, grade) => {
    const words = [level.name, level.gradeLabel].map((w) => simplified(w).replace("grade", ""));
    if (grade === 0) words.push("k", "kg", "kinder");
    return [...words, String(grade)].map((word) => [word, level.id] as const);
  }),
);

/**
 * The plan id a level cell names: a student plan id (6 to 11) as it is, or a level's name in
 * any case and spacing, with or without "grade" ("Kindergarten", "K", "First Grade", "1st",
 * "Grade 2", "3"). Null for anything else: "Grade 6" is a sixth grade, not plan 6.
 */
export function readingLevelOf(cell: string): number | null {
  const word = simplified(cell);
  if (/^\d+$/.test(word) && (STUDENT_PLAN_IDS as readonly number[]).includes(Number(word)))
    return Number(word);
  const bare = word.replace(/^(grade|gr)/, "").replace(/(grade|gr)$/, "");
  return LEVEL_WORDS.get(bare) ?? null;
}

// ───────────────────────── The roster's rules ─────────────────────────

/** The save's own schema, for the fields a class list gives (the password is made up). */
const classListStudent = rosterStudentInput.pick({
  firstname: true,
  lastname: true,
  planid: true,
  username: true,
  parent_email: true,
});

/** A student a class list creates, as the roster's schema gives it back. */
export interface ClassListStudent {
  firstname: string;
  lastname: string;
  planid: number;
  username: string;
  parent_email: string | null;
}

export interface CheckedClassListRow {
  /** What will be created; null when the row has a problem. */
  student: ClassListStudent | null;
  /** The username the row would get: as typed, or made up (`generated`). */
  username: string;
  generated: boolean;
  /** The level the row would get; null when its cell names none. */
  planid: number | null;
  /** The row's problems by column (CLASS_LIST_COLUMNS), or CLASS_LIST_ROW for the class limit. */
  errors: FieldErrors;
}

export interface ClassListContext {
  /** The class as it is now. */
  classmates: readonly {
    username: string;
    firstname: string;
    lastname: string;
    planid: number | null;
  }[];
  /**
   * The class limit, when the check should keep it: the rows past the free places are refused.
   * The server leaves it out and keeps it under its lock (roster/service.ts checkClassLimit).
   */
  maximum?: number;
}

const nameKey = (firstname: string, lastname: string) =>
  `${firstname.trim().toLowerCase()}\u0000${lastname.trim().toLowerCase()}`;

const add = (errors: FieldErrors, key: string, message: string) => {
  const list = errors[key] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[key] = list;
};

/**
 * Checks every row by the roster's rules: the save's schema (names, username 1 to 25, parent
 * e-mail), a level the list names, a username no classmate and no earlier row has (ignoring
 * case), and, where the username is made up, a name no classmate and no earlier row has, so a
 * list pasted twice creates nobody twice. Blank usernames are made up (student1, …) free in
 * the class and among every username the list types; blank levels are the class's most common.
 * With `maximum`, the rows without a problem past the class's free places are refused too.
 */
export function checkClassList(
  rows: readonly Required<ClassListCells>[],
  context: ClassListContext,
): CheckedClassListRow[] {
  const { classmates } = context;
  const typed = rows.map((r) => r.username.trim()).filter((u) => u !== "");
  const madeUp = generateUsernames(rows.filter((r) => r.username.trim() === "").length, [
    ...classmates.map((c) => c.username),
    ...typed,
  ]);
  const defaultLevel = mostCommonLevel(classmates.flatMap((c) => (c.planid ? [c.planid] : [])));
  const classNames = new Set(classmates.map((c) => nameKey(c.firstname, c.lastname)));
  // Sets, not lists: a long file is checked as the teacher types, in time linear in its rows.
  const usernames = new Set(classmates.map((c) => usernameKey(c.username)));
  const earlierNames = new Set<string>();
  const maximum = context.maximum ?? Infinity;
  let free = maximum - classmates.length;
  let nextMadeUp = 0;

  return rows.map((cells) => {
    const errors: FieldErrors = {};
    const generated = cells.username.trim() === "";
    const username = generated ? (madeUp[nextMadeUp++] ?? "") : cells.username.trim();
    const planid = cells.level.trim() === "" ? defaultLevel : readingLevelOf(cells.level);
    if (planid === null) add(errors, "level", classListMessages.unknownLevel);
    const parsed = classListStudent.safeParse({
      ...cells,
      username,
      planid: planid ?? defaultLevel,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        add(errors, field === "planid" ? "level" : field, issue.message);
      }
    if (!generated && usernames.has(usernameKey(username)))
      add(errors, "username", rosterMessages.usernameInUse);
    const name = nameKey(cells.firstname, cells.lastname);
    if (generated && parsed.success) {
      if (classNames.has(name)) add(errors, "firstname", classListMessages.nameInClass);
      else if (earlierNames.has(name)) add(errors, "firstname", classListMessages.nameInList);
    }
    usernames.add(usernameKey(username));
    earlierNames.add(name);

    if (Object.keys(errors).length === 0 && free <= 0)
      add(errors, CLASS_LIST_ROW, rosterMessages.classFull(maximum, classmates.length));
    const ok = parsed.success && Object.keys(errors).length === 0;
    if (ok) free -= 1;
    // A blank parent e-mail is none, as the roster stores it.
    const student = ok ? { ...parsed.data, parent_email: parsed.data.parent_email || null } : null;
    return { student, username, generated, planid, errors };
  });
}

/** A refusal's errors, keyed as the API answers them: students.{index}.{column}. */
export function classListErrors(rows: readonly CheckedClassListRow[]): FieldErrors {
  const out: FieldErrors = {};
  rows.forEach((row, i) => {
    for (const [key, list] of Object.entries(row.errors)) out[`students.${i}.${key}`] = list;
  });
  return out;
}

/** The errors of the `index`th row sent, out of an API refusal's errors. */
export function classListRowErrors(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `students.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, list]) => [key.slice(prefix.length), list]),
  );
}

/**
 * The types browsers give such files: none, text, or (Windows, for .csv) Excel's, whose CSV is
 * still text. A spreadsheet's own file (.xlsx) is not: the teacher saves it as CSV first.
 */
const TEXT_TYPE = /^(|text\/.*|application\/(vnd\.ms-excel|csv))$/;

/** Why a chosen file cannot be a class list, or null: by its name's ending, type and size. */
export function classListFileProblem(file: { name: string; type: string; size: number }) {
  const name = file.name.toLowerCase();
  if (!CLASS_LIST_FILE.extensions.some((ext) => name.endsWith(ext)) || !TEXT_TYPE.test(file.type))
    return classListMessages.fileType;
  if (file.size > CLASS_LIST_FILE.bytes) return classListMessages.fileSize;
  return null;
}
