import {
  type ClassScreening,
  type ReachScreening,
  SCREENING_SCHOOLS_PAGE_SIZE,
  type TierCounts,
} from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { screenedOn } from "../../../test/screening.ts";
import { rowsOf } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();

let otherSchool: { id: number };
let otherTeacher: { id: number };

const screened = (studentId: number, grade: number, day: string, wpm: number[]) =>
  screenedOn(ctx, studentId, grade, day, wpm);

beforeAll(async () => {
  otherSchool = await ctx.factories.school({ districtId: world.district.id });
  otherTeacher = await ctx.factories.user({ role: "teacher", schoolId: otherSchool.id });
  const third = await ctx.factories.user({
    role: "student",
    teacherId: otherTeacher.id,
    planId: 9,
  });
  // Grade 2 at benchmark in the fall (50th: 50), grade 3 below it (50th: 83).
  await screened(world.people.student.id, 2, "2026-09-20", [55, 60, 65]);
  await screened(third.id, 3, "2026-10-02", [78, 90, 70]);
});

async function summary(client: keyof typeof world.clients, query: string) {
  const reply = await world.clients[client].get(`/screening/summary${query}`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: ReachScreening }).data;
}

/** Every school of the district, page by page. */
async function everySchool(query: string) {
  const first = await summary("district_admin", query);
  const pages = Math.ceil(first.schoolCount / SCREENING_SCHOOLS_PAGE_SIZE);
  const rest = [];
  for (let page = 2; page <= pages; page++)
    rest.push(...(await summary("district_admin", `${query}&page=${page}`)).schools);
  return [...first.schools, ...rest];
}

const added = (a: TierCounts, b: TierCounts): TierCounts => ({
  at_or_above: a.at_or_above + b.at_or_above,
  below: a.below + b.below,
  well_below: a.well_below + b.well_below,
  incomplete: a.incomplete + b.incomplete,
  unrated: a.unrated + b.unrated,
});
const none: TierCounts = { at_or_above: 0, below: 0, well_below: 0, incomplete: 0, unrated: 0 };

