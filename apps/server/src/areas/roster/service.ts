import { randomInt } from "node:crypto";
import {
  easyPassword,
  fluencyRecordingPossible,
  fullName,
  generateUsernames,
  mostCommonLevel,
  PLACEHOLDER_FIRST_NAME,
  type RosterChanges,
  type RosterStudent,
  type RosterStudentSave,
  rosterMessages,
  SAMPLE_LESSON_SLUGS,
  type TriState,
} from "@refrain/domain";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { allStudentsOf, studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { invalid, notFound, ownedOr404 } from "../../core/errors.ts";
import { hashPassword, type StudentPasswordBox } from "../../core/passwords.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import { lessons, type User, users } from "../../db/schema/index.ts";
import { uniqueViolation } from "../../db/unique.ts";
import { applyAddressChange } from "../families/index.ts";
import { lessonSummaryColumns, presentLesson } from "../lessons/index.ts";
import { type ErasureDeps, eraseStudents } from "../privacy/index.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const tri = (value: boolean | null): TriState => (value === null ? "inherit" : value ? 1 : 0);
const fromTri = (value: TriState): boolean | null => (value === "inherit" ? null : value === 1);

/** The columns a roster row shows: never the password hash. */
const rosterColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  planId: users.planId,
  username: users.username,
  passwordEncrypted: users.passwordEncrypted,
  parentEmail: users.parentEmail,
  require3x: users.require3x,
  requireRetake: users.requireRetake,
  slowVideo: users.slowVideo,
  enableFluencyRecording: users.enableFluencyRecording,
  fluencyRecordingLyricsOnly: users.fluencyRecordingLyricsOnly,
};
type RosterRow = Pick<User, keyof typeof rosterColumns>;

// The student list is read on every visit of the roster and after every change to it.
const classList = hot("roster_class_list", (db) =>
  db
    .select(rosterColumns)
    .from(users)
    .where(studentsOf(sql.placeholder("teacherId")))
    .orderBy(asc(users.id)),
);

function presentStudent(box: StudentPasswordBox, s: RosterRow): RosterStudent {
  return {
    id: s.id,
    firstname: s.firstName,
    lastname: s.lastName,
    planid: s.planId ?? 6,
    username: s.username,
    password: s.passwordEncrypted ? box.decrypt(s.passwordEncrypted) : "",
    parent_email: s.parentEmail,
    require_3x: tri(s.require3x),
    require_retake: tri(s.requireRetake),
    slow_video: tri(s.slowVideo),
    enable_fluency_recording: tri(s.enableFluencyRecording),
    fluency_recording_lyrics_only: tri(s.fluencyRecordingLyricsOnly),
  };
}

/** The class of `teacherId`, oldest first so newly created students show last. */
export async function listStudents(
  db: Db,
  box: StudentPasswordBox,
  teacherId: number,
): Promise<RosterStudent[]> {
  const rows = await classList(db).execute({ teacherId });
  return rows.map((s) => presentStudent(box, s));
}

/**
 * The class limit, and whether the fluency options apply. Fluency videos are a classroom
 * feature (recorded at school, graded by the teacher, with parents' permission slips), so a
 * teacher's students may record them and a parent's home class does not.
 */
export async function rosterParameters(db: Db, teacherId: number) {
  const [teacher] = await db
    .select({ maxStudents: users.maxStudents, role: users.role })
    .from(users)
    .where(eq(users.id, teacherId));
  const found = ownedOr404(teacher);
  return {
    maximumStudents: found.maxStudents,
    fluencyVideosEnabled: fluencyRecordingPossible(found.role),
  };
}

/**
 * Locks the teacher's row for the transaction, so two requests cannot both pass the class
 * limit, and answers 422 when `adding` more students would pass it.
 */
export async function checkClassLimit(tx: Tx, teacherId: number, adding: number, field: string) {
  const [teacher] = await tx
    .select({ maxStudents: users.maxStudents })
    .from(users)
    .where(eq(users.id, teacherId))
    .for("update");
  const { maxStudents } = ownedOr404(teacher);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(studentsOf(teacherId));
  const current = row?.n ?? 0;
  if (current + adding > maxStudents) {
    throw invalid({ [field]: [rosterMessages.classFull(maxStudents, current)] });
  }
}

/** The refusal of a username a classmate has, against `field` of the request. */
export const usernameInUse = (field = "student.username") =>
  invalid({ [field]: [rosterMessages.usernameInUse] });

