import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  currentWindow,
  dateRangeMessages,
  dayOf,
  defaultWindows,
  schoolYearOf,
  WINDOW_NAMES,
} from "@refrain/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import { signedInOwner } from "../../../test/classes.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { screenedOn } from "../../../test/screening.ts";
import {
  assignments,
  examAttempts,
  extensionResponses,
  recordingGrades,
  recordings,
} from "../../db/schema/index.ts";

/**
 * Scores by Story, the conference summary and the PDF report against records made here: each
 * call's authorization matrix, 404 for another teacher's student, 422 for a reversed range, the
 * figures worked out by hand, and the PDF's text as pdftotext reads it.
 */

const { ctx, world } = appWithRolesForFile({ DEMO_RECORDINGS: "off" });
let student: { id: number; firstName: string; lastName: string };
let theirStudent: number;
let lessonA: number;
let lessonB: number;

const at = (day: string) => new Date(`${day}T15:00:00Z`);

async function graded(
  studentId: number,
  lessonId: number,
  classification: "cold_read" | "hot_read" | "benchmark",
  day: string,
  grade: { wpm: number; accuracy: number; expression: number },
) {
  const [row] = await ctx.db
    .insert(recordings)
    .values({ studentId, lessonId, classification, status: "complete", createdAt: at(day) })
    .returning({ id: recordings.id });
  await ctx.db
    .insert(recordingGrades)
    .values({ recordingId: row?.id as number, ...grade, selectedWordIds: [], createdAt: at(day) });
}

async function attempts(studentId: number, lessonId: number, correct: [number, number, number]) {
  await ctx.db.insert(examAttempts).values(
    correct.map((c, i) => ({
      studentId,
      lessonId,
      day: i + 1,
      attempt: 1,
      answers: [],
      correct: c,
      solved: 10,
      percent: c * 10,
      createdAt: at(`2026-10-0${i + 1}`),
    })),
  );
}

beforeAll(async () => {
  [lessonA, lessonB] = (await catalogLessons(ctx)).second as [number, number];
  student = await ctx.factories.user({
    role: "student",
    teacherId: world.people.teacher.id,
    firstName: "Dana",
    lastName: "Okafor",
  });
  const classmate = await ctx.factories.user({
    role: "student",
    teacherId: world.people.teacher.id,
  });
  // Second graders (plan 8): the fall 50th percentile is 50 WCPM.
  for (const [lessonId, kind, day, wpm, accuracy, expression] of [
    [lessonB, "benchmark", "2026-10-01", 50, -4, 3],
    [lessonB, "benchmark", "2026-10-20", 52, -2, 4],
    [lessonA, "cold_read", "2026-10-02", 70, -7, 2],
    [lessonA, "hot_read", "2026-10-05", 80, -2, 4],
  ] as const)
    await graded(student.id, lessonId, kind, day, { wpm, accuracy, expression });
  await attempts(student.id, lessonA, [8, 9, 7]);
  await attempts(classmate.id, lessonA, [6, 5, 4]);
  // Dana's lesson A is complete (marked so by the learning calls, as in a class that does not
  // require day 4); the classmate took its three days but has not completed it.
  await ctx.db.insert(assignments).values({
    studentId: student.id,
    lessonId: lessonA,
    assignedBy: "teacher",
    status: "completed",
    startedAt: at("2026-10-01"),
    completedAt: at("2026-10-04"),
  });
  // The classmate worked lesson B's days 1 and 2 only, and handed in a scored extension.
  await ctx.db.insert(examAttempts).values(
    [1, 2].map((day) => ({
      studentId: classmate.id,
      lessonId: lessonB,
      day,
      attempt: 1,
      answers: [],
      correct: 10,
      solved: 10,
      percent: 100,
      createdAt: at("2026-10-03"),
    })),
  );
  await ctx.db.insert(extensionResponses).values({
    studentId: classmate.id,
    lessonId: lessonB,
    response: "An answer",
    submittedAt: at("2026-10-04"),
    score: 3,
  });
  const other = await ctx.factories.user({ role: "teacher" });
  theirStudent = (await ctx.factories.user({ role: "student", teacherId: other.id })).id;
});

const RANGE = { start_date: "2026-09-01", end_date: "2026-10-31" };
const pdfBody = { ...RANGE, media: "pdf", download: true };

