import {
  currentSchoolYear,
  dayOf,
  defaultWindows,
  SEASONS,
  schoolYearOf,
  seasonBounds,
  type WindowWithPassages,
} from "@refrain/domain";
import { asc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { allowRecording } from "../../../test/fluency.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import { assignments, benchmarkCalendars, lessons, recordings } from "../../db/schema/index.ts";
import { benchmarkToReadOf, windowBeganFor } from "./session.ts";

const ctx = testAppForFile();

/** A school year's windows with one grade's passages: fall in Sep–Oct, winter in Jan, spring in May. */
function calendar(year: number, third: number[]): WindowWithPassages[] {
  const days = {
    fall: [`${year}-09-01`, `${year}-10-31`],
    winter: [`${year + 1}-01-05`, `${year + 1}-01-30`],
    spring: [`${year + 1}-05-03`, `${year + 1}-05-28`],
  } as const;
  return SEASONS.map((season) => ({
    season,
    start: days[season][0],
    end: days[season][1],
    passages: { "1": [], "2": [], "3": third, "4": [], "5": [] },
  }));
}

let passages: number[];
let teacher: Awaited<ReturnType<typeof ctx.factories.user>>;
let student: Awaited<ReturnType<typeof ctx.factories.user>>;

/** A benchmark reading of `lessonId` made on `day`. */
const readOn = (lessonId: number, day: string) =>
  ctx.db.insert(recordings).values({
    studentId: student.id,
    lessonId,
    classification: "benchmark",
    status: "complete",
    createdAt: new Date(`${day}T15:00:00Z`),
  });

beforeAll(async () => {
  await ensureCatalog(ctx.db);
  passages = (
    await ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(isNotNull(lessons.benchmarkGrade))
      .orderBy(asc(lessons.id))
  )
    .map((l) => l.id)
    .slice(0, 3);
  // A teacher of no school sets their class's windows: the same three passages all year.
  teacher = await ctx.factories.user({ role: "teacher" });
  student = await ctx.factories.user({ role: "student", teacherId: teacher.id, planId: 9 });
  await ctx.db
    .insert(benchmarkCalendars)
    .values({ teacherId: teacher.id, schoolYear: 2026, windows: calendar(2026, passages) });
});

describe("a benchmark reading counts in the window it is made in", () => {
  it("dates the current window from the one open, else the latest begun", async () => {
    const began = (day: string) => windowBeganFor(ctx.db, teacher.id, new Date(`${day}T12:00:00Z`));
    expect(await began("2026-09-15")).toEqual(new Date("2026-09-01T00:00:00Z"));
    // Between windows the fall's readings still stand.
    expect(await began("2026-11-29")).toEqual(new Date("2026-09-01T00:00:00Z"));
    expect(await began("2027-01-05")).toEqual(new Date("2027-01-05T00:00:00Z"));
    expect(await began("2027-03-01")).toEqual(new Date("2027-01-05T00:00:00Z"));
  });

  it("asks for the open window's passages not read in it, and none between windows", async () => {
    const toRead = (day: string, ids = passages) =>
      benchmarkToReadOf(
        ctx.db,
        { id: student.id, teacherId: teacher.id, planId: 9 },
        ids,
        new Date(`${day}T12:00:00Z`),
      );
    const [one, two, three] = passages as [number, number, number];
    expect(await toRead("2026-09-02")).toEqual([one, two, three]);
    await readOn(one, "2026-09-02");
    expect(await toRead("2026-09-03")).toEqual([two, three]);
    // Only what the teacher assigned, and only the window's passages of the student's grade.
    expect(await toRead("2026-09-03", [three])).toEqual([three]);
    expect(await toRead("2026-09-03", [999_999])).toEqual([]);
    await readOn(two, "2026-09-03");
    await readOn(three, "2026-09-03");
    expect(await toRead("2026-09-04")).toEqual([]);
    // After the window, a reading would count in none: nothing is asked.
    await ctx.db.delete(recordings);
    expect(await toRead("2026-11-29")).toEqual([]);
    // The winter window asks for the same passages again, though read in the fall.
    for (const id of passages) await readOn(id, "2026-09-10");
    expect(await toRead("2027-01-06")).toEqual([one, two, three]);
    await readOn(one, "2027-01-06");
    expect(await toRead("2027-01-07")).toEqual([two, three]);
    await ctx.db.delete(recordings);
  });

  it("lets the student record a passage again in a later window, and leads their home to it", async () => {
    // Windows of today's school year in which today's season lasts the whole season.
    const today = dayOf(new Date());
    const year = currentSchoolYear();
    const windows = defaultWindows(schoolYearOf(today)).map((w) => {
      const { first, last } = seasonBounds(schoolYearOf(today), w.season);
      const open = first <= today && today <= last;
      return {
        ...w,
        ...(open && { start: first, end: last }),
        passages: { "1": [], "2": [], "3": passages, "4": [], "5": [] },
      };
    });
    const open = windows.find((w) => w.start <= today && today <= w.end);
    if (!open) throw new Error("No window holds today");
    await ctx.db.delete(benchmarkCalendars).where(eq(benchmarkCalendars.teacherId, teacher.id));
    await ctx.db
      .insert(benchmarkCalendars)
      .values({ teacherId: teacher.id, schoolYear: year, windows });
    await allowRecording(ctx, teacher.id);
    await ctx.db.insert(assignments).values(
      passages.map((lessonId) => ({
        studentId: student.id,
        lessonId,
        assignedBy: "teacher" as const,
        status: "completed" as const,
      })),
    );
    const client = ctx.client();
    await client.signIn({ ...student, teacherUsername: teacher.username });
    const [first] = passages as [number];
    // Read before the window opened: a reading of another window.
    const before = new Date(`${open.start}T00:00:00Z`).getTime() - 86_400_000;
    await ctx.db.insert(recordings).values({
      studentId: student.id,
      lessonId: first,
      classification: "benchmark",
      status: "complete",
      createdAt: new Date(before),
    });
    const option = async () =>
      (await client.get(`/student/recordings/${first}`)).body.data.options.benchmark;
    const home = async () =>
      (
        (await client.get("/learning/home")).body.data.benchmarkToRead as { lessonid: number }[]
      ).map((l) => l.lessonid);
    expect(await option()).toBe("available");
    // Completed assignments still lead there: the passages come back each window.
    expect(await home()).toEqual(passages);
    await readOn(first, today);
    expect(await option()).toBe("sent");
    expect(await home()).toEqual(passages.slice(1));
  });
});
