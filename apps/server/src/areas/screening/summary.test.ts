import type { ReachScreening } from "@refrain/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import {
  lessons,
  recordingGrades,
  recordings,
  screeningCounts,
  screeningCountsMade,
  screeningSchoolChanges,
  users,
} from "../../db/schema/index.ts";
import { sweepCounts } from "./district-counts.ts";

const { ctx, world } = appWithRolesForFile();

let passages: Map<number, number[]>;
let otherSchool: { id: number };
let otherTeacher: { id: number };

/** Three graded benchmark readings of a student's grade's passages, WCPM as given. */
async function screened(studentId: number, grade: number, day: string, wcpms: number[]) {
  for (const [i, wcpm] of wcpms.entries()) {
    const [row] = await ctx.db
      .insert(recordings)
      .values({
        studentId,
        lessonId: passages.get(grade)?.[i] as number,
        classification: "benchmark",
        status: "complete",
        createdAt: new Date(`${day}T15:00:00Z`),
      })
      .returning({ id: recordings.id });
    await ctx.db.insert(recordingGrades).values({
      recordingId: row?.id as number,
      expression: 3,
      selectedWordIds: [],
      wpm: wcpm,
      accuracy: 0,
    });
  }
}

beforeAll(async () => {
  await ensureCatalog(ctx.db);
  passages = new Map();
  const rows = await ctx.db
    .select({ id: lessons.id, grade: lessons.benchmarkGrade })
    .from(lessons)
    .orderBy(asc(lessons.id));
  for (const r of rows)
    if (r.grade !== null) passages.set(r.grade, [...(passages.get(r.grade) ?? []), r.id]);
  otherSchool = await ctx.factories.school({ districtId: world.district.id });
  otherTeacher = await ctx.factories.user({ role: "teacher", schoolId: otherSchool.id });
  const third = await ctx.factories.user({
    role: "student",
    teacherId: otherTeacher.id,
    planId: 9,
  });
  const alsoSecond = await ctx.factories.user({
    role: "student",
    teacherId: world.people.teacher.id,
  });
  // Grade 2 (fall 50th: 50): 60 is at benchmark in the fall; in winter (50th: 84) 70 is 14
  // under: well below.
  await screened(world.people.student.id, 2, "2026-09-20", [55, 60, 65]);
  await screened(world.people.student.id, 2, "2027-01-12", [68, 70, 72]);
  // Grade 3 in the other school (fall 50th: 83): 78 is below benchmark.
  await screened(third.id, 3, "2026-10-02", [78, 90, 70]);
  // Another second grader read two passages only.
  await screened(alsoSecond.id, 2, "2026-09-21", [40, 41]);
});

/** The other school's third graders at or above benchmark in the fall, as its counts keep them. */
async function thirdGradersAtBenchmark() {
  const [kept] = await ctx.db
    .select({ students: screeningCounts.students })
    .from(screeningCounts)
    .where(
      and(
        eq(screeningCounts.schoolId, otherSchool.id),
        eq(screeningCounts.schoolYear, 2026),
        eq(screeningCounts.teacherId, 0),
        eq(screeningCounts.season, "fall"),
        eq(screeningCounts.grade, 3),
        eq(screeningCounts.bucket, "at_or_above"),
      ),
    );
  return kept?.students ?? 0;
}

async function summary(client: keyof typeof world.clients, query: string) {
  const reply = await world.clients[client].get(`/screening/summary${query}`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: ReachScreening }).data;
}

