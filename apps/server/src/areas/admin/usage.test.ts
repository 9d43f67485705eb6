import { readFileSync } from "node:fs";
import { last30DaysOf, schoolYearStart, type TimeKind } from "@refrain/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { classInNewDistrict } from "../../../test/classes.ts";
import { examAttempt } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import { lessons, readAlongs, schools, timeOnTask, users } from "../../db/schema/index.ts";
import { heartbeat } from "../learning/index.ts";
import { listDistrictSchools } from "./service.ts";
import { keptSchoolsOfDistrict, workedOutTimesOf } from "./usage.ts";

const ctx = testAppForFile();

const url = (schoolId: number, query = "") =>
  `/district_admin/school_breakdown/${schoolId}${query}`;

async function time(
  userId: number,
  schoolId: number,
  kind: TimeKind,
  day: string,
  seconds: number,
) {
  await ctx.db
    .insert(timeOnTask)
    .values({ userId, kind, day, schoolId, seconds, lastBeatAt: new Date(`${day}T12:00:00Z`) });
}

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

describe("GET /district_admin/summary/:districtId", () => {
  const summary = (districtId: number) => `/district_admin/summary/${districtId}`;

  it("answers the district's own admin only; another district reads as missing", async () => {
    const world = await roleClients(ctx);
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: (w) => summary(w.district.id),
      expect: { anonymous: 401, district_admin: 200 },
      otherwise: 403,
    });
    expect(mismatches).toEqual([]);
    const elsewhere = await ctx.factories.district("Faraway");
    await ctx.factories.school({ districtId: elsewhere.id, name: "Faraway Elementary" });
    for (const id of [elsewhere.id, 2_000_000_000]) {
      const hidden = await world.clients.district_admin.get(summary(id));
      expect(hidden.status).toBe(404);
      expect(JSON.stringify(hidden.body)).not.toContain("Faraway");
    }
  });

  it("gives every school its people and figures, the same as each school's breakdown", async () => {
    const district = await ctx.factories.district("Summit");
    const busy = await ctx.factories.school({ districtId: district.id, name: "A Busy" });
    const quiet = await ctx.factories.school({ districtId: district.id, name: "B Quiet" });
    const empty = await ctx.factories.school({ districtId: district.id, name: "C Empty" });
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: busy.id });
    const a = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const b = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const quietTeacher = await ctx.factories.user({ role: "teacher", schoolId: quiet.id });
    await ctx.factories.user({ role: "student", teacherId: quietTeacher.id });
    const elsewhere = await ctx.factories.school();
    const today = new Date().toISOString().slice(0, 10);
    await time(a.id, busy.id, "reading", today, 600);
    await time(b.id, busy.id, "learning", schoolYearStart(new Date()), 120);
    await time(quietTeacher.id, quiet.id, "teacher_investment", today, 300);
    // Time kept under a school of another district is not this district's.
    await time(a.id, elsewhere.id, "comprehension", today, 6000);

    const admin = await ctx.factories.user({ role: "district_admin", districtId: district.id });
    const client = ctx.client();
    await client.signIn(admin);
    const reply = await client.get(summary(district.id));
    expect(reply.status).toBe(200);
    const { data } = reply.body;
    expect(data.district).toBe("Summit");
    expect(data.period).toEqual({ start_date: schoolYearStart(new Date()), end_date: today });
    expect(data.schools.map((s: { name: string }) => s.name)).toEqual([
      "A Busy",
      "B Quiet",
      "C Empty",
    ]);
    expect(data.schools[0]).toMatchObject({
      id: busy.id,
      teachers: 1,
      students: 2,
      school_year: { student_learning_time: 12, active_students: 2, active_teachers: 1 },
    });
    expect(data.schools[2]).toMatchObject({ id: empty.id, teachers: 0, students: 0 });
    for (const school of data.schools) {
      const alone = await client.get(url(school.id));
      const { genres: _year, ...year } = alone.body.data.school_year.breakdown[0].overall;
      const { genres: _last, ...last } = alone.body.data.last_30_days.breakdown[0].overall;
      expect({ year: school.school_year, last: school.last_30_days }, school.name).toEqual({
        year,
        last,
      });
    }
  });
});

