import { timingSafeEqual } from "node:crypto";
import {
  fullName,
  impersonationVerdict,
  messages,
  POLICIES,
  type Role,
  type ScopedUser,
  type SessionUser,
  type StudentLoginType,
  type StudentTile,
} from "@refrain/domain";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Auth, AuthUser } from "../../core/context.ts";
import { forbidden, invalid, invalidCredentials, notFound } from "../../core/errors.ts";
import { hashPassword, type StudentPasswordBox, verifyPassword } from "../../core/passwords.ts";
import type { Db } from "../../db/client.ts";
import { schools, users } from "../../db/schema/index.ts";
import { ACCOUNTS_PER_ADDRESS, adultWithEmail, ownersOfAddressFirst } from "./link-service.ts";

/** A person as lists name them: the username stands in while the names are unset. */
export const namedPerson = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

export const invalidLogin = () => invalidCredentials({ login: [messages.invalidLogin] });

export interface LoginCandidate {
  id: number;
  role: Role;
  passwordHash: string | null;
}

/**
 * Adult usernames never hold "@" (sign-up's USERNAME_PATTERN, single sign-on's usernames), so a
 * login name with one is an e-mail address.
 */
const isEmailLogin = (login: string) => login.includes("@");

/**
 * The adult accounts a login name resolves to: the one whose username it is, or those whose
 * e-mail address it is (several accounts may share one: docs/decisions/0007), at most
 * ACCOUNTS_PER_ADDRESS in `ownersOfAddressFirst` order. Students never sign in through this door.
 */
export async function adultsByLogin(db: Db, login: string): Promise<LoginCandidate[]> {
  const name = login.trim().toLowerCase();
  const query = db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users);
  if (!isEmailLogin(name))
    return query
      .where(
        and(
          ne(users.role, "student"),
          sql`lower(${users.username}) = ${name}`,
          isNull(users.deactivatedAt),
        ),
      )
      .limit(1);
  return query
    .where(and(adultWithEmail(name), isNull(users.deactivatedAt)))
    .orderBy(...ownersOfAddressFirst)
    .limit(ACCOUNTS_PER_ADDRESS);
}

/**
 * Checks the password against every candidate of the login name and signs in the one account
 * it matches; `missed` are the other candidates, whose password was checked and did not match.
 * A username takes one check, an e-mail address always ACCOUNTS_PER_ADDRESS (the decoy stands in
 * for missing accounts), so the time tells nothing about how many accounts use a name or
 * address. No match gets the generic 401.
 *
 * So does a password that matches several accounts of one address: which one the person means
 * cannot be known, and signing in either could hand a person someone else's account. They sign
 * in with their username. (The holder of one such account learns that another account of the
 * address has the same password; each account whose password is checked and missed counts a
 * failure, so guessing that way is held to the same limits as guessing at the login form.)
 */
export async function checkAdultPassword(
  db: Db,
  login: string,
  candidates: LoginCandidate[],
  password: string,
): Promise<{ user: LoginCandidate; missed: LoginCandidate[] }> {
  const checks = isEmailLogin(login) ? ACCOUNTS_PER_ADDRESS : 1;
  const matched: LoginCandidate[] = [];
  // One after another: each check holds argon2's 19 MiB while it runs.
  for (let i = 0; i < checks; i++) {
    const candidate = candidates[i];
    const ok = await verifyPassword(candidate?.passwordHash ?? null, password);
    if (candidate && ok) matched.push(candidate);
  }
  const [user, ...more] = matched;
  if (!user || more.length > 0) throw invalidLogin();
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  return { user, missed: candidates.filter((candidate) => candidate !== user) };
}

export const studentLoginNotFound = () =>
  invalid({
    teacher: ["We could not find that teacher. Please check the username and try again."],
  });

