import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { auditLog, users } from "../src/db/schema/index.ts";
import type { TestContext } from "./build-test-app.ts";

/**
 * A class owner of their own (a teacher, or a parent), signed in, with `students` students;
 * `maxStudents` sets how many the class may hold.
 */
export async function signedInOwner(
  ctx: TestContext,
  opts: { role?: "teacher" | "parent"; students?: number; maxStudents?: number } = {},
) {
  const owner = await ctx.factories.user({ role: opts.role ?? "teacher" });
  if (opts.maxStudents !== undefined)
    await ctx.db.update(users).set({ maxStudents: opts.maxStudents }).where(eq(users.id, owner.id));
  const students = [];
  for (let i = 0; i < (opts.students ?? 0); i++)
    students.push(await ctx.factories.user({ role: "student", teacherId: owner.id }));
  const client = ctx.client();
  await client.signIn(owner);
  return { owner, students, client };
}

/** A teacher with one student, at a school of a new district. */
export async function classInNewDistrict(ctx: TestContext) {
  const district = await ctx.factories.district();
  const school = await ctx.factories.school({ districtId: district.id });
  const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
  const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
  return { district, school, teacher, student };
}

/** Elena Rivera's class of one student, Ana, with the teacher signed in: the names feedback shows. */
export async function riveraClass(ctx: TestContext) {
  const teacher = await ctx.factories.user({
    role: "teacher",
    firstName: "Elena",
    lastName: "Rivera",
  });
  const student = await ctx.factories.user({
    role: "student",
    teacherId: teacher.id,
    firstName: "Ana",
  });
  const client = ctx.client();
  await client.signIn(teacher);
  return { teacher, student, client };
}

/**
 * A teacher of a new school (`school`: the factory's options) and that school's admin, signed in
 * and acting as the teacher.
 */
export async function adminActingAsTeacher(
  ctx: TestContext,
  school: Parameters<TestContext["factories"]["school"]>[0] = {},
) {
  const { id: schoolId } = await ctx.factories.school(school);
  const teacher = await ctx.factories.user({ role: "teacher", schoolId });
  const admin = await ctx.factories.user({ role: "school_admin", schoolId });
  const client = ctx.client();
  await client.signIn(admin);
  expect((await client.post(`/impersonate/take/${teacher.id}`)).status).toBe(200);
  return { teacher, admin, client };
}

/** The audit rows of students added to a teacher's class, several at once. */
export const studentsAddedAudit = (ctx: TestContext, teacherId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "student.create_many"), eq(auditLog.targetId, teacherId)));

/** The students of a teacher's class, in the order they were added. */
export const classOf = (ctx: TestContext, teacherId: number) =>
  ctx.db
    .select()
    .from(users)
    .where(and(eq(users.role, "student"), eq(users.teacherId, teacherId)))
    .orderBy(users.id);
