import {
  accuracyPercent,
  dateRangeMessages,
  GRAPH_TYPES,
  graphMessages,
  graphTypesFor,
} from "@refrain/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { catalogLessons, examAttempt } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { recordingGrades, recordings } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile({ DEMO_RECORDINGS: "off" });
/** A teacher in another school of the world's district, and one in another district. */
let near: { school: number; teacher: number; student: number };
let far: { district: number; school: number; teacher: number; student: number };
let lessonA: number;
let lessonB: number;

type Kind = "cold_read" | "hot_read" | "benchmark";
const at = (day: string) => new Date(`${day}T15:00:00Z`);

/** A processed reading of `day` graded once per grade given, the last one newest. */
async function graded(
  studentId: number,
  lessonId: number,
  classification: Kind,
  day: string,
  grades: { wpm: number; accuracy: number; expression: number }[],
  status: "complete" | "processing" = "complete",
) {
  const [row] = await ctx.db
    .insert(recordings)
    .values({ studentId, lessonId, classification, status, createdAt: at(day) })
    .returning({ id: recordings.id });
  const recordingId = row?.id as number;
  for (const [i, g] of grades.entries())
    await ctx.db.insert(recordingGrades).values({
      recordingId,
      ...g,
      selectedWordIds: [],
      createdAt: new Date(at(day).getTime() + i * 60_000),
    });
}

async function attempt(
  studentId: number,
  lessonId: number,
  day: number,
  n: number,
  correct: number,
) {
  await examAttempt(ctx, {
    studentId,
    lessonId,
    day,
    attempt: n,
    correct,
    solved: 10,
    createdAt: at("2026-10-03"),
  });
}

beforeAll(async () => {
  const lessons = await catalogLessons(ctx);
  [lessonA, lessonB] = lessons.second as [number, number];
  const nearSchool = await ctx.factories.school({ districtId: world.district.id });
  const nearTeacher = await ctx.factories.user({ role: "teacher", schoolId: nearSchool.id });
  near = {
    school: nearSchool.id,
    teacher: nearTeacher.id,
    student: (await ctx.factories.user({ role: "student", teacherId: nearTeacher.id })).id,
  };
  const farDistrict = await ctx.factories.district();
  const farSchool = await ctx.factories.school({ districtId: farDistrict.id });
  const farTeacher = await ctx.factories.user({ role: "teacher", schoolId: farSchool.id });
  far = {
    district: farDistrict.id,
    school: farSchool.id,
    teacher: farTeacher.id,
    student: (await ctx.factories.user({ role: "student", teacherId: farTeacher.id })).id,
  };
  // Students are second graders (plan 8): 50th percentile fall 50, winter 84.
  const mine = world.people.student.id;
  await graded(mine, lessonB, "benchmark", "2026-10-01", [
    { wpm: 40, accuracy: 0, expression: 1 },
    { wpm: 60, accuracy: -4, expression: 3 },
  ]);
  await graded(mine, lessonB, "benchmark", "2027-01-15", [
    { wpm: 90, accuracy: -2, expression: 4 },
  ]);
  await graded(mine, lessonA, "cold_read", "2026-10-02", [
    { wpm: 70, accuracy: -7, expression: 2 },
  ]);
  await graded(mine, lessonA, "hot_read", "2026-10-05", [{ wpm: 80, accuracy: -2, expression: 4 }]);
  // Graded while its media is still being processed: a grade counts all the same.
  await graded(
    mine,
    lessonB,
    "cold_read",
    "2026-10-06",
    [{ wpm: 99, accuracy: 0, expression: 5 }],
    "processing",
  );
  await graded(near.student, lessonB, "benchmark", "2027-01-15", [
    { wpm: 100, accuracy: 0, expression: 5 },
  ]);
  await graded(far.student, lessonB, "benchmark", "2027-01-15", [
    { wpm: 10, accuracy: 0, expression: 1 },
  ]);
  await attempt(mine, lessonA, 1, 1, 5);
  await attempt(mine, lessonA, 1, 2, 9);
  await attempt(mine, lessonA, 2, 1, 8);
  await attempt(mine, lessonA, 3, 1, 10);
  await attempt(near.student, lessonA, 1, 1, 6);
  await attempt(far.student, lessonA, 1, 1, 1);
});

const graph = (query: Record<string, string | number>) =>
  `/teacher/reports/graphs?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, `${v}`]))}`;