/** The class a student signs in to: its owner, by the username the student typed; or none. */
export async function findClassOwner(db: Db, teacherName: string) {
  const [teacher] = await db
    .select({
      id: users.id,
      studentLoginType: users.studentLoginType,
      classCode: users.classCode,
    })
    .from(users)
    .where(
      and(
        inArray(users.role, [...POLICIES.classOwners]),
        sql`lower(${users.username}) = ${teacherName.trim().toLowerCase()}`,
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1);
  return teacher;
}

/**
 * Step 1: how the class of `teacher` signs in, and its student tiles when it picks from a list
 * and `tilesShown` (this browser may see them: routes.ts). A class that picks tiles types its
 * usernames elsewhere, until the class code shows the tiles.
 */
export async function studentLoginStart(
  db: Db,
  teacher: { id: number; studentLoginType: StudentLoginType },
  tilesShown: boolean,
) {
  if (teacher.studentLoginType !== "select")
    return { type: teacher.studentLoginType, students: [] };
  if (!tilesShown) return { type: "input" as const, students: [], classCodeShowsTiles: true };
  const rows = await db
    .select(namedPerson)
    .from(users)
    .where(studentsOf(teacher.id))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const students: StudentTile[] = rows.map((r) => ({
    id: r.id,
    // A tile shows the first name and last initial; the username when the name is unset.
    name: r.firstName ? `${r.firstName} ${r.lastName.slice(0, 1)}`.trim() : r.username,
  }));
  return { type: "select" as const, students };
}

/** Step 2 (and step 3's lookup): the student, only within the class of `teacherId`, or null. */
export async function findStudentOfClass(
  db: Db,
  teacherId: number,
  input: { student?: string | undefined; studentId?: number | undefined },
) {
  const byName = input.student
    ? sql`lower(${users.username}) = ${input.student.trim().toLowerCase()}`
    : eq(users.id, input.studentId ?? -1);
  const [student] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      passwordEncrypted: users.passwordEncrypted,
    })
    .from(users)
    .where(and(studentsOf(teacherId), byName))
    .limit(1);
  return student ?? null;
}

/** The answer to a student name or tile not in the class. */
export function studentNotInClass(input: { student?: string | undefined }) {
  const field = input.student ? "student" : "studentId";
  return invalid({ [field]: ["We could not find that username in your teacher's class."] });
}

/**
 * Step 3's check of the password of a student found in step 2's way. A rostered student's
 * password has no hash until their first sign-in (a district import seals thousands of them and
 * hashes none: areas/admin/roster-import/apply.ts): it is checked against the sealed copy once,
 * in constant time, and hashed then.
 */
export async function checkStudentPassword(
  db: Db,
  box: StudentPasswordBox,
  student: { id: number; passwordHash: string | null; passwordEncrypted: string | null },
  password: string,
) {
  const unhashed = student.passwordHash === null && student.passwordEncrypted !== null;
  const ok = unhashed
    ? sameText(box.decrypt(student.passwordEncrypted as string), password)
    : await verifyPassword(student.passwordHash, password);
  if (!ok) throw invalidCredentials({ password: [messages.invalidLogin] });
  await db
    .update(users)
    .set({
      lastLoginAt: sql`now()`,
      ...(unhashed && { passwordHash: await hashPassword(password) }),
    })
    .where(eq(users.id, student.id));
  return student.id;
}

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function present(user: AuthUser) {
  return {
    id: user.id,
    role: user.role,
    fullname: fullName(user.firstName, user.lastName) || user.username,
  };
}

export function presentSessionUser(auth: Auth, signupComplete: boolean): SessionUser {
  const { user, impersonator } = auth;
  return {
    signupComplete,
    ...present(user),
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    schoolId: user.schoolId,
    districtId: user.districtId,
    impersonated: impersonator !== null,
    impersonator: impersonator ? present(impersonator) : null,
  };
}

/**
 * Checks that the admin behind `auth` may act as `targetId` and records it. Throws 403 for
 * a wrong role, a nested attempt or an admin target; 404 for anyone outside their reach.
 */
export async function takeImpersonation(db: Db, auth: Auth, targetId: number, ip: string) {
  if (auth.impersonator) throw forbidden("Return to your own account first.");
  const [target] = await db
    .select({
      id: users.id,
      role: users.role,
      schoolId: users.schoolId,
      districtId: sql<number | null>`coalesce(${users.districtId}, ${schools.districtId}, (
        select s2.district_id from users t2 join schools s2 on s2.id = t2.school_id
        where t2.id = ${users.teacherId}))`,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.id, targetId), isNull(users.deactivatedAt)))
    .limit(1);
  if (!target) throw notFound();
  const actor: ScopedUser = auth.user;
  const verdict = impersonationVerdict(actor, target);
  if (verdict === "forbidden") throw forbidden();
  if (verdict === "not_found") throw notFound();
  await recordAudit(db, { actor: auth, target: targetId, action: "impersonate.take", ip });
  return target.id;
}

export async function leaveImpersonation(db: Db, auth: Auth, ip: string) {
  if (!auth.impersonator) throw forbidden("You are not impersonating anyone.");
  await recordAudit(db, { actor: auth, target: auth.user.id, action: "impersonate.leave", ip });
  return auth.impersonator.id;
}
