import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import {
  authCalls,
  CONSENT_KINDS,
  consentCalls,
  fluencyCalls,
  gradingCalls,
  learningCalls,
  pathOf,
  RECORDING_UPLOAD_PATH,
  type RecordedClassification,
  type RecordingRow,
  type RosterStudent,
  settingsCalls,
} from "@refrain/domain";
import {
  apiRequest,
  callApi,
  expect,
  type OwnAccount,
  switchToStudent,
  switchToTeacher,
} from "./fixtures.ts";
import { assignLessons, catalogLesson } from "./journey-steps.ts";

/**
 * Readings made for a journey through the product's own doors, without a camera: a student's
 * session sends a real WebM (made once with espeak-ng and ffmpeg) over the tus endpoint, as the
 * recorder does, and the server processes it as any other. For journeys about what comes after
 * recording (grading, sharing); fluency-recording.spec.ts drives the recorder itself.
 */

const mediaDir = fileURLToPath(new URL("../node_modules/.cache/e2e-media/", import.meta.url));
const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };
const TUS = { "Tus-Resumable": "1.0.0" };

/** A six-second reading: ffmpeg's test picture and a voice, VP8/Opus as Chromium records. */
export function readingClip(): Buffer {
  const file = join(mediaDir, "reading-6s.webm");
  if (!existsSync(file)) {
    mkdirSync(mediaDir, { recursive: true });
    // Made beside its final name and renamed whole: two workers may make it at once.
    const tmp = `${file}.${process.pid}.tmp.webm`;
    const voice = `${tmp}.wav`;
    execFileSync("espeak-ng", ["-s", "110", "-w", voice, "The dog ran to the big red barn."]);
    execFileSync("ffmpeg", [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=6"],
      ...["-i", voice, "-af", "apad", "-t", "6"],
      ...["-c:v", "libvpx", "-b:v", "300k", "-c:a", "libopus", tmp],
    ]);
    rmSync(voice);
    renameSync(tmp, file);
  }
  return readFileSync(file);
}

async function csrfOf(page: Page): Promise<string> {
  const session = authCalls.session.response.parse(
    await (await page.request.get(authCalls.session.path, { headers: asApi })).json(),
  );
  return session.csrfToken;
}

/**
 * The signed-in student sends `bytes` as a reading of `lessonId` over tus (create, then one
 * PATCH), as the recorder does; answers the new recording's id.
 */