/** Easy passwords for `count` new students, with their hashes. */
export async function easyCredentials(count: number) {
  const passwords = Array.from({ length: count }, () => easyPassword((n) => randomInt(n)));
  // argon2id is slow on purpose: hash before a transaction takes its lock.
  return Promise.all(
    passwords.map(async (password) => ({ password, hash: await hashPassword(password) })),
  );
}

/**
 * Adds `students` to the caller's class, each with its one of `credentials` (the password also
 * sealed, for the login cards), and one audit row naming them, with `details`; answers their ids.
 */
export async function addStudents(
  tx: Tx,
  by: { box: StudentPasswordBox; auth: Auth; ip: string },
  students: Pick<
    typeof users.$inferInsert,
    "username" | "firstName" | "lastName" | "planId" | "parentEmail"
  >[],
  credentials: { password: string; hash: string }[],
  details: Record<string, unknown> = {},
) {
  const teacherId = by.auth.user.id;
  const inserted = await tx
    .insert(users)
    .values(
      students.map((student, i) => ({
        ...student,
        role: "student" as const,
        passwordHash: credentials[i]?.hash as string,
        passwordEncrypted: by.box.encrypt(credentials[i]?.password as string),
        teacherId,
      })),
    )
    .returning({ id: users.id });
  const studentIds = inserted.map((r) => r.id);
  await recordAudit(tx, {
    actor: by.auth,
    target: teacherId,
    action: "student.create_many",
    ip: by.ip,
    details: { count: studentIds.length, studentIds, ...details },
  });
  return studentIds;
}

/**
 * Creates `count` students with usable usernames (student1, …), easy passwords, the first name
 * "Student" and the class's most common level, with an audit row naming them. Answers the whole
 * class and the new ids.
 */
export async function autocreateStudents(
  db: Db,
  box: StudentPasswordBox,
  auth: Auth,
  count: number,
  ip: string,
) {
  const teacherId = auth.user.id;
  const credentials = await easyCredentials(count);
  const newids = await db.transaction(async (tx) => {
    await checkClassLimit(tx, teacherId, count, "count");
    const classmates = await tx
      .select({ username: users.username, planId: users.planId })
      .from(users)
      .where(allStudentsOf(teacherId));
    const usernames = generateUsernames(
      count,
      classmates.map((c) => c.username),
    );
    const planId = mostCommonLevel(classmates.flatMap((c) => (c.planId ? [c.planId] : [])));
    const students = usernames.map((username) => ({
      username,
      firstName: PLACEHOLDER_FIRST_NAME,
      lastName: "",
      planId,
    }));
    return addStudents(tx, { box, auth, ip }, students, credentials);
  });
  return { students: await listStudents(db, box, teacherId), newids };
}

/**
 * Updates a student of the class, or creates one when `id` is absent. A username another
 * classmate has (ignoring case) is refused, whatever the browser checked. Setting an existing
 * student's password is audited: it changes how someone else signs in.
 */
export async function saveStudent(
  db: Db,
  box: StudentPasswordBox,
  auth: Auth,
  input: RosterStudentSave,
  ip: string,
): Promise<RosterStudent> {
  const teacherId = auth.user.id;
  const existing = input.id
    ? ownedOr404(
        (
          await db
            .select({
              id: users.id,
              passwordEncrypted: users.passwordEncrypted,
              parentEmail: users.parentEmail,
            })
            .from(users)
            .where(and(studentsOf(teacherId), eq(users.id, input.id)))
        )[0],
      )
    : null;
  const currentPassword = existing?.passwordEncrypted
    ? box.decrypt(existing.passwordEncrypted)
    : null;
  const passwordChanged = currentPassword !== input.password;
  const values = {
    firstName: input.firstname,
    lastName: input.lastname,
    planId: input.planid,
    username: input.username,
    parentEmail: input.parent_email || null,
    require3x: fromTri(input.require_3x),
    requireRetake: fromTri(input.require_retake),
    slowVideo: fromTri(input.slow_video),
    enableFluencyRecording: fromTri(input.enable_fluency_recording),
    fluencyRecordingLyricsOnly: fromTri(input.fluency_recording_lyrics_only),
    ...(passwordChanged && {
      passwordHash: await hashPassword(input.password),
      passwordEncrypted: box.encrypt(input.password),
    }),
  };
  try {
    const saved = await db.transaction(async (tx) => {
      if (!existing) await checkClassLimit(tx, teacherId, 1, "student");
      const [clash] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            allStudentsOf(teacherId),
            sql`lower(${users.username}) = ${input.username.toLowerCase()}`,
            existing ? ne(users.id, existing.id) : undefined,
          ),
        )
        .limit(1);
      if (clash) throw usernameInUse();
      const [row] = existing
        ? await tx
            .update(users)
            .set(values)
            .where(eq(users.id, existing.id))
            .returning(rosterColumns)
        : await tx
            .insert(users)
            .values({ ...values, role: "student", teacherId })
            .returning(rosterColumns);
      // The same address rules as the parent e-mail manager's save: a changed address forgets
      // its bounce, a blank one switches the parent's mail off.
      if (existing)
        await applyAddressChange(tx, existing.id, existing.parentEmail, values.parentEmail);
      if (existing && passwordChanged) {
        await recordAudit(tx, {
          actor: auth,
          target: existing.id,
          action: "student.password_set",
          ip,
          details: { teacherId },
        });
      }
      return row as RosterRow;
    });
    return presentStudent(box, saved);
  } catch (error) {
    // Two saves racing for one username: the class's unique index decides.
    if (uniqueViolation(error) !== null) throw usernameInUse();
    throw error;
  }
}

