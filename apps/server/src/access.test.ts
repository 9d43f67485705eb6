import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../test/build-test-app.ts";
import { requireStudentOf, schoolsOf, studentsOf, teachersOf } from "./access.ts";
import { schools, users } from "./db/schema/index.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe("scopes", () => {
  it("selects a teacher's students, a school's teachers and a district's schools, and no others", async () => {
    const district = await ctx.factories.district();
    const school = await ctx.factories.school({ districtId: district.id });
    const elsewhere = await ctx.factories.school();
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const parent = await ctx.factories.user({ role: "parent", schoolId: school.id });
    await ctx.factories.user({ role: "school_admin", schoolId: school.id });
    await ctx.factories.user({ role: "teacher", schoolId: elsewhere.id });
    const a = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const b = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    await ctx.factories.user({ role: "student", teacherId: parent.id });

    const select = (where: ReturnType<typeof studentsOf>) =>
      ctx.db.select({ id: users.id }).from(users).where(where);
    expect(idsOf(await select(studentsOf(teacher.id)))).toEqual(idsOf([a, b]));
    expect(idsOf(await select(teachersOf(school.id)))).toEqual(idsOf([teacher, parent]));
    const inDistrict = await ctx.db
      .select({ id: schools.id })
      .from(schools)
      .where(schoolsOf(district.id));
    expect(idsOf(inDistrict)).toEqual([school.id]);
  });

  it("finds a student of the class, and reads anyone else as missing (404)", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const other = await ctx.factories.user({ role: "teacher" });
    const mine = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const theirs = await ctx.factories.user({ role: "student", teacherId: other.id });
    expect(await requireStudentOf(ctx.db, teacher.id, mine.id)).toEqual({ id: mine.id });
    for (const id of [theirs.id, other.id, teacher.id, -1]) {
      await expect(requireStudentOf(ctx.db, teacher.id, id)).rejects.toMatchObject({
        code: "not_found",
      });
    }
  });
});
