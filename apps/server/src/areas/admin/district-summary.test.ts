import {
  DISTRICT_SUMMARY_PAGE_SIZE,
  type DistrictSummary,
  schoolYearStart,
  sumUsage,
} from "@refrain/domain";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { classInNewDistrict } from "../../../test/classes.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { timeOnTaskWriter } from "../../../test/usage.ts";
import { DISTRICT_TOTALS_STAND_MS, districtSummary } from "./district-summary.ts";

const ctx = testAppForFile();
const time = timeOnTaskWriter(ctx);
const url = (schoolId: number) => `/district_admin/school_breakdown/${schoolId}`;
type School = DistrictSummary["schools"][number];

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
    expect(data.school_count).toBe(3);
    expect(data.totals).toEqual({
      school_year: sumUsage(data.schools.map((s: School) => s.school_year)),
      last_30_days: sumUsage(data.schools.map((s: School) => s.last_30_days)),
    });
    expect(data.totals.school_year).toMatchObject({
      student_learning_time: 12,
      teacher_investment_time: 5,
      active_students: 2,
      active_teachers: 2,
    });
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

  it("lists the schools a page at a time, with the whole district's totals on every page", async () => {
    const district = await ctx.factories.district("Long Valley");
    const named = async (n: number) =>
      ctx.factories.school({
        districtId: district.id,
        name: `Valley ${String(n).padStart(2, "0")}`,
      });
    const all = [];
    for (let n = 1; n <= DISTRICT_SUMMARY_PAGE_SIZE + 2; n++) all.push(await named(n));
    const last = all.at(-1) as { id: number };
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: last.id });
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const today = new Date().toISOString().slice(0, 10);
    await time(student.id, last.id, "reading", today, 1200);

    const admin = await ctx.factories.user({ role: "district_admin", districtId: district.id });
    const client = ctx.client();
    await client.signIn(admin);
    const page = async (query: string) => {
      const reply = await client.get(`${summary(district.id)}${query}`);
      expect(reply.status).toBe(200);
      return reply.body.data;
    };
    const first = await page("");
    expect(first.school_count).toBe(DISTRICT_SUMMARY_PAGE_SIZE + 2);
    expect(first.schools.map((s: School) => s.name)).toEqual(
      all
        .slice(0, DISTRICT_SUMMARY_PAGE_SIZE)
        .map((_, i) => `Valley ${String(i + 1).padStart(2, "0")}`),
    );
    const second = await page("?page=2");
    expect(second.schools.map((s: School) => s.id)).toEqual(all.slice(-2).map((s) => s.id));
    expect(second.schools[1]).toMatchObject({ school_year: { minutes_spent_reading: 20 } });
    // The totals are the district's, the school on the second page's minutes among them.
    expect(first.totals.school_year).toMatchObject({
      minutes_spent_reading: 20,
      active_students: 1,
    });
    expect(second.totals).toEqual(first.totals);
    expect(await page("?page=3")).toMatchObject({ school_count: first.school_count, schools: [] });
    for (const junk of ["page=0", "page=x", "page=1.5"])
      expect((await client.get(`${summary(district.id)}?${junk}`)).status).toBe(422);
  });

  it("adds the district's totals up again once they are a minute old", async () => {
    const { district, school, student } = await classInNewDistrict(ctx);
    const admin = { role: "district_admin", schoolId: null, districtId: district.id } as const;
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const reading = async (now: Date) =>
      (await districtSummary(ctx.db, admin, district.id, 1, now)).totals.school_year
        .minutes_spent_reading;
    const today = new Date().toISOString().slice(0, 10);
    await time(student.id, school.id, "reading", today, 600);
    expect(await reading(at(0))).toBe(10);
    await time(student.id, school.id, "comprehension", today, 60);
    await ctx.db.execute(
      sql`update time_on_task set seconds = 1200 where user_id = ${student.id} and kind = 'reading'`,
    );
    // Within the minute the kept totals stand; the school's own figures are already current.
    const soon = await districtSummary(ctx.db, admin, district.id, 1, at(30));
    expect(soon.totals.school_year.minutes_spent_reading).toBe(10);
    expect(soon.schools[0]?.school_year.minutes_spent_reading).toBe(20);
    expect(await reading(at(DISTRICT_TOTALS_STAND_MS / 1000 + 31))).toBe(20);
  });
});
