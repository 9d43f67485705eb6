import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { OVERALL } from "@refrain/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogLessons } from "../../test/learning.ts";
import { testAppForFile } from "../../test/own-app.ts";
import {
  listDistrictSchools,
  listSchoolTeachers,
  schoolBreakdown,
  searchDistrict,
} from "../areas/admin/index.ts";
import {
  fanOutWeeklyReport,
  reportOnClass,
  type WeeklyReportDeps,
} from "../areas/families/index.ts";
import {
  adminTeachers,
  classSummary,
  reportGraph,
  scoresByStory,
  sevenDayRows,
  studentList,
} from "../areas/reports/index.ts";
import {
  classSettings,
  examAttempts,
  familyPreferences,
  schools,
  users,
} from "../db/schema/index.ts";
import {
  enrolledStudents,
  requireStudentOf,
  schoolsOf,
  studentsInReachOf,
  studentsInReachSql,
  studentsOf,
  studentsOfDistrict,
  studentsOfSchool,
  teachersInReachOf,
  teachersOf,
} from "./access.ts";
import type { AuthUser } from "./context.ts";

const ctx = testAppForFile();
let lessonId: number;
beforeAll(async () => {
  lessonId = (await catalogLessons(ctx)).second[0] as number;
}, 60_000);

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

const today = new Date().toISOString().slice(0, 10);
const dayFrom = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const range = { start_date: dayFrom(-1), end_date: dayFrom(1) };

/** A district with a school whose class has a student in it and one the roster deactivated. */
async function worldWithDeactivated() {
  const district = await ctx.factories.district();
  const school = await ctx.factories.school({ districtId: district.id });
  const inSchool = (role: "teacher" | "school_admin") =>
    ctx.factories.user({ role, schoolId: school.id, districtId: district.id });
  const teacher = await inSchool("teacher");
  const gone = await inSchool("teacher");
  await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
  const schoolAdmin = await inSchool("school_admin");
  const districtAdmin = await ctx.factories.user({
    role: "district_admin",
    districtId: district.id,
  });
  const staying = await ctx.factories.user({
    role: "student",
    teacherId: teacher.id,
    firstName: "Stays",
    lastName: "Enrolled",
  });
  const left = await ctx.factories.user({
    role: "student",
    teacherId: teacher.id,
    firstName: "Roster",
    lastName: "Dropped",
  });
  await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, left.id));
  return { district, school, teacher, gone, schoolAdmin, districtAdmin, staying, left };
}

const ids = async (where: SQL | undefined) =>
  (await ctx.db.select({ id: users.id }).from(users).where(where))
    .map((r) => r.id)
    .sort((a, b) => a - b);

describe("a student the roster deactivated", () => {
  it("is out of every reach that lists students, and a deactivated teacher out of every list of teachers", async () => {
    const w = await worldWithDeactivated();
    const reaches = {
      studentsOf: studentsOf(w.teacher.id),
      studentsOfSchool: studentsOfSchool(w.school.id),
      studentsOfDistrict: studentsOfDistrict(w.district.id),
      teacher: studentsInReachOf(w.teacher),
      schoolAdmin: studentsInReachOf(w.schoolAdmin),
      districtAdmin: studentsInReachOf(w.districtAdmin),
      enrolled: sql`${enrolledStudents} and ${users.teacherId} = ${w.teacher.id}`,
    };
    for (const [name, where] of Object.entries(reaches))
      expect({ name, ids: await ids(where) }).toEqual({ name, ids: [w.staying.id] });
    for (const where of [
      teachersOf(w.school.id),
      teachersInReachOf(w.schoolAdmin),
      teachersInReachOf(w.districtAdmin),
    ])
      expect(await ids(where)).toEqual([w.teacher.id]);
  });

  it("is out of every report, count, search and mail of the class, school and district", async () => {
    const w = await worldWithDeactivated();
    // Both took day 1 of a lesson, and both families get the weekly report.
    for (const student of [w.staying, w.left]) {
      await ctx.db.insert(examAttempts).values({
        studentId: student.id,
        lessonId,
        day: 1,
        attempt: 1,
        answers: [],
        correct: 1,
        solved: 2,
        percent: 50,
      });
      await ctx.db
        .update(users)
        .set({ parentEmail: `family${student.id}@example.org` })
        .where(eq(users.id, student.id));
    }
    await ctx.db.insert(familyPreferences).values({ studentId: w.left.id, sendWeeklyReport: true });
    await ctx.db.insert(classSettings).values({ teacherId: w.teacher.id, sendWeeklyReport: true });
    const teacher = w.teacher as AuthUser;
    const shown = (answer: unknown) => JSON.stringify(answer);

    const lists = {
      criteria: await studentList(ctx.db, teacher, w.teacher.id),
      classSummary: await classSummary(ctx.db, w.teacher.id, {
        ...range,
        student_id: "overall",
        type: "all",
      }),
      sevenDay: await sevenDayRows(ctx.db, w.teacher.id, OVERALL, range),
      search: await searchDistrict(ctx.db, w.district.id, { role: "student", q: "" }),
    };
    for (const [name, list] of Object.entries(lists)) {
      expect({ name, shown: shown(list) }).toEqual({
        name,
        shown: expect.stringContaining("Enrolled"),
      });
      expect({ name, shown: shown(list) }).toEqual({
        name,
        shown: expect.not.stringContaining("Dropped"),
      });
    }
    const [story] = await scoresByStory(ctx.db, w.teacher.id, range);
    expect(story).toMatchObject({ lesson_id: lessonId, students: 1 });
    for (const caller of [teacher, w.schoolAdmin as AuthUser, w.districtAdmin as AuthUser]) {
      const graph = await reportGraph(ctx.db, caller, {
        type: "quiz_complete",
        from_date: range.start_date,
        to_date: range.end_date,
        ...(caller.role === "teacher" ? {} : { school_id: w.school.id, aggregate_type: "school" }),
      });
      expect(shown(graph)).toContain("0 of 1");
    }
    const usage = await schoolBreakdown(ctx.db, w.schoolAdmin, w.school.id, range);
    expect(usage.concepts[0]?.concepts[0]).toMatchObject({ name: "Day 1 exam", total: 2 });
    const [counted] = await listDistrictSchools(ctx.db, w.district.id, w.district.id).then(
      (d) => d.schools,
    );
    expect(counted).toMatchObject({ teachers: 1, students: 1 });
    const { teachers } = await listSchoolTeachers(ctx.db, w.schoolAdmin);
    expect(teachers.map((t) => [t.userid, t.students])).toEqual([[w.teacher.id, 1]]);
    expect(
      (await adminTeachers(ctx.db, w.districtAdmin as AuthUser, w.districtAdmin.id, undefined)).map(
        (t) => t.id,
      ),
    ).toEqual([w.teacher.id]);

    // Only the deactivated student's family is due this week: no class to report on.
    const sent: unknown[] = [];
    const deps = {
      db: ctx.db,
      send: async (_: string, data: unknown) => sent.push(data),
    } as unknown as WeeklyReportDeps;
    await fanOutWeeklyReport(deps);
    expect(sent).not.toContainEqual(expect.objectContaining({ teacherId: w.teacher.id }));
    expect(await reportOnClass(deps, w.teacher.id, today)).toBe(0);
  });
});

