import {
  type CompleteSignupInfo,
  type CompleteSignupRequest,
  fullName,
  GRADE_LEVELS,
  messages,
  REFERRAL_OPTIONS,
  SCHOOL_NOT_LISTED_ID,
  type SchoolOption,
  type SignupRequest,
  signupMessages,
  sourceSelectable,
  withNotListed,
} from "@refrain/domain";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { MailMessage } from "../../adapters/mail.ts";
import { conflict, invalid, notFound } from "../../core/errors.ts";
import { hashPassword } from "../../core/passwords.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import { schools, users } from "../../db/schema/index.ts";
import { uniqueViolation } from "../../db/unique.ts";
import { letter } from "../../mail-layout.ts";

const DAY_MS = 86_400_000;

const adults = ne(users.role, "student");
const sameText = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = ${value.trim().toLowerCase()}`;

/** Adults' usernames are unique; an empty name counts as taken (access spec §5). */
export async function usernameExists(db: Db, loginName: string): Promise<boolean> {
  if (loginName.trim() === "") return true;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(adults, sameText(users.username, loginName)))
    .limit(1);
  return row !== undefined;
}

/** How many other accounts' usernames a shared-address note lists at most. */
const NOTE_ACCOUNTS_MAX = 10;

/** The other adult accounts that use `email`, oldest first, for the shared-address note. */
export async function otherAccountsWithEmail(db: Db, email: string, exceptId: number) {
  return db
    .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(adults, sameText(users.email, email), ne(users.id, exceptId)))
    .orderBy(asc(users.id))
    .limit(NOTE_ACCOUNTS_MAX);
}

/**
 * Tells the owners of an address that a new account now uses it too: the new account cannot be
 * refused without telling the person signing up that the address has an account.
 */
export async function sharedAddressLetter(
  to: string,
  newUsername: string,
  others: { username: string; firstName: string; lastName: string }[],
): Promise<MailMessage> {
  const names = others.map((o) => o.username);
  const [first] = others;
  const subject = "A new Refrain account uses your email address";
  const body = await letter({
    title: subject,
    greeting: `Hello ${first ? fullName(first.firstName, first.lastName) || first.username : ""},`,
    paragraphs: [
      `A new Refrain account with the username ${newUsername} was just created with this email address.`,
      `Your ${names.length === 1 ? "account" : "accounts"} (${names.join(", ")}) did not change and still sign in with their own passwords. Should the new account ever have the same password, sign in with your username; login links and password resets are sent for each account.`,
      "If you did not create the new account, you can ignore this email: it cannot reach yours. Write to us if you want it removed.",
    ],
  });
  return { to, subject, ...body };
}

/** The ZIP's schools by name, and My School Is Not Listed last. */
export async function schoolsByZip(db: Db, zip: string): Promise<SchoolOption[]> {
  const rows = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.zip, zip), ne(schools.id, SCHOOL_NOT_LISTED_ID)))
    .orderBy(asc(schools.name), asc(schools.id));
  return withNotListed(rows);
}

interface SchoolChoice {
  schoolId: number | null;
  schoolNameTyped: string | null;
  outsideUs: boolean;
}

/**
 * Where a teacher works: outside the US (no school), a school of the list, or one typed in
 * because it is not listed. Parents have none.
 */
async function resolveSchool(
  db: Db,
  input: {
    userType: "teacher" | "parent";
    foreign: boolean;
    selectedSchool?: number | null | undefined;
    schoolName?: string | undefined;
  },
): Promise<SchoolChoice> {
  const none = { schoolId: null, schoolNameTyped: null, outsideUs: false };
  if (input.userType !== "teacher") return none;
  if (input.foreign) return { ...none, outsideUs: true };
  if (!input.selectedSchool) throw invalid({ selectedSchool: [messages.required] });
  if (input.selectedSchool === SCHOOL_NOT_LISTED_ID) {
    return { ...none, schoolNameTyped: input.schoolName ?? null };
  }
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.id, input.selectedSchool))
    .limit(1);
  if (!school) throw invalid({ selectedSchool: [signupMessages.unknownSchool] });
  return { ...none, schoolId: school.id };
}

/** When a free trial of `days` (config TRIAL_DAYS) started `now` ends. */
export const trialEnd = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

const usernameTaken = () => invalid({ userName: [signupMessages.usernameTaken] });

/**
 * Creates a teacher's or parent's account with a free trial. Usernames are unique among adults
 * (the unique index settles two sign-ups racing for one name); e-mail addresses are not, so
 * the answer never tells whether an address has an account (docs/decisions/0007).
 */
export async function signUp(
  db: Db,
  input: SignupRequest,
  trialDays: number,
  now = new Date(),
): Promise<number> {
  if (await usernameExists(db, input.userName)) throw usernameTaken();
  const school = await resolveSchool(db, input);
  const passwordHash = await hashPassword(input.password);
  try {
    const [created] = await db
      .insert(users)
      .values({
        role: input.userType,
        username: input.userName,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        ...school,
        gradeLevel: input.gradeLevel,
        source: input.howDidYouFindUs,
        signupComplete: true,
        trialEndsAt: trialEnd(now, trialDays),
        lastLoginAt: now,
      })
      .returning({ id: users.id });
    if (!created) throw new Error("The new account was not created");
    return created.id;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw usernameTaken();
    throw error;
  }
}

/** Whether the account has finished signing up; single sign-on accounts start without. */
// Read by GET /auth/session, which every page opens with.
const signupCompleteQuery = hot("auth_signup_complete", (db) =>
  db
    .select({ signupComplete: users.signupComplete })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1),
);

export async function signupCompleteOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await signupCompleteQuery(db).execute({ userId });
  return row?.signupComplete ?? true;
}

const alreadyComplete = () => conflict(signupMessages.alreadyComplete);

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.find((entry) => entry === value) ?? null;

/** What the complete-signup form starts from: the account as single sign-on created it. */
export async function completeSignupInfo(db: Db, userId: number): Promise<CompleteSignupInfo> {
  const [row] = await db
    .select({
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      gradeLevel: users.gradeLevel,
      source: users.source,
      signupComplete: users.signupComplete,
      schoolId: schools.id,
      schoolName: schools.name,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  if (row.signupComplete) throw alreadyComplete();
  return {
    userType: row.role === "parent" ? "parent" : "teacher",
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    gradeLevel: oneOf(GRADE_LEVELS, row.gradeLevel),
    source: oneOf(REFERRAL_OPTIONS, row.source),
    school:
      row.schoolId !== null && row.schoolName !== null
        ? { id: row.schoolId, name: row.schoolName }
        : null,
  };
}

/**
 * Finishes a single-sign-on account: who they are, what they teach, where they heard of us
 * (kept when the account already knew, unless Unknown) and, for a teacher without a school
 * yet, where they teach. Starts the free trial if it had not started.
 */
export async function completeSignup(
  db: Db,
  userId: number,
  input: CompleteSignupRequest,
  trialDays: number,
  now = new Date(),
) {
  const [row] = await db
    .select({
      schoolId: users.schoolId,
      source: users.source,
      signupComplete: users.signupComplete,
      trialEndsAt: users.trialEndsAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  if (row.signupComplete) throw alreadyComplete();
  const keepsSchool = input.userType === "teacher" && row.schoolId !== null;
  const school = keepsSchool
    ? { schoolId: row.schoolId, schoolNameTyped: null, outsideUs: false }
    : await resolveSchool(db, input);
  await db
    .update(users)
    .set({
      role: input.userType,
      firstName: input.firstName,
      lastName: input.lastName,
      gradeLevel: input.gradeLevel,
      source: sourceSelectable(row.source) ? input.source : row.source,
      ...school,
      signupComplete: true,
      trialEndsAt: row.trialEndsAt ?? trialEnd(now, trialDays),
    })
    .where(eq(users.id, userId));
}