/** A tri-state change as its column's value; undefined (not given) leaves the column alone. */
const fromChange = (value: TriState | undefined) =>
  value === undefined ? undefined : fromTri(value);

/**
 * Applies one change (a reading level, settings) to several students of the caller's class in
 * one statement of one transaction: all of them or none. When any id is not a student of the
 * class, nothing changes and the answer is 404, as for one such student. Only the given
 * fields change (Drizzle leaves out what is undefined); nothing a session carries does, so no
 * cached session needs forgetting.
 */
export async function updateStudents(
  db: Db,
  box: StudentPasswordBox,
  teacherId: number,
  studentIds: readonly number[],
  changes: RosterChanges,
): Promise<RosterStudent[]> {
  const values = {
    planId: changes.planid,
    require3x: fromChange(changes.require_3x),
    requireRetake: fromChange(changes.require_retake),
    slowVideo: fromChange(changes.slow_video),
    enableFluencyRecording: fromChange(changes.enable_fluency_recording),
    fluencyRecordingLyricsOnly: fromChange(changes.fluency_recording_lyrics_only),
  };
  const rows = await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set(values)
      .where(and(studentsOf(teacherId), inArray(users.id, [...studentIds])))
      .returning(rosterColumns);
    // Thrown inside the transaction, so the rows it did change are rolled back.
    if (updated.length !== studentIds.length) throw notFound();
    return updated;
  });
  return rows.sort((a, b) => a.id - b.id).map((row) => presentStudent(box, row));
}

/**
 * Deletes one student of the caller's class for good: their rows, their files (through the
 * privacy area's erasure job) and the mail about them; the audit row names no one.
 */
export async function deleteStudent(deps: ErasureDeps, auth: Auth, studentId: number, ip: string) {
  const teacherId = auth.user.id;
  const [deleted] = await eraseStudents(deps, and(studentsOf(teacherId), eq(users.id, studentId)), {
    actor: auth,
    action: "student.delete",
    ip,
    details: { teacherId },
  });
  const student = ownedOr404(deleted);
  const name = fullName(student.firstName, student.lastName) || student.username;
  return { message: `${name} was deleted.`, deleted: 1 };
}

/** Deletes every student of the caller's class for good, as `deleteStudent` one. */
export async function deleteAllStudents(deps: ErasureDeps, auth: Auth, ip: string) {
  const teacherId = auth.user.id;
  const erased = await eraseStudents(deps, studentsOf(teacherId), {
    actor: auth,
    action: "student.delete_all",
    ip,
    details: { teacherId },
  });
  const ids = erased.map((s) => s.id);
  const message =
    ids.length === 1 ? "1 student was deleted." : `All ${ids.length} students were deleted.`;
  return { message, deleted: ids.length, studentIds: ids };
}

/** The six sample lessons, in the order of SAMPLE_LESSON_SLUGS. */
export async function sampleLessons(db: Db) {
  const rows = await db
    .select({ ...lessonSummaryColumns, slug: lessons.slug })
    .from(lessons)
    .where(inArray(lessons.slug, [...SAMPLE_LESSON_SLUGS]));
  const order = (slug: string) => (SAMPLE_LESSON_SLUGS as readonly string[]).indexOf(slug);
  return rows.sort((a, b) => order(a.slug) - order(b.slug)).map(presentLesson);
}
