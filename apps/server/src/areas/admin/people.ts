import {
  adminMessages,
  type DistrictSettingsResponse,
  fullName,
  impersonationVerdict,
  type SchoolTeacher,
  SEARCH_LIMIT,
  type SearchResponse,
  type SearchRole,
} from "@refrain/domain";
import { and, count, eq, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  activeClassOwners,
  classOrder,
  schoolsOf,
  studentsOfDistrict,
  teachersOf,
} from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { AppContext, Auth } from "../../core/context.ts";
import { conflict, invalid, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { containing } from "../../db/like.ts";
import { districts, schools, users } from "../../db/schema/index.ts";
import {
  adultWithEmail,
  freeUsername,
  INVITATION_LINK_MINUTES,
  invitationLetter,
  issueToken,
  namedPerson,
  passwordResetLetter,
} from "../auth/index.ts";
import { isInvited } from "./service.ts";

/**
 * The admins' people screens (access spec screens 15–17): the district's settings, a school's
 * teacher invitations and password links, and the district search.
 */

type Deps = Pick<AppContext, "db" | "mailer" | "config">;

// ───────────────────────── District settings ─────────────────────────

/** The district when it is the caller's own; 404 otherwise (another's reads as missing). */
async function ownDistrict(db: Db, callerDistrictId: number | null, districtId: number) {
  return ownedOr404(
    callerDistrictId === districtId
      ? (await db.select().from(districts).where(eq(districts.id, districtId)))[0]
      : null,
  );
}

export async function districtSettings(
  db: Db,
  callerDistrictId: number | null,
  districtId: number,
): Promise<DistrictSettingsResponse["data"]> {
  const { id, name } = await ownDistrict(db, callerDistrictId, districtId);
  return { id, name };
}

/** Renames the caller's district, recording the old and the new name. */
export async function renameDistrict(
  db: Db,
  auth: Auth,
  districtId: number,
  name: string,
  ip: string,
): Promise<DistrictSettingsResponse["data"]> {
  const district = await ownDistrict(db, auth.user.districtId, districtId);
  await db.transaction(async (tx) => {
    await tx.update(districts).set({ name }).where(eq(districts.id, district.id));
    await recordAudit(tx, {
      actor: auth,
      action: "district.rename",
      target: null,
      ip,
      details: { districtId: district.id, from: district.name, to: name },
    });
  });
  return { id: district.id, name };
}

// ───────────────────────── Teacher invitations ─────────────────────────

const resetUrl = (deps: Deps, token: string) => `${deps.config.PUBLIC_URL}/password/reset/${token}`;

/** How the admin signs an invitation: their name, or their username when they gave none. */
const inviterName = (auth: Auth) =>
  fullName(auth.user.firstName, auth.user.lastName) || auth.user.username;

/**
 * Creates a teacher in the school admin's school, when a seat is free and no adult account has
 * the address, and e-mails them a link to choose their password. The school's row stays locked
 * while the seats are counted and the teacher is added, so two invitations at once cannot both
 * take the last seat.
 */
export async function inviteTeacher(
  deps: Deps,
  auth: Auth,
  input: { email: string; firstname: string; lastname: string },
  ip: string,
): Promise<SchoolTeacher> {
  const admin = auth.user;
  const schoolId = ownedOr404(admin.schoolId);
  const { email } = input;
  const { teacher, school, token } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(schools)
      .where(eq(schools.id, schoolId))
      .limit(1)
      .for("update");
    const school = ownedOr404(locked);
    // Refused for any adult account: an invited teacher who already has one would get a second
    // account that none of their classes are in.
    const [taken] = await tx.select({ id: users.id }).from(users).where(adultWithEmail(email));
    if (taken) throw invalid({ email: [adminMessages.emailInUse] });
    const [seated] = await tx.select({ n: count() }).from(users).where(teachersOf(school.id));
    if ((seated?.n ?? 0) >= school.seats) throw conflict(adminMessages.seatsFull(school.seats));

    const [teacher] = await tx
      .insert(users)
      .values({
        role: "teacher",
        username: await freeUsername(tx, { email }),
        email,
        firstName: input.firstname,
        lastName: input.lastname,
        passwordHash: null,
        schoolId: school.id,
        signupComplete: true,
      })
      .returning();
    if (!teacher) throw new Error("The invited teacher was not created");
    const token = await issueToken(
      tx,
      teacher.id,
      "password_reset",
      new Date(),
      INVITATION_LINK_MINUTES,
    );
    await recordAudit(tx, {
      actor: auth,
      action: "teacher.invite",
      target: teacher.id,
      ip,
      details: { email, schoolId: school.id },
    });
    return { teacher, school, token };
  });

  // Sent once the account exists for certain; the outbox keeps the letter without its link.
  await deps.mailer.send(
    await invitationLetter(
      { adult: { ...teacher, email }, invitedBy: inviterName(auth), school: school.name },
      resetUrl(deps, token),
    ),
  );
  return {
    userid: teacher.id,
    email,
    firstname: teacher.firstName,
    lastname: teacher.lastName,
    login: teacher.username,
    students: 0,
    canImpersonate:
      impersonationVerdict(admin, {
        role: teacher.role,
        schoolId: school.id,
        districtId: school.districtId,
      }) === "allowed",
    invited: true,
  };
}