describe("the raw-SQL reach", () => {
  it("selects the same students as studentsInReachOf, for every kind of caller", async () => {
    const w = await worldWithDeactivated();
    const elsewhere = await ctx.factories.school({ districtId: w.district.id });
    const parent = await ctx.factories.user({ role: "parent" });
    await ctx.factories.user({ role: "student", teacherId: parent.id });
    const otherTeacher = await ctx.factories.user({ role: "teacher", schoolId: elsewhere.id });
    await ctx.factories.user({ role: "student", teacherId: otherTeacher.id });
    const callers = [
      w.teacher,
      parent,
      w.schoolAdmin,
      w.districtAdmin,
      await ctx.factories.user({ role: "school_admin", schoolId: elsewhere.id }),
      await ctx.factories.user({ role: "school_admin" }),
      await ctx.factories.user({ role: "district_admin" }),
      w.staying,
      await ctx.factories.user({ role: "staff" }),
    ];
    for (const caller of callers) {
      const result = await ctx.db.execute(sql`
        select u.id from users u
        join users t on t.id = u.teacher_id left join schools s on s.id = t.school_id
        where ${studentsInReachSql(caller)} order by u.id`);
      const raw = (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
      expect({ role: caller.role, ids: raw }).toEqual({
        role: caller.role,
        ids: await ids(studentsInReachOf(caller)),
      });
    }
  });
});

/**
 * Which students a query lists is access.ts's to say (its conditions, `studentsOf` first), so that
 * a deactivated student leaves every list at once. A query of `users` by their teacher written
 * anywhere else is one that forgot it; the few that must span deactivated students say why here.
 */
const SPANS_DEACTIVATED: Record<string, string> = {
  // A roster plan matches the district's students, deactivated ones too, to bring them back.
  "admin/roster-import/existing.ts": "inArray(users.teacherId",
};
const STUDENTS_BY_TEACHER = [
  /\b(?:eq|inArray)\(users\.teacherId,/,
  /\$\{users\.teacherId\}\s*(?:=|in\b)/,
  /(?<![\w.])(?:u\.)?teacher_id\s*(?:=|in\s*\()/,
];

/** The lines of `source` that select students by teacher, but `allowed`'s. */
function studentsByTeacher(source: string, allowed?: string) {
  return source
    .split("\n")
    .filter((line) => STUDENTS_BY_TEACHER.some((pattern) => pattern.test(line)))
    .filter((line) => allowed === undefined || !line.includes(allowed));
}

describe("the queries of students", () => {
  it("name a class's students only through access.ts", () => {
    const areas = join(import.meta.dirname, "..", "areas");
    const files = readdirSync(areas, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    const found = files.flatMap((file) =>
      studentsByTeacher(readFileSync(join(areas, file), "utf8"), SPANS_DEACTIVATED[file]).map(
        (line) => `${file}: ${line.trim()}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("are found written by hand, in Drizzle and in SQL", () => {
    for (const line of [
      ".where(eq(users.teacherId, teacherId))",
      `sql\`\${users.teacherId} = any(array(\${ids}))\``,
      `select id from users where role = 'student' and teacher_id = \${teacherId}`,
      "where u.role = 'student' and u.teacher_id = any(array(",
    ])
      expect(studentsByTeacher(line)).toEqual([line]);
    for (const line of [
      ".innerJoin(classSettings, eq(classSettings.teacherId, users.teacherId))",
      "join users t on t.id = u.teacher_id",
      `not exists (select 1 from student_groups o where o.teacher_id = \${id})`,
    ])
      expect(studentsByTeacher(line)).toEqual([]);
  });
});
