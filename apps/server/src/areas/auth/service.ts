import {
  CLASS_OWNER_ROLES,
  fullName,
  impersonationVerdict,
  messages,
  type ScopedUser,
  type SessionUser,
  type StudentTile,
} from "@refrain/domain";
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog, schools, users } from "../../db/schema/index.ts";
import { AppError, forbidden, invalid, notFound } from "../../plugins/errors.ts";
import type { Auth, AuthUser } from "../../plugins/session.ts";
import { verifyPassword } from "./passwords.ts";

export const invalidLogin = () =>
  new AppError(401, messages.invalidLogin, { login: [messages.invalidLogin] });

/** Adults sign in with a username or e-mail; students never through this door. */
export async function authenticateAdult(db: Db, login: string, password: string) {
  const name = login.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        ne(users.role, "student"),
        or(sql`lower(${users.username}) = ${name}`, sql`lower(${users.email}) = ${name}`),
      ),
    )
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) throw invalidLogin();
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  return user.id;
}

const studentLoginNotFound = () =>
  invalid({
    teacher: ["We could not find that teacher. Please check the username and try again."],
  });

async function findClassOwner(db: Db, teacherName: string) {
  const [teacher] = await db
    .select({ id: users.id, studentLoginType: users.studentLoginType })
    .from(users)
    .where(
      and(
        inArray(users.role, [...CLASS_OWNER_ROLES]),
        sql`lower(${users.username}) = ${teacherName.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  if (!teacher) throw studentLoginNotFound();
  return teacher;
}

/** Step 1: how this class signs in, and its student tiles when it picks from a list. */
export async function studentLoginStart(db: Db, teacherName: string) {
  const teacher = await findClassOwner(db, teacherName);
  let students: StudentTile[] = [];
  if (teacher.studentLoginType === "select") {
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
      })
      .from(users)
      .where(and(eq(users.role, "student"), eq(users.teacherId, teacher.id)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    students = rows.map((r) => ({
      id: r.id,
      // A tile shows the first name and last initial; the username when the name is unset.
      name: r.firstName ? `${r.firstName} ${r.lastName.slice(0, 1)}`.trim() : r.username,
    }));
  }
  return { type: teacher.studentLoginType, students };
}

/** Step 2 (and step 3's lookup): the student, only within that teacher's class. */
export async function findStudentOfClass(
  db: Db,
  input: { teacher: string; student?: string | undefined; studentId?: number | undefined },
) {
  const teacher = await findClassOwner(db, input.teacher);
  const byName = input.student
    ? sql`lower(${users.username}) = ${input.student.trim().toLowerCase()}`
    : eq(users.id, input.studentId ?? -1);
  const [student] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.role, "student"), eq(users.teacherId, teacher.id), byName))
    .limit(1);
  if (!student) {
    const field = input.student ? "student" : "studentId";
    throw invalid({ [field]: ["We could not find that username in your teacher's class."] });
  }
  return student;
}

export async function authenticateStudent(
  db: Db,
  input: {
    teacher: string;
    student?: string | undefined;
    studentId?: number | undefined;
    password: string;
  },
) {
  const student = await findStudentOfClass(db, input);
  if (!(await verifyPassword(student.passwordHash, input.password))) {
    throw new AppError(401, messages.invalidLogin, { password: [messages.invalidLogin] });
  }
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, student.id));
  return student.id;
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
  if (auth.impersonator) throw new AppError(403, "Return to your own account first.");
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
    .where(eq(users.id, targetId))
    .limit(1);
  if (!target) throw notFound();
  const actor: ScopedUser = auth.user;
  const verdict = impersonationVerdict(actor, target);
  if (verdict === "forbidden") throw forbidden();
  if (verdict === "not_found") throw notFound();
  await db
    .insert(auditLog)
    .values({ actorId: auth.user.id, targetId, action: "impersonate.take", ip });
  return target.id;
}

export async function leaveImpersonation(db: Db, auth: Auth, ip: string) {
  if (!auth.impersonator) throw new AppError(403, "You are not impersonating anyone.");
  await db.insert(auditLog).values({
    actorId: auth.impersonator.id,
    targetId: auth.user.id,
    action: "impersonate.leave",
    ip,
  });
  return auth.impersonator.id;
}