describe("a district's schools, a page at a time, beside the district's kept sums", () => {
  it("equals, in its totals, every class's own page, which reads the readings", async () => {
    const query = "?year=2026&season=fall";
    const district = await summary("district_admin", query);
    let classes = none;
    let schoolsAdded = none;
    for (const school of await everySchool(query)) {
      schoolsAdded = added(schoolsAdded, school.counts);
      const opened = await summary("district_admin", `${query}&school=${school.id}`);
      for (const c of opened.classes) {
        const reply = await world.clients.district_admin.get(
          `/screening/classes/${c.teacherId}${query}`,
        );
        expect(reply.status).toBe(200);
        classes = added(classes, (reply.body as { data: ClassScreening }).data.counts);
      }
    }
    expect(district.counts).toEqual(classes);
    expect(district.counts).toEqual(schoolsAdded);
    expect(district.counts.at_or_above + district.counts.below).toBeGreaterThan(0);
  });

  it("lists a page of schools by name, says how many there are, and finds them by name", async () => {
    const before = await summary("district_admin", "?year=2026&season=fall");
    for (let n = 1; n <= SCREENING_SCHOOLS_PAGE_SIZE + 2; n++)
      await ctx.factories.school({
        districtId: world.district.id,
        name: `Aspen Hollow ${String(n).padStart(2, "0")}`,
      });
    await ctx.factories.school({ districtId: world.district.id, name: "Birch 100% Reading" });
    const first = await summary("district_admin", "?year=2026&season=fall");
    expect(first.schoolCount).toBe(before.schoolCount + SCREENING_SCHOOLS_PAGE_SIZE + 3);
    expect(first.schools).toHaveLength(SCREENING_SCHOOLS_PAGE_SIZE);
    const names = first.schools.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // Schools without students add nothing to the district's totals.
    expect(first.counts).toEqual(before.counts);
    const all = await everySchool("?year=2026&season=fall");
    expect(all).toHaveLength(first.schoolCount);
    expect(new Set(all.map((s) => s.id)).size).toBe(first.schoolCount);

    const found = await summary("district_admin", "?year=2026&season=fall&search=aspen");
    expect(found.schoolCount).toBe(SCREENING_SCHOOLS_PAGE_SIZE + 2);
    const second = await summary("district_admin", "?year=2026&season=fall&search=aspen&page=2");
    expect(second.schools.map((s) => s.name)).toEqual(["Aspen Hollow 26", "Aspen Hollow 27"]);
    // The district's totals are the whole district's, whatever the list shows.
    expect(second.counts).toEqual(first.counts);
    // A search's characters are the name's, not a pattern.
    const percent = await summary("district_admin", "?year=2026&season=fall&search=100%25");
    expect(percent.schools.map((s) => s.name)).toEqual(["Birch 100% Reading"]);
    const nothing = await summary("district_admin", "?year=2026&season=fall&search=zzz");
    expect(nothing).toMatchObject({ schoolCount: 0, schools: [] });
    const past = await summary("district_admin", "?year=2026&season=fall&page=99");
    expect(past).toMatchObject({ schoolCount: first.schoolCount, schools: [] });
    for (const junk of ["page=0", "page=x", `search=${"a".repeat(101)}`]) {
      const reply = await world.clients.district_admin.get(`/screening/summary?year=2026&${junk}`);
      expect(reply.status).toBe(422);
    }
  });

  it("keeps the district's sums current when a school is made again alone, moves or goes", async () => {
    const query = "?year=2026&season=fall";
    const district = async () => (await summary("district_admin", query)).counts;
    const start = await district();
    // A reading of a school whose page is opened first: the school's counts are made again
    // there, and the district's sums must still follow.
    const student = await ctx.factories.user({
      role: "student",
      teacherId: otherTeacher.id,
      planId: 9,
    });
    await screened(student.id, 3, "2026-10-04", [120, 120, 120]);
    await summary("district_admin", `${query}&school=${otherSchool.id}`);
    expect(await district()).toEqual({ ...start, at_or_above: start.at_or_above + 1 });
    // The school moves to another district, then comes back, then is deleted.
    const elsewhere = await ctx.factories.district("Elsewhere District");
    const opened = await summary("district_admin", `${query}&school=${otherSchool.id}`);
    await ctx.db
      .update(schools)
      .set({ districtId: elsewhere.id })
      .where(eq(schools.id, otherSchool.id));
    const without = await district();
    expect(without).not.toEqual({ ...start, at_or_above: start.at_or_above + 1 });
    expect(added(without, opened.counts)).toEqual({ ...start, at_or_above: start.at_or_above + 1 });
    await ctx.db
      .update(schools)
      .set({ districtId: world.district.id })
      .where(eq(schools.id, otherSchool.id));
    expect(await district()).toEqual({ ...start, at_or_above: start.at_or_above + 1 });
    const gone = await ctx.factories.school({ districtId: world.district.id, name: "Closing" });
    const closingTeacher = await ctx.factories.user({ role: "teacher", schoolId: gone.id });
    const leaving = await ctx.factories.user({
      role: "student",
      teacherId: closingTeacher.id,
      planId: 9,
    });
    await screened(leaving.id, 3, "2026-10-04", [20, 20, 20]);
    expect(await district()).toEqual({
      ...start,
      at_or_above: start.at_or_above + 1,
      well_below: start.well_below + 1,
    });
    // Its teacher and students stay, without a school: only the school's own row says it went.
    await ctx.db.delete(schools).where(eq(schools.id, gone.id));
    expect(await district()).toEqual({ ...start, at_or_above: start.at_or_above + 1 });
  });

  it("marks the district's sums once after they are made, so its gradings do not write one row each", async () => {
    const query = "?year=2026&season=fall";
    const state = async () => {
      const result = await ctx.db.execute(sql`select changed, making, made, xmin::text as version
        from screening_district_counts_state
        where district_id = ${world.district.id} and school_year = 2026`);
      return rowsOf<{ changed: boolean; making: number; made: number; version: string }>(result)[0];
    };
    const before = (await summary("district_admin", query)).counts;
    const made = await state();
    expect(made).toMatchObject({ changed: false, made: made?.making });
    const student = await ctx.factories.user({
      role: "student",
      teacherId: otherTeacher.id,
      planId: 9,
    });
    await screened(student.id, 3, "2026-10-04", [20, 20, 20]);
    const marked = await state();
    expect(marked).toMatchObject({ changed: true, making: made?.making });
    // More gradings of the district's schools leave the row as it is: no new row version.
    await screened(student.id, 3, "2026-10-05", [21, 21, 21]);
    await screened(world.people.student.id, 2, "2026-09-22", [30, 30, 30]);
    expect((await state())?.version).toBe(marked?.version);
    // The next view makes the sums again, with every one of those readings.
    const after = (await summary("district_admin", query)).counts;
    expect(after.well_below + after.below).toBeGreaterThan(before.well_below + before.below);
    expect(await state()).toMatchObject({ changed: false, making: (made?.making ?? 0) + 1 });
    expect((await state())?.made).toBe((made?.making ?? 0) + 1);
  });
});