export async function sendReading(
  page: Page,
  lessonId: number,
  classification: RecordedClassification,
  bytes: Buffer = readingClip(),
  filetype = "video/webm",
): Promise<number> {
  const headers = { ...asApi, ...TUS, "X-CSRF-Token": await csrfOf(page) };
  const meta = { lessonId, classification, filetype };
  const created = await page.request.post(RECORDING_UPLOAD_PATH, {
    headers: {
      ...headers,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": Object.entries(meta)
        .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString("base64")}`)
        .join(","),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location as string;
  const sent = await page.request.patch(location, {
    headers: {
      ...headers,
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    data: bytes,
  });
  expect(sent.status(), await sent.text()).toBe(204);
  return Number(sent.headers()["recording-id"]);
}

/** The signed-in student plays the lesson's track through `times` times. */
export async function readAlong(page: Page, lessonId: number, times: number) {
  for (let i = 0; i < times; i++)
    await callApi(page, learningCalls.readAlong, { lesson: lessonId, play: crypto.randomUUID() });
}

/**
 * The signed-in teacher switches fluency recording on for the class and records both consents
 * for every student of it (issue 19: consent is a record per student).
 */
export async function switchRecordingOn(page: Page) {
  const session = authCalls.session.response.parse(
    await (await page.request.get(authCalls.session.path, { headers: asApi })).json(),
  );
  if (!session.user) throw new Error("The teacher is not signed in");
  const answer = await page.request.post(
    pathOf(settingsCalls.update_params, { teacherId: session.user.id }),
    {
      data: { verb: "update_params", record_student_fluency: true },
      headers: { ...asApi, "X-CSRF-Token": session.csrfToken },
    },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  const overview = consentCalls.overview.response.parse(
    await (await page.request.get(consentCalls.overview.path, { headers: asApi })).json(),
  );
  const studentIds = overview.data.students.map((s) => s.id);
  if (studentIds.length === 0) return;
  for (const kind of CONSENT_KINDS)
    await callApi(page, consentCalls.record, {
      studentIds,
      kind,
      method: "school_policy",
      givenOn: new Date().toISOString().slice(0, 10),
      submission: crypto.randomUUID(),
    });
}

/**
 * Where the journeys about one reading begin: the signed-in teacher switches recording on and
 * assigns `student` the first lesson of `level`, which is answered.
 */
export async function assignWithRecordingOn(
  page: Page,
  student: RosterStudent,
  level: string | RegExp,
) {
  await switchRecordingOn(page);
  const lesson = await catalogLesson(page, level);
  await assignLessons(page, student, lesson);
  return lesson;
}

/**
 * How long a journey's readings may take to be processed. Processing runs at the lowest CPU
 * priority (helper-process.ts), behind the run's three browsers, and in arrival order behind
 * the other journeys' readings: in CI a class's four waited over 90 s behind another school's
 * eight and their suggestions. A journey's own time limit adds this to its other work.
 */
export const PROCESSED_WITHIN_MS = 180_000;

/**
 * Waits, as the signed-in teacher, until each of the class's readings is processed, and the
 * comparison of each cold/hot pair made; answers the class's rows.
 */
export async function processedReadings(page: Page, count: number): Promise<RecordingRow[]> {
  let rows: RecordingRow[] = [];
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(fluencyCalls.recordings.path, {
          headers: asApi,
        });
        rows = fluencyCalls.recordings.response.parse(await answer.json()).data;
        return rows.filter((r) => r.status === "complete").length;
      },
      { timeout: PROCESSED_WITHIN_MS, intervals: [500, 1000, 2000] },
    )
    .toBe(count);
  return rows;
}

/**
 * The journeys' usual reader: the signed-in teacher (recording on, consent on file) assigns
 * `student` the first lesson of `level` and a benchmark passage; the student records a cold read,
 * reads along three times, records a hot read and the benchmark; the teacher signs in again and
 * waits for the three to be processed and the cold/hot comparison made (four rows).
 */
export async function readingsOfALessonAndBenchmark(
  page: Page,
  account: OwnAccount,
  student: RosterStudent,
  level: string,
) {
  await switchRecordingOn(page);
  const lesson = await catalogLesson(page, level);
  const passage = await catalogLesson(page, /benchmark/i);
  await assignLessons(page, student, lesson, passage);

  await switchToStudent(page, account, student);
  await sendReading(page, lesson.id, "cold_read");
  await readAlong(page, lesson.id, 3);
  await sendReading(page, lesson.id, "hot_read");
  await sendReading(page, passage.id, "benchmark");

  await switchToTeacher(page, account);
  const rows = await processedReadings(page, 4);
  return { lesson, passage, rows };
}

/** The signed-in teacher grades a reading at `wpm` words a minute, with no word missed. */
export async function gradeReading(page: Page, id: number, wpm: number) {
  await apiRequest(page, "POST", pathOf(gradingCalls.grade, { id }), {
    wpm,
    expression: 2,
    accuracy: 0,
    selectedWordIds: [],
    feedback: "",
    submission: crypto.randomUUID(),
  });
}

/** The row action button of the student's reading of `type` ("Cold Read", "Benchmark", …). */
export function rowButton(page: Page, name: RegExp | string, type: string): Locator {
  return page
    .getByRole("row")
    .filter({ hasText: type })
    .getByRole("button", { name: typeof name === "string" ? new RegExp(`^${name}`) : name });
}

/** The n-th (from 0) word of the grading modal's open tab, in `panel`. */
export const word = (panel: Locator, index: number) =>
  panel.getByRole("gridcell", { name: new RegExp(`^word ${index + 1} of \\d+:`) });