/** POSTs the PDF form as the page does, keeping the answer's bytes (the client's body is text). */
async function postPdf(client: TestClient, studentId: number, body: unknown = pdfBody) {
  if (!client.csrfToken) await client.refreshCsrf();
  return ctx.app.inject({
    method: "POST",
    url: `/teacher/reports/pdf/${studentId}`,
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "x-csrf-token": client.csrfToken,
      "x-requested-with": "XMLHttpRequest",
    },
    payload: body as Record<string, unknown>,
  });
}

describe("authorization", () => {
  // A parent owns a class too (home teaching): their own, so another class's student is a 404.
  it("lets only class owners ask for the three calls", async () => {
    const routes = [
      { method: "GET" as const, url: "/teacher/reports/scores_by_story", parent: 200 },
      {
        method: "GET" as const,
        url: () => `/teacher/reports/conference/${student.id}`,
        parent: 404,
      },
      {
        method: "POST" as const,
        url: () => `/teacher/reports/pdf/${student.id}`,
        body: pdfBody,
        parent: 404,
      },
    ];
    for (const { parent, ...route } of routes) {
      const mismatches = await checkMatrix(world, {
        ...route,
        expect: { teacher: 200, parent, anonymous: 401 },
        otherwise: 403,
      });
      expect(mismatches).toEqual([]);
    }
  });
});

describe("the PDF report", () => {
  it("is a download whose text holds the student, the goal and a score", async () => {
    const reply = await postPdf(world.clients.teacher, student.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toMatch(
      /^attachment; filename="Dana-Okafor-report-2026-09-01-to-2026-10-31\.pdf"/,
    );
    expect(reply.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const dir = mkdtempSync(join(tmpdir(), "report-pdf-"));
    writeFileSync(join(dir, "report.pdf"), reply.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", join(dir, "report.pdf"), "-"]).toString();
    expect(text).toContain("Dana Okafor");
    expect(text).toContain("09/01/2026 – 10/31/2026");
    // Benchmarks 46 and 50 CWPM average 48 against the fall 50th percentile of 50: approaching.
    expect(text).toContain("Approaching the goal");
    expect(text).toMatch(/48 words correct per minute against 50/);
    // Lesson A's days 80%, 90%, 70% and their overall 80%.
    expect(text).toMatch(/80%\s+90%\s+70%\s+80%/);
    expect(text).toContain("Benchmark Progress");
  });

  it("says the student's screening in the window standing today, under the goal", async () => {
    const today = dayOf(new Date());
    const standing = currentWindow(today, defaultWindows(schoolYearOf(today)));
    const lee = await ctx.factories.user({
      role: "student",
      teacherId: world.people.teacher.id,
      planId: 9,
      firstName: "Lee",
      lastName: "Park",
    });
    await screenedOn(ctx, lee.id, 3, standing.start, [60, 64, 70], -2);
    const reply = await postPdf(world.clients.teacher, lee.id, {
      ...pdfBody,
      start_date: standing.start,
      end_date: standing.end,
    });
    expect(reply.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), "report-pdf-"));
    writeFileSync(join(dir, "report.pdf"), reply.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", join(dir, "report.pdf"), "-"]).toString();
    expect(text).toContain("SCREENING");
    expect(text).toMatch(
      new RegExp(
        `${WINDOW_NAMES[standing.season].replace(/[()]/g, "\\$&")}: (well below|below|at or above) benchmark, median 62 WCPM, 97% accuracy`,
      ),
    );
    // Dana read no passage of this window: her report has no screening line.
    const dana = await postPdf(world.clients.teacher, student.id);
    writeFileSync(join(dir, "dana.pdf"), dana.rawPayload);
    expect(execFileSync("pdftotext", [join(dir, "dana.pdf"), "-"]).toString()).not.toContain(
      "SCREENING",
    );
  });

  it("holds for a home class only what it can fill: no goal, no fluency figures, no reading chart", async () => {
    const { owner, students, client } = await signedInOwner(ctx, { role: "parent", students: 1 });
    const [child] = students as [(typeof students)[number]];
    await attempts(child.id, lessonA, [8, 9, 7]);
    const reply = await postPdf(client, child.id);
    expect(reply.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), "report-pdf-"));
    writeFileSync(join(dir, "report.pdf"), reply.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", join(dir, "report.pdf"), "-"]).toString();
    expect(text).toContain(`${owner.firstName} ${owner.lastName}'s children`);
    expect(text).toContain("Exam Scores");
    expect(text).toMatch(/80%\s+90%\s+70%\s+80%/);
    for (const reading of ["goal", "Latest cold read", "Benchmark Progress", "Cold and Hot Reads"])
      expect(text).not.toContain(reading);
  });

  it("answers 404 for another teacher's student and 422 for a reversed range", async () => {
    expect((await postPdf(world.clients.teacher, theirStudent)).statusCode).toBe(404);
    const reversed = await postPdf(world.clients.teacher, student.id, {
      ...pdfBody,
      start_date: "2026-10-31",
      end_date: "2026-09-01",
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ end_date: [dateRangeMessages.reversed] });
    const media = await postPdf(world.clients.teacher, student.id, { ...pdfBody, media: "html" });
    expect(media.statusCode).toBe(422);
    expect(Object.keys(media.json().errors)).toEqual(["media"]);
  });
});

describe("the conference summary", () => {
  it("holds the goal, the lessons of the range and the latest fluency figures", async () => {
    const reply = await world.clients.teacher.get(
      `/teacher/reports/conference/${student.id}?start_date=2026-09-01&end_date=2026-10-31`,
    );
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data.student.name).toBe("Dana Okafor");
    expect(data.goal).toMatchObject({ status: "approaching", wcpm: 48, target: 50, readings: 2 });
    expect(data.lessons.map((l: { id: number; overall: number }) => [l.id, l.overall])).toEqual([
      [lessonA, 80],
    ]);
    expect(data.figures.cold).toMatchObject({ wpm: 63, accuracy: 90 });
    expect(data.figures.hot).toMatchObject({ wpm: 78, accuracy: 98 });
    expect(data.figures.benchmark).toMatchObject({ wpm: 50, expression: 4, target: 50 });
  });

  it("leaves out what falls outside the range", async () => {
    const reply = await world.clients.teacher.get(
      `/teacher/reports/conference/${student.id}?start_date=2026-11-01&end_date=2026-11-30`,
    );
    expect(reply.body.data).toMatchObject({
      goal: { status: "none" },
      lessons: [],
      figures: { cold: null, hot: null, benchmark: null },
    });
  });

  it("answers 404 for another teacher's student", async () => {
    expect(
      (await world.clients.teacher.get(`/teacher/reports/conference/${theirStudent}`)).status,
    ).toBe(404);
  });
});

