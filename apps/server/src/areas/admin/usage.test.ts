import { last30DaysOf, schoolYearStart } from "@refrain/domain";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { classInNewDistrict } from "../../../test/classes.ts";
import { examAttempt } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { timeOnTaskWriter } from "../../../test/usage.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import { lessons, readAlongs } from "../../db/schema/index.ts";

const ctx = testAppForFile();

const url = (schoolId: number, query = "") =>
  `/district_admin/school_breakdown/${schoolId}${query}`;

const time = timeOnTaskWriter(ctx);

let play = 0;
async function readAlong(studentId: number, lessonId: number, day: string) {
  const uuid = `00000000-0000-4000-8000-${String(++play).padStart(12, "0")}`;
  await ctx.db
    .insert(readAlongs)
    .values({ studentId, lessonId, play: uuid, createdAt: new Date(`${day}T15:00:00Z`) });
}

async function attempt(
  studentId: number,
  lessonId: number,
  day: number,
  attempt: number,
  correct: number,
  at: string,
) {
  await examAttempt(ctx, {
    studentId,
    lessonId,
    day,
    attempt,
    correct,
    solved: 4,
    createdAt: new Date(`${at}T15:00:00Z`),
  });
}

/** Two catalog lessons of different subjects and story genres. */
async function twoLessons() {
  await ensureCatalog(ctx.db);
  const all = await ctx.db
    .select({ id: lessons.id, subject: lessons.subject, genre: lessons.storyGenre })
    .from(lessons)
    .orderBy(asc(lessons.id));
  const first = all[0];
  const second = all.find((l) => l.subject !== first?.subject && l.genre !== first?.genre);
  if (!first || !second) throw new Error("The catalog needs two lessons that differ");
  return [first, second] as const;
}

