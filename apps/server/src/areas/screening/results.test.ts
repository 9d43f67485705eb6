import { assignWindowMessages, type ClassScreening } from "@refrain/domain";
import { asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import {
  assignments,
  groupMemberships,
  lessons,
  recordingGrades,
  recordings,
  studentGroups,
} from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();

/** Each grade's benchmark passages, in catalog order (the default windows' three). */
let passages: Map<number, number[]>;
let third: { id: number };
let kinder: { id: number };

/** A benchmark reading made on a day, graded (wpm, accuracy) or not. */
async function reading(
  studentId: number,
  lessonId: number,
  day: string,
  grade?: { wpm: number; accuracy: number },
) {
  const [row] = await ctx.db
    .insert(recordings)
    .values({
      studentId,
      lessonId,
      classification: "benchmark",
      status: "complete",
      createdAt: new Date(`${day}T15:00:00Z`),
    })
    .returning({ id: recordings.id });
  const id = row?.id as number;
  if (grade)
    await ctx.db
      .insert(recordingGrades)
      .values({ recordingId: id, expression: 3, selectedWordIds: [], ...grade });
  return id;
}

const passageOf = (grade: number, i: number) => passages.get(grade)?.[i] as number;

beforeAll(async () => {
  await ensureCatalog(ctx.db);
  const rows = await ctx.db
    .select({ id: lessons.id, grade: lessons.benchmarkGrade })
    .from(lessons)
    .orderBy(asc(lessons.id));
  passages = new Map();
  for (const r of rows)
    if (r.grade !== null) passages.set(r.grade, [...(passages.get(r.grade) ?? []), r.id]);
  const teacherId = world.people.teacher.id;
  third = await ctx.factories.user({ role: "student", teacherId, planId: 9 });
  kinder = await ctx.factories.user({ role: "student", teacherId, planId: 6 });
  const second = world.people.student.id; // planId 8: grade 2
  // Grade 2 in the fall window: WCPM 58, 49 and 66 (median 58), accuracy 97, 98 and 94 %.
  await reading(second, passageOf(2, 0), "2026-09-10", { wpm: 60, accuracy: -2 });
  await reading(second, passageOf(2, 1), "2026-09-10", { wpm: 50, accuracy: -1 });
  const last = await reading(second, passageOf(2, 2), "2026-09-11", { wpm: 70, accuracy: -4 });
  // A re-read waiting for its grade does not hide the confirmed one.
  await reading(second, passageOf(2, 2), "2026-09-12");
  // Outside the window, and a passage of another grade: neither counts.
  await reading(second, passageOf(2, 0), "2026-11-05", { wpm: 20, accuracy: -5 });
  await reading(second, passageOf(3, 0), "2026-09-10", { wpm: 20, accuracy: -5 });
  // Grade 3: two confirmed and one still to grade.
  await reading(third.id, passageOf(3, 0), "2026-09-15", { wpm: 90, accuracy: -3 });
  await reading(third.id, passageOf(3, 1), "2026-09-15", { wpm: 70, accuracy: -2 });
  await reading(third.id, passageOf(3, 2), "2026-09-16");
  expect(last).toBeGreaterThan(0);
});

async function screening(query: string, client = world.clients.teacher) {
  const reply = await client.get(`/screening/class${query}`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: ClassScreening }).data;
}

