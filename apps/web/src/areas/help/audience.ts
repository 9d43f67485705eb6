import {
  allows,
  fluencyRecordingPossible,
  POLICIES,
  type PolicyName,
  type Role,
} from "@refrain/domain";

/**
 * Who reads a part of help: a group of roles by its policies.ts name ("classOwners", "admins"),
 * or one role where no group names them alone (a teacher's families, a parent's home class).
 */
export type Reader = PolicyName | Role;

/** A part of help (a section, a task, a group of questions) that not everyone reads. */
export interface Audience {
  /** Its readers; without them, whoever reads what it is part of. */
  readers?: readonly Reader[];
  /**
   * About recorded readings: a class owner reads it only if their class records (account
   * `fluencyRecordingPossible`, never a parent's home class); an admin or staff member reads it
   * as what their teachers do.
   */
  recording?: boolean;
}

const isPolicy = (reader: Reader): reader is PolicyName => Object.hasOwn(POLICIES, reader);

/** Does `role` read `part`? */
export function reads(role: Role, part: Audience): boolean {
  const named =
    part.readers?.some((reader) => (isPolicy(reader) ? allows(reader, role) : reader === role)) ??
    true;
  const records = !part.recording || !allows("classOwners", role) || fluencyRecordingPossible(role);
  return named && records;
}

/**
 * The parts `role` reads, each with the parts inside it (`inner`) that they read; a part left
 * with nothing inside is dropped.
 */
export function readable<T extends Audience, I extends Audience>(
  role: Role,
  parts: readonly T[],
  inner: (part: T) => readonly I[],
  withInner: (part: T, kept: I[]) => T,
): T[] {
  return parts
    .filter((part) => reads(role, part))
    .map((part) =>
      withInner(
        part,
        inner(part).filter((item) => reads(role, item)),
      ),
    )
    .filter((part) => inner(part).length > 0);
}
