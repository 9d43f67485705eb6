import { DEFAULT_STUDENT_PLAN_ID, PLACEHOLDER_FIRST_NAME, type TriState } from "../roster.ts";

/**
 * The roster's rows as the page edits them (classroom spec §4 "Roster row save", §5): when a row
 * is complete, changed, to be saved, what it still asks for, and the names and level a new
 * student gets.
 */

/** What the roster compares: the editable fields of a row, saved or not. */
export interface RosterRow {
  id?: number | undefined;
  firstname: string;
  lastname: string | null;
  planid: number;
  username: string;
  password: string;
  parent_email: string | null;
  require_3x: TriState;
  require_retake: TriState;
  slow_video: TriState;
  enable_fluency_recording: TriState;
  fluency_recording_lyrics_only: TriState;
}

/** How usernames compare within a class: ignoring case and surrounding spaces. */
export const usernameKey = (username: string) => username.trim().toLowerCase();

/**
 * True when another student of the class (any id but `selfId`) has this username, ignoring case
 * and surrounding spaces. A blank name is never "taken": it is missing.
 */
export function isUsernameTaken(
  username: string,
  classmates: readonly { id?: number | undefined; username: string }[],
  selfId?: number,
): boolean {
  const key = usernameKey(username);
  if (key === "") return false;
  return classmates.some(
    (other) => (selfId === undefined || other.id !== selfId) && usernameKey(other.username) === key,
  );
}

/**
 * A row is complete when first name, username and password are non-blank, the last name is not
 * null (blank is allowed) and the username is unique in the class.
 */
export function isRowComplete(
  row: RosterRow,
  classmates: readonly { id?: number | undefined; username: string }[],
): boolean {
  return (
    row.firstname.trim() !== "" &&
    row.username.trim() !== "" &&
    row.password.trim() !== "" &&
    row.lastname !== null &&
    !isUsernameTaken(row.username, classmates, row.id)
  );
}

const normalized = (row: RosterRow) => [
  row.firstname.trim(),
  row.lastname?.trim() ?? null,
  row.planid,
  row.username.trim(),
  row.password.trim(),
  row.parent_email?.trim() || null,
  row.require_3x,
  row.require_retake,
  row.slow_video,
  row.enable_fluency_recording,
  row.fluency_recording_lyrics_only,
];

/** Whether `row` differs from the last saved copy (spaces around text do not count). */
export function rowChanged(row: RosterRow, saved: RosterRow | null): boolean {
  if (!saved) return true;
  const a = normalized(row);
  const b = normalized(saved);
  return a.some((value, i) => value !== b[i]);
}

/** A row saves on blur, Enter or a level change only when it changed and is complete. */
export function shouldSaveRow(
  row: RosterRow,
  saved: RosterRow | null,
  classmates: readonly { id?: number | undefined; username: string }[],
): boolean {
  return rowChanged(row, saved) && isRowComplete(row, classmates);
}

/**
 * Which name fields ask "Enter student name": both for a new student, the first name while it
 * is blank or still "Student", the last name while it is blank.
 */
export function namePrompts(row: Pick<RosterRow, "firstname" | "lastname">, isNew: boolean) {
  const first = row.firstname.trim();
  return {
    firstname: isNew || first === "" || first === PLACEHOLDER_FIRST_NAME,
    lastname: isNew || (row.lastname ?? "").trim() === "",
  };
}

/**
 * `count` usernames student1, student2, … skipping any already in the class (ignoring case),
 * so every one is new and unique.
 */
export function generateUsernames(count: number, taken: readonly string[]): string[] {
  const used = new Set(taken.map(usernameKey));
  const out: string[] = [];
  for (let n = 1; out.length < count; n++) {
    const name = `student${n}`;
    if (!used.has(name)) {
      used.add(name);
      out.push(name);
    }
  }
  return out;
}

/** The class's most common reading level (the lower one on a tie), or First Grade when empty. */
export function mostCommonLevel(planIds: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const id of planIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  let best = DEFAULT_STUDENT_PLAN_ID;
  let bestCount = 0;
  for (const [id, n] of counts) {
    if (n > bestCount || (n === bestCount && id < best)) {
      best = id;
      bestCount = n;
    }
  }
  return best;
}