describe("GET /district_admin/school_breakdown/:schoolId", () => {
  it("answers the school's own admin and its district's admin, and refuses everyone else", async () => {
    const world = await roleClients(ctx);
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: (w) => url(w.school.id),
      expect: { anonymous: 401, school_admin: 200, district_admin: 200 },
      otherwise: 403,
    });
    expect(mismatches).toEqual([]);

    // Another school of the same district: its district admin's, not this school admin's.
    const sibling = await ctx.factories.school({ districtId: world.district.id });
    expect((await world.clients.district_admin.get(url(sibling.id))).status).toBe(200);
    const hidden = await world.clients.school_admin.get(url(sibling.id));
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain(sibling.name);

    // Another district's school, and a school of no district, read as missing.
    const elsewhere = await ctx.factories.district();
    const far = await ctx.factories.school({ districtId: elsewhere.id });
    const loose = await ctx.factories.school();
    for (const id of [far.id, loose.id, 2_000_000_000]) {
      expect((await world.clients.district_admin.get(url(id))).status).toBe(404);
      expect((await world.clients.school_admin.get(url(id))).status).toBe(404);
    }
  });

  it("refuses dates that are not days, and a reversed period", async () => {
    const world = await roleClients(ctx);
    const admin = world.clients.district_admin;
    const id = world.school.id;
    for (const query of [
      "?start_date=2025-02-30",
      "?end_date=03/01/2025",
      "?start_date=2025-03-01&end_date=2025-02-01",
      // A start alone after today: the period would end (today) before it begins.
      "?start_date=2499-01-01",
    ]) {
      const reply = await admin.get(url(id, query));
      expect(reply.status, query).toBe(422);
    }
  });

  it("sums the period and its last 30 days: minutes, active people, genres and concepts", async () => {
    const district = await ctx.factories.district();
    const school = await ctx.factories.school({ districtId: district.id, name: "Alder Creek" });
    const t1 = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const t2 = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const t3 = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const a = await ctx.factories.user({ role: "student", teacherId: t1.id });
    const b = await ctx.factories.user({ role: "student", teacherId: t1.id });
    const c = await ctx.factories.user({ role: "student", teacherId: t3.id });
    const other = await ctx.factories.school({ districtId: district.id });
    const otherTeacher = await ctx.factories.user({ role: "teacher", schoolId: other.id });
    const x = await ctx.factories.user({ role: "student", teacherId: otherTeacher.id });
    const [l1, l2] = await twoLessons();

    // The period 2025-01-01 to 2025-03-31; its last 30 days are 2025-03-02 to 2025-03-31.
    await time(a.id, school.id, "reading", "2025-03-10", 600);
    await time(a.id, school.id, "comprehension", "2025-03-10", 300);
    await time(a.id, school.id, "learning", "2025-01-15", 150);
    await time(a.id, school.id, "reading", "2024-12-31", 6000);
    await time(a.id, school.id, "reading", "2025-04-01", 6000);
    await time(b.id, school.id, "reading", "2025-02-01", 59);
    // A bucket opened without time credited makes nobody active.
    await time(c.id, school.id, "reading", "2025-03-31", 0);
    await time(t2.id, school.id, "teacher_investment", "2025-03-30", 1200);
    await time(x.id, other.id, "reading", "2025-03-10", 3000);

    await readAlong(a.id, l1.id, "2025-03-10");
    await readAlong(a.id, l1.id, "2025-01-05");
    await readAlong(a.id, l2.id, "2025-01-20");
    await readAlong(b.id, l2.id, "2025-02-01");
    await readAlong(b.id, l1.id, "2024-12-01");
    await readAlong(x.id, l1.id, "2025-03-10");

    await attempt(a.id, l1.id, 1, 1, 3, "2025-03-10");
    await attempt(a.id, l1.id, 1, 2, 4, "2025-03-11");
    await attempt(a.id, l2.id, 2, 1, 1, "2025-01-20");
    await attempt(b.id, l2.id, 3, 1, 2, "2025-02-01");
    await attempt(b.id, l1.id, 2, 1, 0, "2024-12-01");
    await attempt(x.id, l1.id, 1, 1, 0, "2025-03-10");

    const admin = await ctx.factories.user({ role: "district_admin", districtId: district.id });
    const client = ctx.client();
    await client.signIn(admin);
    const reply = await client.get(url(school.id, "?start_date=2025-01-01&end_date=2025-03-31"));
    expect(reply.status).toBe(200);
    const day = (
      name: string,
      correct: number,
      total: number,
      percentage: number,
      color: string,
    ) => ({ name, correct, total, percentage, color });
    expect(reply.body.data).toEqual({
      school: { id: school.id, name: "Alder Creek" },
      school_year: {
        breakdown: [
          {
            overall: {
              // 600 + 300 + 150 + 59 seconds, rounded down.
              student_learning_time: 18,
              teacher_investment_time: 20,
              active_students: 2,
              // t1 through a and b, t2 by their own time; t3's student had none.
              active_teachers: 2,
              minutes_spent_reading: 10,
              comprehension_practice_time: 5,
              genres: [
                { name: l2.genre, count: 2 },
                { name: l1.genre, count: 1 },
              ],
            },
          },
        ],
      },
      last_30_days: {
        breakdown: [
          {
            overall: {
              student_learning_time: 15,
              teacher_investment_time: 20,
              active_students: 1,
              active_teachers: 2,
              minutes_spent_reading: 10,
              comprehension_practice_time: 5,
              genres: [{ name: l1.genre, count: 1 }],
            },
          },
        ],
      },
      concepts: [
        {
          title: "Comprehension by exam day",
          concepts: [
            day("Day 1 exam", 7, 8, 88, "green"),
            day("Day 2 exam", 1, 4, 25, "red"),
            day("Day 3 exam", 2, 4, 50, "yellow"),
          ],
        },
        {
          title: "By subject",
          concepts: [day(l1.subject, 7, 8, 88, "green"), day(l2.subject, 3, 8, 38, "red")].sort(
            (p, q) => p.name.localeCompare(q.name),
          ),
        },
        {
          title: "By story genre",
          concepts: [day(l1.genre, 7, 8, 88, "green"), day(l2.genre, 3, 8, 38, "red")].sort(
            (p, q) => p.name.localeCompare(q.name),
          ),
        },
      ],
    });
  });

  it("defaults to the school year to date, and a school without records has no concepts", async () => {
    const { school, student } = await classInNewDistrict(ctx);
    const admin = await ctx.factories.user({ role: "school_admin", schoolId: school.id });
    const client = ctx.client();
    await client.signIn(admin);

    const empty = await client.get(url(school.id));
    expect(empty.status).toBe(200);
    expect(empty.body.data.concepts).toEqual([]);
    expect(empty.body.data.school_year.breakdown[0].overall).toMatchObject({
      student_learning_time: 0,
      active_students: 0,
      active_teachers: 0,
      genres: [],
    });

    const today = new Date().toISOString().slice(0, 10);
    const july1 = schoolYearStart(new Date());
    const dayBefore = new Date(Date.parse(`${july1}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await time(student.id, school.id, "learning", today, 240);
    await time(student.id, school.id, "reading", dayBefore, 6000);
    const reply = await client.get(url(school.id));
    const { school_year, last_30_days } = reply.body.data;
    expect(school_year.breakdown[0].overall.student_learning_time).toBe(4);
    expect(school_year.breakdown[0].overall.minutes_spent_reading).toBe(0);
    expect(school_year.breakdown[0].overall.active_teachers).toBe(1);
    // In July the last 30 days reach back into June, before the school year.
    const june = dayBefore >= last30DaysOf(today, new Date()).start_date ? 100 : 0;
    expect(last_30_days.breakdown[0].overall.student_learning_time).toBe(4 + june);
  });
});