describe("who may see which graph", () => {
  const refused = { anonymous: 401, student: 403, staff: 403 } as const;
  it.each([
    [
      "a class's student",
      () => ({ student_id: world.people.student.id }),
      { teacher: 200, school_admin: 200, district_admin: 200 },
    ],
    ["another school's student", () => ({ student_id: near.student }), { district_admin: 200 }],
    ["another district's student", () => ({ student_id: far.student }), {}],
    [
      "one's own class",
      () => ({ aggregate_type: "class" }),
      { teacher: 200, parent: 200, school_admin: 422, district_admin: 422 },
    ],
    [
      "the class of a teacher",
      () => ({ aggregate_type: "class", teacher_id: world.people.teacher.id }),
      { teacher: 200, school_admin: 200, district_admin: 200 },
    ],
    [
      "another school's class",
      () => ({ aggregate_type: "class", teacher_id: near.teacher }),
      { district_admin: 200 },
    ],
    [
      "one's own school",
      () => ({ aggregate_type: "school" }),
      { teacher: 403, parent: 403, school_admin: 200, district_admin: 422 },
    ],
    [
      "a school of the district",
      () => ({ aggregate_type: "school", school_id: near.school }),
      { teacher: 403, parent: 403, district_admin: 200 },
    ],
    [
      "another district's school",
      () => ({ aggregate_type: "school", school_id: far.school }),
      { teacher: 403, parent: 403 },
    ],
    [
      "one's own district",
      () => ({ aggregate_type: "district" }),
      { teacher: 403, parent: 403, school_admin: 403, district_admin: 200 },
    ],
    [
      "another district",
      () => ({ aggregate_type: "district", district_id: far.district }),
      { teacher: 403, parent: 403, school_admin: 403 },
    ],
  ] as const)("%s", async (_, query, expect_) => {
    const mismatches = await checkMatrix(world, {
      method: "GET",
      // The graph every class has, a home class too: the reach alone decides.
      url: () => graph({ types: "quiz_complete", ...query() }),
      expect: { ...refused, ...expect_ },
      otherwise: 404,
    });
    expect(mismatches).toEqual([]);
  });
});