/**
 * E-mails a teacher of the admin's school a link to choose a password: a reset link, or, while
 * the teacher has not accepted their invitation, the invitation again with its longer life.
 * Returns the address it went to.
 */
export async function sendTeacherPasswordLink(
  deps: Deps,
  auth: Auth,
  teacherId: number,
  ip: string,
): Promise<string> {
  const schoolId = ownedOr404(auth.user.schoolId);
  const [found] = await deps.db
    .select({ ...namedPerson, email: users.email, invited: isInvited, school: schools.name })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.id, teacherId), teachersOf(schoolId)))
    .limit(1);
  const teacher = ownedOr404(found);
  const email = teacher.email?.trim();
  if (!email) throw conflict(adminMessages.noEmail);

  const token = await deps.db.transaction(async (tx) => {
    const token = await issueToken(
      tx,
      teacher.id,
      "password_reset",
      new Date(),
      teacher.invited ? INVITATION_LINK_MINUTES : undefined,
    );
    await recordAudit(tx, {
      actor: auth,
      action: teacher.invited ? "teacher.invite_again" : "teacher.password_link",
      target: teacher.id,
      ip,
      details: { email },
    });
    return token;
  });
  const adult = { ...teacher, email };
  const url = resetUrl(deps, token);
  await deps.mailer.send(
    teacher.invited
      ? await invitationLetter({ adult, invitedBy: inviterName(auth), school: teacher.school }, url)
      : await passwordResetLetter(adult, url),
  );
  return email;
}

// ───────────────────────── District search ─────────────────────────

/**
 * Condition on a users table (or its alias): `q` inside the username, either name, the full
 * name or the e-mail address, whatever the case.
 */
function matching(people: typeof users, q: string) {
  const pattern = containing(q);
  return or(
    ilike(people.username, pattern),
    ilike(people.firstName, pattern),
    ilike(people.lastName, pattern),
    ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern),
    ilike(people.email, pattern),
  );
}

/** At most SEARCH_LIMIT rows, and whether there were more (one extra row was asked for). */
const page = <T>(rows: T[]) => ({
  rows: rows.slice(0, SEARCH_LIMIT),
  more: rows.length > SEARCH_LIMIT,
});

/**
 * The district admin's teachers (class owners of the district's schools) or students (of those
 * teachers' classes) whose login, name or e-mail holds `q`, by last and first name.
 */
export async function searchDistrict(
  db: Db,
  callerDistrictId: number | null,
  input: { role: SearchRole; q: string },
): Promise<SearchResponse["data"]> {
  const districtId = ownedOr404(callerDistrictId);
  // Who was found, teacher or student, as the search answers them.
  const person = {
    userid: users.id,
    login: users.username,
    firstname: users.firstName,
    lastname: users.lastName,
  };
  if (input.role === "teacher") {
    const rows = await db
      .select({
        ...person,
        email: users.email,
        school: { schoolname: schools.name },
      })
      .from(users)
      .innerJoin(schools, eq(schools.id, users.schoolId))
      .where(and(activeClassOwners, schoolsOf(districtId), matching(users, input.q)))
      .orderBy(...classOrder)
      .limit(SEARCH_LIMIT + 1);
    const { rows: teachers, more } = page(rows);
    return { teachers, more };
  }
  const teachers = alias(users, "teachers");
  const rows = await db
    .select({
      ...person,
      teacher: {
        firstname: teachers.firstName,
        lastname: teachers.lastName,
        email: teachers.email,
      },
      school: { schoolname: schools.name },
    })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .innerJoin(schools, eq(schools.id, teachers.schoolId))
    .where(and(studentsOfDistrict(districtId), matching(users, input.q)))
    .orderBy(...classOrder)
    .limit(SEARCH_LIMIT + 1);
  const { rows: students, more } = page(rows);
  return { students, more };
}
