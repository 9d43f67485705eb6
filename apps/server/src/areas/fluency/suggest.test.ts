import { existsSync } from "node:fs";
import {
  DECLINE_TEXT,
  DEFAULT_SUGGESTION_HELP,
  gradingMessages,
  type SuggestionResult,
  suggestionMessages,
} from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithRoles, checkMatrix, type RoleWorld } from "../../../test/authorization.ts";
import type { TestClient, TestContext } from "../../../test/build-test-app.ts";
import { allowRecording, makeClips, readAlongsDone, upload } from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import type { AsrProvider, AsrRequest } from "../../adapters/asr/index.ts";
import { ENGINE } from "../../adapters/asr/pocketsphinx.ts";
import { mediaStore } from "../../adapters/storage.ts";
import {
  lessonWords,
  readingSuggestions,
  recordingGrades,
  recordings,
} from "../../db/schema/index.ts";
import { queueUnsuggested, suggestReading } from "./suggest.ts";

let ctx: TestContext;
let world: RoleWorld;
let lessonId: number;
let words: { id: number; text: string }[];
let coldId: number;
let hotId: number;
let comparisonId: number;
let otherTeacher: TestClient;

const FAKE = "fake-engine/7";
const quiet = pino({ level: "silent" });
const aRun = (lastTry: boolean) => ({ lastTry, signal: new AbortController().signal });

/** An engine that answers `answer` (or throws it), keeping what it was asked. */
function fakeEngine(answer: (request: AsrRequest) => Promise<SuggestionResult>) {
  const asked: AsrRequest[] = [];
  const asr: AsrProvider = {
    engine: FAKE,
    suggest(request) {
      asked.push({ ...request, words: [...request.words] });
      return answer(request);
    },
  };
  return { asr, asked };
}

/** Runs the job's handler on a reading with an engine of the test's own. */
async function suggestWith(id: number, asr: AsrProvider, lastTry = true) {
  await ctx.db
    .update(readingSuggestions)
    .set({ status: "pending", result: null, error: null, engine: asr.engine })
    .where(eq(readingSuggestions.recordingId, id));
  await suggestReading({ db: ctx.db, media: mediaStore(ctx.config), asr, log: quiet }, id, {
    ...aRun(lastTry),
  });
}

const rowOf = async (id: number) =>
  (await ctx.db.select().from(readingSuggestions).where(eq(readingSuggestions.recordingId, id)))[0];

/** What a recogniser made of a reading: word 2 skipped, word 4 said as "bark", read to 20. */
const suggested: SuggestionResult = {
  status: "suggested",
  words: Array.from({ length: 21 }, (_, index) => ({
    index,
    start: index * 0.5,
    end: index * 0.5 + 0.4,
  })).filter((w) => w.index !== 2 && w.index !== 4),
  deviations: [
    { type: "omission", index: 2, heard: null, confidence: 0.9, start: 1.5, end: 1.5 },
    { type: "substitution", index: 4, heard: "bark", confidence: 0.7, start: 2, end: 2.4 },
    { type: "insertion", index: 5, heard: "um", confidence: 0.8, start: 2.45, end: 2.5 },
    { type: "self_correction", index: 6, heard: null, confidence: 0.6, start: 3, end: 3.4 },
    // Past the last word read: not reached, so not suggested as missed.
    { type: "omission", index: 30, heard: null, confidence: 0.9, start: 11, end: 11 },
  ],
  lastIndex: 20,
  wpm: 84,
  wcpm: 82,
  tuning: "warp 1.2",
};