describe("a class's screening", () => {
  it("scores each student by the median of three confirmed passages, and tiers it", async () => {
    const fall = await screening("?year=2026&season=fall");
    expect(fall.window).toEqual({ season: "fall", start: "2026-09-01", end: "2026-10-31" });
    const byId = new Map(fall.students.map((s) => [s.id, s]));

    const second = byId.get(world.people.student.id);
    expect(second?.grade).toBe(2);
    expect(second?.passages.map((p) => [p.state, p.wcpm, p.accuracy])).toEqual([
      ["confirmed", 58, 97],
      ["confirmed", 49, 98],
      ["confirmed", 66, 94],
    ]);
    // Grade 2 fall: 50 at the 50th percentile, 84 at the 75th.
    expect(second?.result).toEqual({
      status: "scored",
      wcpm: 58,
      accuracy: 97,
      tier: "at_or_above",
      percentile: { value: 56, bound: "at" },
    });

    const grade3 = byId.get(third.id);
    expect(grade3?.passages.map((p) => p.state)).toEqual(["confirmed", "confirmed", "to_grade"]);
    expect(grade3?.result).toEqual({ status: "incomplete", confirmed: 2 });

    // Kindergarten reads no benchmark passage.
    expect(byId.get(kinder.id)).toMatchObject({ grade: 0, passages: [], result: null });

    expect(fall.counts).toEqual({
      at_or_above: 1,
      below: 0,
      well_below: 0,
      incomplete: 1,
      unrated: 0,
    });
    expect(fall.previous).toBeNull();
  });

  it("shows another window with the one before it to compare", async () => {
    const winter = await screening("?year=2026&season=winter");
    expect(winter.counts).toMatchObject({ at_or_above: 0, incomplete: 2 });
    expect(winter.previous).toEqual({
      season: "fall",
      counts: { at_or_above: 1, below: 0, well_below: 0, incomplete: 1, unrated: 0 },
    });
  });

  it("a grade changed by the teacher moves the student's tier", async () => {
    const [row] = await ctx.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(eq(recordings.lessonId, passageOf(3, 2)));
    await ctx.db.insert(recordingGrades).values({
      recordingId: row?.id as number,
      expression: 3,
      selectedWordIds: [],
      wpm: 75,
      accuracy: -5,
    });
    const fall = await screening("?year=2026&season=fall");
    // 87, 68 and 70: median 70, grade 3 fall 50th 83: 13 under is well below.
    expect(fall.students.find((s) => s.id === third.id)?.result).toMatchObject({
      status: "scored",
      wcpm: 70,
      tier: "well_below",
    });
  });

  it("is the class owner's own, and an admin's for a class in reach", async () => {
    const own = await checkMatrix(world, {
      method: "GET",
      url: "/screening/class?year=2026",
      expect: { anonymous: 401, teacher: 200, parent: 200 },
      otherwise: 403,
    });
    expect(own).toEqual([]);
    const ofTeacher = await checkMatrix(world, {
      method: "GET",
      url: (w) => `/screening/classes/${w.people.teacher.id}?year=2026`,
      expect: { anonymous: 401, school_admin: 200, district_admin: 200 },
      otherwise: 403,
    });
    expect(ofTeacher).toEqual([]);
    const admin = await world.clients.school_admin.get(
      `/screening/classes/${world.people.teacher.id}?year=2026&season=fall`,
    );
    expect((admin.body as { data: ClassScreening }).data.counts.at_or_above).toBe(1);

    // A teacher elsewhere reads as missing; so does a student's id.
    const elsewhere = await ctx.factories.user({ role: "teacher" });
    for (const id of [elsewhere.id, world.people.student.id, 999_999]) {
      const reply = await world.clients.district_admin.get(`/screening/classes/${id}`);
      expect(reply.status).toBe(404);
    }
  });

  it("assigns each student their grade's passages of a window, once", async () => {
    const first = await world.clients.teacher.post("/screening/class/assign", {
      year: 2026,
      season: "fall",
    });
    // The second and third graders get three passages each; Kindergarten reads none.
    expect(first.body).toMatchObject({
      message: assignWindowMessages.assigned(6, 2),
      data: { passages: 6, students: 2 },
    });
    const rows = await ctx.db
      .select({ studentId: assignments.studentId, lessonId: assignments.lessonId })
      .from(assignments)
      .where(inArray(assignments.studentId, [world.people.student.id, third.id, kinder.id]));
    expect(
      rows
        .filter((r) => r.studentId === third.id)
        .map((r) => r.lessonId)
        .sort(),
    ).toEqual([...(passages.get(3) ?? [])].sort());
    expect(rows.filter((r) => r.studentId === kinder.id)).toEqual([]);
    const again = await world.clients.teacher.post("/screening/class/assign", {
      year: 2026,
      season: "fall",
    });
    expect(again.body).toMatchObject({ data: { passages: 0, students: 0 } });
    expect(again.body.message).toBe(assignWindowMessages.assigned(0, 0));
    // Every class owner may; their own class only.
    const matrix = await checkMatrix(world, {
      method: "POST",
      url: "/screening/class/assign",
      body: { year: 2030, season: "spring" },
      expect: { anonymous: 401, teacher: 200, parent: 200 },
      otherwise: 403,
    });
    expect(matrix).toEqual([]);
  });

  it("assigns a group's students alone, and only a group of the class", async () => {
    const [group] = await ctx.db
      .insert(studentGroups)
      .values({ teacherId: world.people.teacher.id, name: "Session readers" })
      .returning({ id: studentGroups.id });
    // Two new third graders, one in the group: only that one gets the passages.
    const reader = await ctx.factories.user({
      role: "student",
      teacherId: world.people.teacher.id,
      planId: 9,
    });
    const outside = await ctx.factories.user({
      role: "student",
      teacherId: world.people.teacher.id,
      planId: 9,
    });
    await ctx.db
      .insert(groupMemberships)
      .values({ groupId: group?.id as number, studentId: reader.id });
    const spring = await world.clients.teacher.post("/screening/class/assign", {
      year: 2031,
      season: "spring",
      group_id: group?.id,
    });
    expect(spring.body).toMatchObject({ data: { passages: 3, students: 1 } });
    const given = await ctx.db
      .select({ studentId: assignments.studentId })
      .from(assignments)
      .where(inArray(assignments.studentId, [reader.id, outside.id]));
    expect(given.map((g) => g.studentId)).toEqual([reader.id, reader.id, reader.id]);
    const otherTeacher = await ctx.factories.user({ role: "teacher" });
    const [theirs] = await ctx.db
      .insert(studentGroups)
      .values({ teacherId: otherTeacher.id, name: "Theirs" })
      .returning({ id: studentGroups.id });
    const refused = await world.clients.teacher.post("/screening/class/assign", {
      year: 2031,
      season: "spring",
      group_id: theirs?.id,
    });
    expect(refused.status).toBe(404);
  });

  it("re-opens an ungraded benchmark passage for one student, nothing else", async () => {
    const waiting = await reading(third.id, passageOf(3, 0), "2026-09-20");
    const graded = await reading(third.id, passageOf(3, 1), "2026-09-20", {
      wpm: 80,
      accuracy: -1,
    });
    // Grading marks the reading graded, as the grading call does.
    await ctx.db.update(recordings).set({ gradedAt: new Date() }).where(eq(recordings.id, graded));
    const url = (id: number) => `/teacher/recordings/${id}/reopen`;
    const matrix = await checkMatrix(world, {
      method: "POST",
      url: url(graded),
      expect: { anonymous: 401, teacher: 409, parent: 404 },
      otherwise: 403,
    });
    expect(matrix).toEqual([]);
    const reopened = await world.clients.teacher.post(url(waiting), {});
    expect(reopened.status).toBe(200);
    const left = await ctx.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(inArray(recordings.id, [waiting, graded]));
    expect(left).toEqual([{ id: graded }]);
  });

  it("refuses a season that is not one", async () => {
    const reply = await world.clients.teacher.get("/screening/class?season=summer");
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ errors: { season: ["Choose fall, winter or spring."] } });
    const assign = await world.clients.teacher.post("/screening/class/assign", {
      year: 1999,
      season: "summer",
    });
    expect(assign.status).toBe(422);
    expect(assign.body.errors).toEqual({
      year: ["Choose a school year."],
      season: ["Choose fall, winter or spring."],
    });
  });
});