describe("the graphs", () => {
  const as = async (
    role: "teacher" | "school_admin" | "district_admin",
    query: Record<string, string | number>,
  ) => {
    const { type, ...rest } = query;
    // One graph asked alone: its envelope, with that graph as the data.
    const reply = await world.clients[role].request("GET", graph({ types: type ?? "", ...rest }));
    return { ...reply, body: { ...reply.body, data: reply.body.data?.[0] } };
  };

  it("draws a student's benchmarks with each season's target, the newest grade counting", async () => {
    const { status, body } = await as("teacher", {
      type: "fluency_benchmark",
      student_id: world.people.student.id,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      type: "fluency_benchmark",
      data: [
        { date: "2026-10-01", wpm: 56, expression: 3, target: 50, readings: 1 },
        { date: "2027-01-15", wpm: 88, expression: 4, target: 84, readings: 1 },
      ],
      wpmTarget: 84,
      vAxis: { left: { min: 0, max: 94 }, right: { min: 1, max: 5 } },
      noDataMessage: null,
    });
    expect(body.data.tableData[0]).toEqual(["10/01/2026", "56", "3", "50", "1"]);
    expect(body.data.header).toHaveLength(body.data.tableData[0].length);
  });

  it("averages a district's benchmarks per date and leaves other districts out", async () => {
    const { body } = await as("district_admin", { type: "fluency_benchmark" });
    expect(body.data.data).toEqual([
      { date: "2026-10-01", wpm: 56, expression: 3, target: 50, readings: 1 },
      { date: "2027-01-15", wpm: 94, expression: 4.5, target: 84, readings: 2 },
    ]);
    const school = await as("district_admin", {
      type: "fluency_benchmark",
      aggregate_type: "school",
      school_id: near.school,
    });
    expect(school.body.data.data).toEqual([
      { date: "2027-01-15", wpm: 100, expression: 5, target: 84, readings: 1 },
    ]);
  });

  it("puts a lesson's cold and hot reads side by side on a 0–100 axis", async () => {
    const { body } = await as("teacher", { type: "fluency_cold_hot", aggregate_type: "class" });
    expect(body.data.data).toEqual([
      {
        lesson_id: lessonA,
        lesson: expect.any(String),
        date: "2026-10-05",
        cold_accuracy: accuracyPercent(70, -7),
        hot_accuracy: accuracyPercent(80, -2),
        cold_wpm: 63,
        hot_wpm: 78,
        readings: 2,
      },
      {
        lesson_id: lessonB,
        lesson: expect.any(String),
        date: "2026-10-06",
        cold_accuracy: 100,
        hot_accuracy: null,
        cold_wpm: 99,
        hot_wpm: null,
        readings: 1,
      },
    ]);
    expect(body.data.vAxis.left).toMatchObject({ min: 0, max: 100 });
  });

  it("gives a correct-WPM column per graded reading, narrowed to a lesson on request", async () => {
    const { body } = await as("school_admin", {
      type: "fluency",
      student_id: world.people.student.id,
    });
    expect(
      body.data.data.map((r: { classification: string; wpm: number }) => [r.classification, r.wpm]),
    ).toEqual([
      ["benchmark", 56],
      ["cold_read", 63],
      ["hot_read", 78],
      ["cold_read", 99],
      ["benchmark", 88],
    ]);
    // A group's column is a lesson's kind of reading, averaged: the two benchmarks are one.
    const group = await as("teacher", { type: "fluency", aggregate_type: "class" });
    expect(group.body.data.data).toHaveLength(4);
    expect(group.body.data.data[0]).toMatchObject({
      classification: "benchmark",
      wpm: 72,
      readings: 2,
    });
    const one = await as("teacher", {
      type: "fluency",
      aggregate_type: "class",
      lesson_id: lessonA,
    });
    expect(one.body.data.data.map((r: { lesson_id: number }) => r.lesson_id)).toEqual([
      lessonA,
      lessonA,
    ]);
  });

  it("counts quizzes by the latest attempt of each day, and who finished all three", async () => {
    const mine = await as("teacher", { type: "quiz_complete" });
    expect(mine.body.data.data).toMatchObject([
      { lesson_id: lessonA, day1: 90, day2: 80, day3: 100, students: 1, completed: 1 },
    ]);
    const district = await as("district_admin", { type: "quiz_complete" });
    expect(district.body.data.data).toMatchObject([
      { day1: 75, day2: 80, day3: 100, students: 2, completed: 1 },
    ]);
    expect(district.body.data.tableData[0].at(-1)).toBe("1 of 2");
  });

  it("names a teacher's class as a class and a parent's as their children", async () => {
    const title = async (role: "teacher" | "parent") => {
      const { body } = await world.clients[role].request("GET", graph({ types: "quiz_complete" }));
      return body.data[0].title as string;
    };
    const { teacher, parent } = world.people;
    expect(await title("teacher")).toContain(`${teacher.firstName} ${teacher.lastName}'s class`);
    expect(await title("parent")).toContain(`${parent.firstName} ${parent.lastName}'s children`);
  });

  it("refuses a parent the reading graphs, which a home class never fills", async () => {
    const parent = world.clients.parent;
    for (const type of GRAPH_TYPES.filter((t) => !graphTypesFor("parent").includes(t))) {
      const queries: Record<string, string>[] = [
        { types: type },
        { types: type, aggregate_type: "class" },
        // Asked beside the graph it may have, it is refused all the same.
        { types: `quiz_complete,${type}` },
      ];
      for (const query of queries) {
        const { status, body } = await parent.request("GET", graph(query));
        expect(status, `${type} ${JSON.stringify(query)}`).toBe(403);
        expect(body.message).toBe(graphMessages.noReadings);
      }
    }
    const quiz = await parent.request("GET", graph({ types: "quiz_complete" }));
    expect(quiz.status).toBe(200);
    // A teacher's class records: every reading graph is served.
    for (const type of GRAPH_TYPES) expect((await as("teacher", { type })).status, type).toBe(200);
  });

  it("answers header only, with the no-data message, when nothing is in the range", async () => {
    const { status, body } = await as("teacher", {
      type: "fluency_benchmark",
      aggregate_type: "class",
      from_date: "2030-01-01",
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      data: [],
      tableData: [],
      noDataMessage: graphMessages.noData.fluency_benchmark,
    });
    expect(body.data.header.length).toBeGreaterThan(0);
    const inRange = await as("teacher", {
      type: "fluency_benchmark",
      from_date: "2027-01-15",
      to_date: "2027-01-15",
    });
    expect(inRange.body.data.data).toHaveLength(1);
  });

  it("answers a view's graphs in one call, in the order asked, as each alone", async () => {
    const types = ["quiz_complete", "fluency_benchmark", "fluency"] as const;
    const { status, body } = await world.clients.district_admin.request(
      "GET",
      graph({ types: types.join(","), aggregate_type: "school", school_id: near.school }),
    );
    expect(status).toBe(200);
    expect(body.data.map((g: { type: string }) => g.type)).toEqual(types);
    for (const [i, type] of types.entries()) {
      const alone = await as("district_admin", {
        type,
        aggregate_type: "school",
        school_id: near.school,
      });
      expect(body.data[i]).toEqual(alone.body.data);
    }
  });

  it("refuses reversed or malformed dates and unknown types by field", async () => {
    const reversed = await as("teacher", {
      type: "fluency",
      from_date: "2027-01-02",
      to_date: "2027-01-01",
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ to_date: [dateRangeMessages.reversed] });
    const malformed = await as("teacher", { type: "fluency", from_date: "01/02/2027" });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors)).toEqual(["from_date"]);
    for (const type of ["pie", "fluency,fluency", ""]) {
      const unknown = await as("teacher", { type });
      expect(unknown.status, type).toBe(422);
      expect(Object.keys(unknown.body.errors)).toEqual(["types"]);
    }
  });
});