beforeAll(async () => {
  const clips = makeClips();
  // The real recogniser works every processed reading here, through the real job.
  ({ ctx, world } = await appWithRoles({ DEMO_RECORDINGS: "off", ASR_PROVIDER: "pocketsphinx" }));
  lessonId = (await catalogLessons(ctx)).second[0] as number;
  words = await ctx.db
    .select({ id: lessonWords.id, text: lessonWords.text })
    .from(lessonWords)
    .where(eq(lessonWords.lessonId, lessonId))
    .orderBy(asc(lessonWords.position));
  await allowRecording(ctx, world.people.teacher.id);
  const student = world.clients.student;
  const meta = { lessonId, filetype: "video/webm" };
  coldId = (await upload(student, { ...meta, classification: "cold_read" }, clips.webm))
    .recordingId as number;
  await readAlongsDone(ctx, world.people.student.id, lessonId);
  hotId = (await upload(student, { ...meta, classification: "hot_read" }, clips.webm))
    .recordingId as number;
  await ctx.jobs.idle();
  const [comparison] = await ctx.db
    .select({ id: recordings.id })
    .from(recordings)
    .where(eq(recordings.classification, "stitched"));
  comparisonId = comparison?.id as number;
  const teacher = await ctx.factories.user({ role: "teacher" });
  otherTeacher = ctx.client();
  await otherTeacher.signIn(teacher);
}, 120_000);
afterAll(() => ctx.close());