describe("the district summary's kept figures (migration 0036)", () => {
  /** A UTC day `back` days before today. */
  const daysAgo = (back: number) =>
    new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  const none = {
    student: 0,
    teacher: 0,
    reading: 0,
    comprehension: 0,
    students: 0,
    teachers: 0,
  };

  /**
   * Every school of each district: its kept figures are those worked out from time_on_task, and
   * its kept people those `listDistrictSchools` counts.
   */
  async function expectKept(step: string, ...districtIds: number[]) {
    for (const districtId of districtIds) {
      const kept = await keptSchoolsOfDistrict(ctx.db, districtId);
      const worked = await workedOutTimesOf(ctx.db, districtId);
      const listed = await listDistrictSchools(ctx.db, districtId, districtId);
      expect(
        kept.map(({ id, name, teachers, students }) => ({ id, name, teachers, students })),
        step,
      ).toEqual(listed.schools);
      for (const { id, year, last } of kept)
        expect({ year, last }, `${step}: school ${id}`).toEqual(
          worked.get(id) ?? { year: none, last: none },
        );
    }
  }

  it("follow inserts, updates and deletes of time_on_task, and people moving", async () => {
    const district = await ctx.factories.district();
    const north = await ctx.factories.school({ districtId: district.id });
    const south = await ctx.factories.school({ districtId: district.id });
    const away = await ctx.factories.district();
    const far = await ctx.factories.school({ districtId: away.id });
    const t1 = await ctx.factories.user({ role: "teacher", schoolId: north.id });
    const t2 = await ctx.factories.user({ role: "teacher", schoolId: north.id });
    const t3 = await ctx.factories.user({ role: "teacher", schoolId: south.id });
    const a = await ctx.factories.user({ role: "student", teacherId: t1.id });
    const b = await ctx.factories.user({ role: "student", teacherId: t1.id });
    const c = await ctx.factories.user({ role: "student", teacherId: t2.id });
    const d = await ctx.factories.user({ role: "student", teacherId: t3.id });
    const row = (
      user: { id: number },
      school: { id: number },
      kind: TimeKind,
      back: number,
      seconds: number,
    ) => ({
      userId: user.id,
      kind,
      day: daysAgo(back),
      schoolId: school.id,
      seconds,
      lastBeatAt: new Date(),
    });
    const both = [district.id, away.id];

    // Many rows in one statement, over the last 30 days, earlier this year, and last year.
    await ctx.db
      .insert(timeOnTask)
      .values([
        row(a, north, "reading", 0, 600),
        row(a, north, "comprehension", 3, 300),
        row(a, north, "learning", 45, 150),
        row(a, north, "reading", 400, 900),
        row(b, north, "reading", 40, 59),
        row(b, north, "learning", 2, 0),
        row(c, north, "reading", 10, 120),
        row(c, south, "reading", 12, 240),
        row(d, south, "comprehension", 1, 30),
        row(t2, north, "teacher_investment", 35, 1200),
        row(t3, south, "teacher_investment", 5, 60),
        row(d, far, "reading", 1, 3000),
      ]);
    await expectKept("inserted", ...both);
    const worked = await workedOutTimesOf(ctx.db, district.id);
    expect(worked.get(north.id)?.year.students).toBe(3);
    expect(worked.get(north.id)?.last.teachers).toBe(2);

    // The app's own writer: a new bucket, then time in it.
    await heartbeat(ctx.db, b.id, "learning", 30);
    await heartbeat(ctx.db, t2.id, "teacher_investment", 30);
    await expectKept("heartbeats", ...both);

    const at = (user: { id: number }, kind: TimeKind, back: number) =>
      and(
        eq(timeOnTask.userId, user.id),
        eq(timeOnTask.kind, kind),
        eq(timeOnTask.day, daysAgo(back)),
      );
    // More time, time taken back to none, a bucket moved to another school and to another day.
    await ctx.db
      .update(timeOnTask)
      .set({ seconds: sql`${timeOnTask.seconds} + 45` })
      .where(at(c, "reading", 10));
    await ctx.db
      .update(timeOnTask)
      .set({ seconds: 0 })
      .where(at(a, "reading", 0));
    await expectKept("emptied", ...both);
    await ctx.db
      .update(timeOnTask)
      .set({ schoolId: south.id })
      .where(at(a, "comprehension", 3));
    await ctx.db
      .update(timeOnTask)
      .set({ day: daysAgo(50) })
      .where(at(c, "reading", 12));
    await ctx.db
      .update(timeOnTask)
      .set({ schoolId: null })
      .where(at(d, "comprehension", 1));
    await expectKept("moved", ...both);

    // Rows deleted: a student's last, a teacher's only.
    await ctx.db.delete(timeOnTask).where(at(b, "learning", 2));
    await ctx.db.delete(timeOnTask).where(at(t3, "teacher_investment", 5));
    await expectKept("deleted", ...both);

    // A student changes class to another school's teacher, another leaves the roster.
    await ctx.db.update(users).set({ teacherId: t3.id }).where(eq(users.id, a.id));
    await expectKept("changed class", ...both);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, c.id));
    await expectKept("deactivated", ...both);
    await ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, c.id));
    // A teacher moves to another district's school: their students no longer count here.
    await ctx.db.update(users).set({ schoolId: far.id }).where(eq(users.id, t1.id));
    await expectKept("teacher moved", ...both);
    // A school moves district, and back.
    await ctx.db.update(schools).set({ districtId: away.id }).where(eq(schools.id, south.id));
    await expectKept("school moved", ...both);
    await ctx.db.update(schools).set({ districtId: district.id }).where(eq(schools.id, south.id));
    await ctx.db.update(users).set({ schoolId: north.id }).where(eq(users.id, t1.id));
    await expectKept("moved back", ...both);

    // People and schools deleted: a student, a teacher with their class, a school.
    await ctx.db.delete(users).where(eq(users.id, b.id));
    await expectKept("student deleted", ...both);
    await ctx.db.delete(users).where(eq(users.id, t2.id));
    await expectKept("teacher deleted", ...both);
    await ctx.db.delete(schools).where(eq(schools.id, far.id));
    await expectKept("school deleted", ...both);
  });

  it("are what the migration's backfill makes from time_on_task", async () => {
    const { district, school, teacher, student } = await classInNewDistrict(ctx);
    const other = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    await time(student.id, school.id, "reading", daysAgo(1), 300);
    await time(student.id, school.id, "learning", daysAgo(60), 120);
    await time(other.id, school.id, "comprehension", daysAgo(70), 90);
    await time(teacher.id, school.id, "teacher_investment", daysAgo(20), 600);
    const kept = await keptSchoolsOfDistrict(ctx.db, district.id);

    // Made again from nothing by the migration's own statements, without their triggers.
    await ctx.db.execute(
      sql`truncate usage_people, usage_leads, usage_school_days, usage_school_years,
        usage_school_people`,
    );
    const migration = readFileSync(
      new URL("../../db/migrations/0036_usage_figures.sql", import.meta.url),
      "utf8",
    );
    const statements = migration.split("--> statement-breakpoint");
    const first = statements.findIndex((s) => s.includes("-- What time_on_task holds today."));
    const backfill = statements.slice(first).filter((s) => !s.includes("CREATE TRIGGER"));
    expect(backfill.length).toBeGreaterThan(2);
    await ctx.db.execute(sql`alter table usage_people disable trigger user`);
    await ctx.db.execute(sql`alter table usage_leads disable trigger user`);
    try {
      for (const statement of backfill) await ctx.db.execute(sql.raw(statement));
    } finally {
      await ctx.db.execute(sql`alter table usage_people enable trigger user`);
      await ctx.db.execute(sql`alter table usage_leads enable trigger user`);
    }
    expect(await keptSchoolsOfDistrict(ctx.db, district.id)).toEqual(kept);
    await expectKept("backfilled", district.id);
  });
});