describe("a school's and a district's screening", () => {
  it("is for admins", async () => {
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: "/screening/summary?year=2026",
      expect: { anonymous: 401, school_admin: 200, district_admin: 200 },
      otherwise: 403,
    });
    expect(mismatches).toEqual([]);
  });

  it("counts a district's tiers per school and grade, and a school's per class", async () => {
    const fall = await summary("district_admin", "?year=2026&season=fall");
    expect(fall).toMatchObject({ season: "fall", previousSeason: null, previous: null });
    expect(fall.counts).toEqual({
      at_or_above: 1,
      below: 1,
      well_below: 0,
      incomplete: 1,
      unrated: 0,
    });
    expect(fall.schools.map((s) => [s.id, s.counts.at_or_above, s.counts.below])).toEqual(
      expect.arrayContaining([
        [world.school.id, 1, 0],
        [otherSchool.id, 0, 1],
      ]),
    );
    expect(fall.grades.find((g) => g.grade === 2)?.counts).toMatchObject({
      at_or_above: 1,
      incomplete: 1,
    });
    expect(fall.grades.find((g) => g.grade === 3)?.counts).toMatchObject({ below: 1 });
    // A district's classes are listed one school at a time.
    expect(fall.classes).toEqual([]);
    const school = await summary(
      "district_admin",
      `?year=2026&season=fall&school=${otherSchool.id}`,
    );
    expect(school.schools.map((s) => s.id)).toEqual([otherSchool.id]);
    expect(school.students).toBe(1);
    expect(school.classes).toEqual([
      expect.objectContaining({
        teacherId: otherTeacher.id,
        counts: expect.objectContaining({ below: 1 }),
      }),
    ]);
  });

  it("opens only a school of the reach", async () => {
    const elsewhere = await ctx.factories.school({});
    for (const [client, id] of [
      ["district_admin", elsewhere.id],
      ["school_admin", otherSchool.id],
    ] as const) {
      const reply = await world.clients[client].get(`/screening/summary?year=2026&school=${id}`);
      expect(reply.status).toBe(404);
    }
    const junk = await world.clients.district_admin.get("/screening/summary?year=2026&school=x");
    expect(junk.status).toBe(422);
  });

  it("keeps its counts current whichever way their readings, grades and roster change", async () => {
    const view = () => summary("district_admin", `?year=2026&season=fall&school=${otherSchool.id}`);
    const student = await ctx.factories.user({
      role: "student",
      teacherId: otherTeacher.id,
      planId: 9,
    });
    expect((await view()).counts).toMatchObject({ below: 1, incomplete: 1 });
    // Graded readings (fluency's grading writes these rows): at benchmark.
    await screened(student.id, 3, "2026-09-22", [90, 95, 100]);
    expect((await view()).counts).toMatchObject({ at_or_above: 1, below: 1, incomplete: 0 });
    // The grades changed: 40 is well below (grade 3 in the fall: under 73).
    await ctx.db
      .update(recordingGrades)
      .set({ wpm: 40 })
      .where(
        inArray(
          recordingGrades.recordingId,
          ctx.db
            .select({ id: recordings.id })
            .from(recordings)
            .where(eq(recordings.studentId, student.id)),
        ),
      );
    expect((await view()).counts).toMatchObject({ at_or_above: 0, well_below: 1 });
    // A reading taken back: fewer than three.
    const [one] = await ctx.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(eq(recordings.studentId, student.id));
    await ctx.db.delete(recordings).where(eq(recordings.id, one?.id as number));
    expect((await view()).counts).toMatchObject({ well_below: 0, incomplete: 1 });
    // The roster: moved to the other school's class, then deactivated.
    await ctx.db
      .update(users)
      .set({ teacherId: world.people.teacher.id })
      .where(eq(users.id, student.id));
    expect((await view()).counts).toMatchObject({ below: 1, incomplete: 0 });
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, student.id));
    const district = await summary("district_admin", "?year=2026&season=fall");
    expect(district.schools.find((s) => s.id === world.school.id)?.counts).toMatchObject({
      at_or_above: 1,
      incomplete: 1,
    });
  });

  it("compares a window with the one before", async () => {
    const winter = await summary("district_admin", "?year=2026&season=winter");
    expect(winter.previousSeason).toBe("fall");
    expect(winter.counts).toMatchObject({ well_below: 1, incomplete: 2 });
    expect(winter.previous).toMatchObject({ at_or_above: 1, below: 1, incomplete: 1 });
    expect(winter.grades.find((g) => g.grade === 2)).toMatchObject({
      counts: { well_below: 1, incomplete: 1 },
      previous: { at_or_above: 1, incomplete: 1 },
    });
  });

  it("refuses a year or season that is not one", async () => {
    const reply = await world.clients.district_admin.get(
      "/screening/summary?year=abc&season=summer",
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      year: ["Choose a school year."],
      season: ["Choose fall, winter or spring."],
    });
  });

  it("keeps a school admin to their school", async () => {
    const fall = await summary("school_admin", "?year=2026&season=fall");
    expect(fall.schools.map((s) => s.id)).toEqual([world.school.id]);
    expect(fall.classes.map((c) => c.teacherId)).toEqual([world.people.teacher.id]);
    expect(fall.students).toBeGreaterThanOrEqual(2);
    expect(fall.counts).toMatchObject({ at_or_above: 1, below: 0, incomplete: 1 });
  });

  it("reads each school in its own windows", async () => {
    // The other school is in the district, so the district's windows bind it; a school of
    // another district with windows of its own is not in this district admin's reach at all.
    const answer = (await world.clients.district_admin.get("/screening/windows?year=2026")).body
      .data;
    const moved = {
      year: 2026,
      windows: answer.windows.map((w: { season: string }) =>
        w.season === "fall" ? { ...w, start: "2026-09-25", end: "2026-10-31" } : w,
      ),
    };
    expect((await world.clients.district_admin.post("/screening/windows", moved)).status).toBe(200);
    const fall = await summary("district_admin", "?year=2026&season=fall");
    // The readings of 20 and 21 September now fall before the window.
    expect(fall.counts).toMatchObject({ at_or_above: 0, below: 1, incomplete: 2 });
  });

  it("has the schedule's sweep make a changed school's counts again before anyone looks", async () => {
    await summary("district_admin", "?year=2026&season=fall");
    const madeAt = async () => {
      const [row] = await ctx.db
        .select({ made: screeningCountsMade.version, now: screeningSchoolChanges.version })
        .from(screeningCountsMade)
        .innerJoin(
          screeningSchoolChanges,
          eq(screeningSchoolChanges.schoolId, screeningCountsMade.schoolId),
        )
        .where(
          and(
            eq(screeningCountsMade.schoolId, otherSchool.id),
            eq(screeningCountsMade.schoolYear, 2026),
          ),
        );
      return row;
    };
    const before = await madeAt();
    expect(before?.made).toBe(before?.now);
    const student = await ctx.factories.user({
      role: "student",
      teacherId: otherTeacher.id,
      planId: 9,
    });
    // Inside the fall window the test before moved to 25 September – 31 October.
    await screened(student.id, 3, "2026-10-03", [100, 100, 100]);
    const changed = await madeAt();
    expect(changed?.now).toBeGreaterThan(changed?.made ?? 0);
    await sweepCounts(ctx.db, new Date("2026-10-05T12:00:00Z"));
    const swept = await madeAt();
    expect(swept?.made).toBe(swept?.now);
    expect(await thirdGradersAtBenchmark()).toBe(1);
  });

  it("makes a changed school's counts once though the sweep and several views find it stale together", async () => {
    const student = await ctx.factories.user({
      role: "student",
      teacherId: otherTeacher.id,
      planId: 9,
    });
    await summary("district_admin", "?year=2026&season=fall");
    const before = await thirdGradersAtBenchmark();
    await screened(student.id, 3, "2026-10-04", [100, 100, 100]);
    // On PostgreSQL each runs on its own connection: without one maker at a time, a second
    // inserted the school's counts beside the first's and the key refused it.
    const views = await Promise.all([
      sweepCounts(ctx.db, new Date("2026-10-05T12:00:00Z")),
      ...Array.from({ length: 4 }, () =>
        world.clients.district_admin.get("/screening/summary?year=2026&season=fall"),
      ),
    ]);
    for (const reply of views.slice(1)) expect((reply as { status: number }).status).toBe(200);
    expect(await thirdGradersAtBenchmark()).toBe(before + 1);
  });
});