describe("suggesting after processing", () => {
  it("suggests for each processed reading but the comparison: the real engine declines a two-second tone", async () => {
    expect(comparisonId).toBeGreaterThan(0);
    for (const id of [coldId, hotId])
      expect(await rowOf(id)).toMatchObject({
        engine: ENGINE,
        status: "declined",
        result: { status: "declined", reason: "too_short" },
        attempts: 1,
      });
    expect(await rowOf(comparisonId)).toBeUndefined();
    const { body } = await world.clients.teacher.get(`/teacher/recordings/${coldId}`);
    expect(body.data.entries.cold_read.suggestion).toEqual({
      status: "declined",
      engine: ENGINE,
      reason: DECLINE_TEXT.too_short,
    });
    expect(body.data.entries.stitched.suggestion).toBeNull();
  });

  it("queues readings processed without a suggestion (before the engine), not the comparison", async () => {
    const before = await rowOf(hotId);
    await ctx.db.delete(readingSuggestions).where(eq(readingSuggestions.recordingId, hotId));
    const sent: unknown[] = [];
    const send = async (_queue: string, data: unknown) => {
      sent.push(data);
    };
    const { asr } = fakeEngine(async () => suggested);
    expect(await queueUnsuggested({ db: ctx.db, send, asr })).toBe(1);
    expect(sent).toEqual([{ recordingId: hotId }]);
    expect(await rowOf(hotId)).toMatchObject({ status: "pending", engine: FAKE });
    // Without an engine nothing is queued; with every reading suggested, nothing either.
    expect(await queueUnsuggested({ db: ctx.db, send, asr: null })).toBe(0);
    await ctx.db
      .update(readingSuggestions)
      .set({ ...before, updatedAt: new Date() })
      .where(eq(readingSuggestions.recordingId, hotId));
    expect(await queueUnsuggested({ db: ctx.db, send, asr })).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it("gives the engine the processed media and the passage, and shows its answer in lesson word ids", async () => {
    const { asr, asked } = fakeEngine(async (request) => {
      expect(existsSync(request.audioPath)).toBe(true);
      return suggested;
    });
    await suggestWith(coldId, asr);
    expect(asked.map((a) => a.words)).toEqual([words.map((w) => w.text)]);
    expect(await rowOf(coldId)).toMatchObject({ status: "suggested", engine: FAKE, error: null });
    const { body } = await world.clients.teacher.get(`/teacher/recordings/${coldId}`);
    const id = (index: number) => words[index]?.id as number;
    const suggestion = body.data.entries.cold_read.suggestion;
    expect(suggestion).toMatchObject({
      status: "suggested",
      engine: FAKE,
      missed: [
        { wordId: id(2), type: "omission", heard: null, confidence: 0.9, start: 1.5, end: 1.5 },
        { wordId: id(4), type: "substitution", heard: "bark", confidence: 0.7 },
      ],
      lastWordId: id(20),
      wpm: 84,
      wcpm: 82,
    });
    expect(suggestion.timings[id(0)]).toBe(0);
    expect(suggestion.timings[id(20)]).toBe(10);
    // A skipped word is placed where the reader passed over it.
    expect(suggestion.timings[id(2)]).toBe(1.5);
  });

  it("tries again on an error, marks the row failed on the last try, and never shows the error", async () => {
    const { asr } = fakeEngine(async () => {
      throw new Error("decoder crashed in /tmp/secret-path");
    });
    await expect(suggestWith(hotId, asr, false)).rejects.toThrow("decoder crashed");
    expect(await rowOf(hotId)).toMatchObject({ status: "pending", result: null });
    await suggestWith(hotId, asr, true);
    expect(await rowOf(hotId)).toMatchObject({
      status: "failed",
      result: null,
      error: expect.stringContaining("decoder crashed"),
    });
    const { body } = await world.clients.teacher.get(`/teacher/recordings/${hotId}`);
    expect(body.data.entries.hot_read.suggestion).toEqual({ status: "failed", engine: FAKE });
    expect(JSON.stringify(body)).not.toContain("secret-path");
  });

  it("never writes half a result: an answer that does not fit the schema fails the run", async () => {
    const { asr } = fakeEngine(async () => ({ ...suggested, lastIndex: -3 }));
    await suggestWith(hotId, asr, true);
    expect(await rowOf(hotId)).toMatchObject({ status: "failed", result: null });
  });

  it("lets the teacher try a failed one again, through the real job; others change nothing", async () => {
    const url = `/teacher/recordings/${hotId}/suggestions/retry`;
    expect((await otherTeacher.post(url, {})).status).toBe(404);
    for (const role of ["student", "parent", "school_admin", "staff"] as const)
      expect((await world.clients[role].post(url, {})).status, role).toBeGreaterThanOrEqual(403);
    expect(await rowOf(hotId)).toMatchObject({ status: "failed" });
    const reply = await world.clients.teacher.post(url, {});
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ status: "pending", engine: ENGINE });
    await ctx.jobs.idle();
    expect(await rowOf(hotId)).toMatchObject({ engine: ENGINE, status: "declined" });
    const again = await world.clients.teacher.post(url, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(suggestionMessages.notFailed);
  });

  it("ends quietly when the reading is deleted while the engine listens", async () => {
    const clips = makeClips();
    const { recordingId } = await upload(
      world.clients.student,
      { lessonId, classification: "benchmark", filetype: "video/webm" },
      clips.webm,
    );
    const id = recordingId as number;
    await ctx.jobs.idle();
    const { asr } = fakeEngine(async () => {
      await ctx.db.delete(recordings).where(eq(recordings.id, id));
      throw new Error("the file went away");
    });
    await suggestWith(id, asr, false);
    expect(await rowOf(id)).toBeUndefined();
  });
});

describe("grading with suggestions", () => {
  const aGrade = (missed: number[], extra: Record<string, unknown> = {}) => ({
    accuracy: -missed.length,
    expression: 4,
    feedback: "",
    selectedWordIds: missed,
    wpm: 90,
    lastWordId: null,
    submission: crypto.randomUUID(),
    ...extra,
  });
  const id = (index: number) => words[index]?.id as number;

  it("refuses accepted suggestions that are not marked, not suggested, or a last word not set, storing nothing", async () => {
    const post = (body: unknown) =>
      world.clients.teacher.post(`/teacher/recordings/${coldId}/grade`, body);
    const notMarked = await post(aGrade([id(4)], { acceptedWordIds: [id(2)] }));
    expect(notMarked.status).toBe(422);
    expect(notMarked.body.errors.acceptedWordIds).toEqual([gradingMessages.acceptedNotMissed]);
    const notSuggested = await post(aGrade([id(7)], { acceptedWordIds: [id(7)] }));
    expect(notSuggested.status).toBe(422);
    expect(notSuggested.body.errors.acceptedWordIds).toEqual([
      suggestionMessages.acceptedNotSuggested,
    ]);
    const noLastWord = await post(aGrade([], { lastWordSuggested: true }));
    expect(noLastWord.body.errors.lastWordSuggested).toEqual([gradingMessages.lastWordNotSet]);
    const otherLast = await post(aGrade([], { lastWordSuggested: true, lastWordId: id(19) }));
    expect(otherLast.status).toBe(422);
    expect(otherLast.body.errors.lastWordSuggested).toEqual([
      suggestionMessages.lastWordNotSuggested,
    ]);
    const tooSoon = await world.clients.teacher.post(
      `/teacher/recordings/${hotId}/grade`,
      aGrade([id(2)], { acceptedWordIds: [id(2)] }),
    );
    expect(tooSoon.body.errors.acceptedWordIds).toEqual([suggestionMessages.acceptedNotSuggested]);
    expect(await ctx.db.select().from(recordingGrades)).toEqual([]);
  });

  it("keeps which marks came from the suggestion, and the engine that made it", async () => {
    const reply = await world.clients.teacher.post(
      `/teacher/recordings/${coldId}/grade`,
      aGrade([id(2), id(9)], {
        acceptedWordIds: [id(2)],
        lastWordId: id(20),
        lastWordSuggested: true,
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      selectedWordIds: [id(2), id(9)],
      acceptedWordIds: [id(2)],
      lastWordSuggested: true,
    });
    const [grade] = await ctx.db
      .select()
      .from(recordingGrades)
      .where(eq(recordingGrades.recordingId, coldId));
    expect(grade).toMatchObject({ suggestionEngine: FAKE, acceptedWordIds: [id(2)] });
    const { body } = await world.clients.teacher.get(`/teacher/recordings/${coldId}`);
    expect(body.data.entries.cold_read.grade).toMatchObject({
      acceptedWordIds: [id(2)],
      lastWordSuggested: true,
    });
  });

  it("shows staff the agreement per engine", async () => {
    const { status, body } = await world.clients.staff.get("/staff/suggestions");
    expect(status).toBe(200);
    const fake = body.data.find((e: { engine: string }) => e.engine === FAKE);
    expect(fake).toEqual({
      engine: FAKE,
      suggested: 1,
      declined: 0,
      failed: 0,
      graded: 1,
      // Two suggested (words 2 and 4), two marked (2 and 9), one in common.
      precision: 0.5,
      recall: 0.5,
      lastWordGraded: 1,
      lastWordExact: 1,
      lastWordWithin2: 1,
      // Graded 90 - 2 = 88 against the suggested 82.
      wcpmError: 6,
    });
    // The hot read's real answer (the cold read's was replaced by the fake one's).
    expect(body.data.find((e: { engine: string }) => e.engine === ENGINE)).toMatchObject({
      declined: 1,
      graded: 0,
      precision: null,
    });
  });
});

describe("the teacher's help level", () => {
  it("is the likely misses until the teacher picks, then what they picked, for them alone", async () => {
    const teacher = world.clients.teacher;
    expect((await teacher.get("/teacher/suggestions/help")).body.data).toEqual({
      help: DEFAULT_SUGGESTION_HELP,
    });
    const set = await teacher.post("/teacher/suggestions/help", { help: "off" });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ help: "off" });
    await teacher.post("/teacher/suggestions/help", { help: "all" });
    expect((await teacher.get("/teacher/suggestions/help")).body.data).toEqual({ help: "all" });
    expect((await otherTeacher.get("/teacher/suggestions/help")).body.data).toEqual({
      help: DEFAULT_SUGGESTION_HELP,
    });
  });

  it("refuses a level it does not know, keeping the one saved", async () => {
    const teacher = world.clients.teacher;
    await teacher.post("/teacher/suggestions/help", { help: "all" });
    const { status, body } = await teacher.post("/teacher/suggestions/help", { help: "most" });
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(["help"]);
    expect((await teacher.get("/teacher/suggestions/help")).body.data).toEqual({ help: "all" });
  });
});

describe("who may call", () => {
  it("keeps each call to its policy", async () => {
    const routes = [
      {
        method: "POST" as const,
        url: `/teacher/recordings/${coldId}/suggestions/retry`,
        // The teacher's reading is not failed: 409; a parent's class is empty: 404.
        expect: { anonymous: 401, teacher: 409, parent: 404 },
      },
      {
        method: "GET" as const,
        url: "/staff/suggestions",
        expect: { anonymous: 401, staff: 200 },
      },
      {
        method: "GET" as const,
        url: "/teacher/suggestions/help",
        expect: { anonymous: 401, teacher: 200, parent: 200 },
      },
      {
        method: "POST" as const,
        url: "/teacher/suggestions/help",
        body: { help: "all" },
        expect: { anonymous: 401, teacher: 200, parent: 200 },
      },
    ];
    for (const route of routes)
      expect(await checkMatrix(world, { ...route, otherwise: 403 }), route.url).toEqual([]);
    expect(await rowOf(coldId)).toMatchObject({ status: "suggested" });
  });
});