describe("scores by story", () => {
  it("averages each lesson over the students who worked it, in one row per lesson", async () => {
    const reply = await world.clients.teacher.get(
      "/teacher/reports/scores_by_story?start_date=2026-09-01&end_date=2026-10-31",
    );
    expect(reply.status).toBe(200);
    const byId = new Map(reply.body.data.map((r: { lesson_id: number }) => [r.lesson_id, r]));
    // Lesson A: 80/90/70 and 60/50/40 → days 70, 70, 55; overalls 80 and 50 → 65. Both took
    // the three days; only Dana's lesson is complete.
    expect(byId.get(lessonA)).toMatchObject({
      students: 2,
      completed: 1,
      day1: 70,
      day2: 70,
      day3: 55,
      overall: 65,
      extension: null,
      extension_scored: 0,
    });
    // Lesson B: one student, two days, no overall; the extension scored 3.
    expect(byId.get(lessonB)).toMatchObject({
      students: 1,
      completed: 0,
      day1: 100,
      day2: 100,
      day3: null,
      overall: null,
      extension: 3,
      extension_scored: 1,
    });
  });

  it("answers an empty list outside the class's work and 422 for a reversed range", async () => {
    const empty = await world.clients.teacher.get(
      "/teacher/reports/scores_by_story?start_date=2025-01-01&end_date=2025-01-31",
    );
    expect(empty.body.data).toEqual([]);
    const reversed = await world.clients.teacher.get(
      "/teacher/reports/scores_by_story?start_date=2026-10-31&end_date=2026-09-01",
    );
    expect(reversed.status).toBe(422);
    expect(Object.keys(reversed.body.errors)).toEqual(["end_date"]);
  });
});
