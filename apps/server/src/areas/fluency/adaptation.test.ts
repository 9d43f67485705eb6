import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import {
  ADAPT_AGAIN_AFTER,
  MAX_CHECKED,
  MIN_CHECKED,
  MIN_LEARNT,
  type SuggestionResult,
  suggestionMessages,
} from "@refrain/domain";
import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { storedRecording } from "../../../test/stored-recording.ts";
import type { ConfirmedReading } from "../../adapters/asr/adapt.ts";
import type { AsrProvider, AsrRequest } from "../../adapters/asr/index.ts";
import { spoken } from "../../adapters/asr/pocketsphinx.ts";
import { mediaStore } from "../../adapters/storage.ts";
import {
  lessonWords,
  readingSuggestions,
  recordingGrades,
  recordings,
  schoolAdaptations,
  users,
} from "../../db/schema/index.ts";
import { adaptSchool, schoolsToAdapt } from "./adaptation.ts";
import { queueSuggestion, suggestReading } from "./suggest.ts";

// No engine of the server's own: each test hands the job the engine it means.
const { ctx, world } = appWithRolesForFile({ DEMO_RECORDINGS: "off", ASR_PROVIDER: "none" });
const quiet = pino({ level: "silent" });
const aRun = { lastTry: true, signal: new AbortController().signal };
const ENGINE = "fake-engine/3";

let lessonId: number;
let words: { id: number; text: string }[];

/** Graded with this many words per minute and two missed: 86 correct. */
const TEACHER_WCPM = 86;

/** A suggestion `off` WCPM from the teachers' grades, or a decline. */
const answerOff = (off: number | null): SuggestionResult =>
  off === null
    ? { status: "declined", reason: "does_not_fit" }
    : {
        status: "suggested",
        words: [{ index: 0, start: 0, end: 0.4 }],
        deviations: [],
        lastIndex: 0,
        wpm: TEACHER_WCPM + off,
        wcpm: TEACHER_WCPM + off,
        tuning: "warp 1.0",
      };

/**
 * An engine that adapts by writing down what it learnt from, and suggests `offBy` WCPM from
 * the teachers' grades: `adapted` with a transform, `base` without.
 */
function fakeEngine(offBy: { base: number | null; adapted: number | null }) {
  const learnt: ConfirmedReading[][] = [];
  const asked: { adaptation: string | null }[] = [];
  const asr: AsrProvider = {
    engine: ENGINE,
    async suggest(request: AsrRequest) {
      const adaptation = request.adaptation ? readFileSync(request.adaptation, "utf8") : null;
      asked.push({ adaptation });
      return answerOff(adaptation ? offBy.adapted : offBy.base);
    },
    async adapt(readings, out) {
      learnt.push([...readings]);
      await writeFile(out, `transform of ${readings.length} readings`);
    },
  };
  return { asr, learnt, asked };
}

const deps = (asr: AsrProvider) => ({
  db: ctx.db,
  media: mediaStore(ctx.config),
  asr,
  log: quiet,
});

/**
 * A processed reading of `studentId`, graded `minutesAgo`: the fourth and sixth words missed,
 * read to the tenth (a last word set), unless `lastWord` is false.
 */
async function confirmedReading(studentId: number, minutesAgo: number, lastWord = true) {
  const id = await storedRecording(ctx, { studentId, lessonId });
  await ctx.db.insert(recordingGrades).values({
    recordingId: id,
    accuracy: -2,
    expression: 3,
    selectedWordIds: [words[3]?.id as number, words[5]?.id as number],
    wpm: TEACHER_WCPM + 2,
    lastWordId: lastWord ? (words[9]?.id as number) : null,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
  return id;
}

let newestFirst: number[];

beforeAll(async () => {
  lessonId = (await catalogLessons(ctx)).second[0] as number;
  words = await ctx.db
    .select({ id: lessonWords.id, text: lessonWords.text })
    .from(lessonWords)
    .where(eq(lessonWords.lessonId, lessonId))
    .orderBy(asc(lessonWords.position));
  const { student } = world.people;
  // Seven confirmed readings, one too few; one graded without a last word, which never counts.
  newestFirst = [];
  for (let i = 0; i < MIN_LEARNT + MIN_CHECKED - 1; i++)
    newestFirst.push(await confirmedReading(student.id, 100 + i));
  await confirmedReading(student.id, 5, false);
}, 60_000);

describe("adapting the recogniser to a school", () => {
  it("waits for enough confirmed readings", async () => {
    const { asr, learnt } = fakeEngine({ base: 5, adapted: 1 });
    expect(await schoolsToAdapt(ctx.db, ENGINE)).toEqual([]);
    expect(await adaptSchool(deps(asr), world.school.id, aRun)).toBe("too few readings");
    expect(learnt).toEqual([]);
  });

  it("learns from all but the newest, checks on those, and keeps a model that comes nearer the teachers", async () => {
    newestFirst.unshift(await confirmedReading(world.people.student.id, 50));
    expect(await schoolsToAdapt(ctx.db, ENGINE)).toEqual([world.school.id]);
    const { asr, learnt, asked } = fakeEngine({ base: 5, adapted: 1 });
    expect(await adaptSchool(deps(asr), world.school.id, aRun)).toBe("kept");

    const checkedOn = newestFirst.slice(0, MIN_CHECKED);
    const learntFrom = newestFirst.slice(MIN_CHECKED);
    expect(learnt).toHaveLength(1);
    expect(learnt[0]?.map((r) => r.audioPath)).toEqual(
      learntFrom.map((id) => expect.stringContaining(`/${id}/video.mp4`)),
    );
    // What the teacher confirmed was said: up to the last word, less the two marked missed.
    const said = words
      .slice(0, 10)
      .filter((_, i) => i !== 3 && i !== 5)
      .map((w) => spoken(w.text))
      .filter(Boolean);
    expect(learnt[0]?.[0]?.said).toEqual(said);
    // Each checked reading is suggested by both models.
    expect(asked.map((a) => a.adaptation)).toEqual(
      checkedOn.flatMap(() => [null, `transform of ${MIN_LEARNT} readings`]),
    );
    const [row] = await ctx.db.select().from(schoolAdaptations);
    expect(row).toMatchObject({
      schoolId: world.school.id,
      engine: ENGINE,
      outcome: "kept",
      transform: `transform of ${MIN_LEARNT} readings`,
      learntFrom,
      checkedOn,
      checked: checkedOn.map(() => ({ base: 5, adapted: 1 })),
    });
    // Nothing new confirmed since: the night's sweep leaves the school alone.
    expect(await schoolsToAdapt(ctx.db, ENGINE)).toEqual([]);
  });

  it("suggests the school's next readings with its kept model, and others' with the base model", async () => {
    const { asr, asked } = fakeEngine({ base: 5, adapted: 1 });
    const mine = await storedRecording(ctx, { studentId: world.people.student.id, lessonId });
    const otherSchool = await ctx.factories.school();
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: otherSchool.id });
    const pupil = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const theirs = await storedRecording(ctx, { studentId: pupil.id, lessonId });
    const send = async () => {};
    for (const id of [mine, theirs]) {
      await queueSuggestion({ db: ctx.db, send, asr }, id);
      await suggestReading(deps(asr), id, aRun);
    }
    expect(asked.map((a) => a.adaptation)).toEqual([`transform of ${MIN_LEARNT} readings`, null]);
    const adapted = await ctx.db
      .select({ id: readingSuggestions.recordingId, adapted: readingSuggestions.adapted })
      .from(readingSuggestions)
      .orderBy(readingSuggestions.recordingId);
    expect(adapted).toEqual([
      { id: mine, adapted: true },
      { id: theirs, adapted: false },
    ]);
    const { body } = await world.clients.teacher.get(`/teacher/recordings/${mine}`);
    expect(body.data.entries.cold_read.suggestion).toMatchObject({
      status: "suggested",
      adapted: true,
    });
  });

  it("adapts again after enough new grades, and goes back to the base model when the new one is no better", async () => {
    // The first adaptation ran half an hour ago; teachers have graded ten readings since.
    await ctx.db.update(schoolAdaptations).set({ createdAt: new Date(Date.now() - 30 * 60_000) });
    const graded: number[] = [];
    for (let i = 0; i < ADAPT_AGAIN_AFTER; i++)
      graded.unshift(await confirmedReading(world.people.student.id, 20 - i));
    expect(await schoolsToAdapt(ctx.db, ENGINE)).toEqual([world.school.id]);
    // Another engine version has no adaptation of its own yet: it would start the school afresh.
    expect(await schoolsToAdapt(ctx.db, "other-engine/1")).toEqual([world.school.id]);
    const { asr, asked } = fakeEngine({ base: 2, adapted: 4 });
    // The base model answered the newest reading before the school was adapted: its stored
    // answer is used, not worked out again.
    const [newest] = graded;
    await ctx.db.insert(readingSuggestions).values({
      recordingId: newest as number,
      engine: ENGINE,
      status: "suggested",
      result: answerOff(2),
    });
    expect(await adaptSchool(deps(asr), world.school.id, aRun)).toBe("discarded");
    expect(asked.filter((a) => a.adaptation === null)).toHaveLength(MAX_CHECKED - 1);
    expect(asked.filter((a) => a.adaptation !== null)).toHaveLength(MAX_CHECKED);
    const rows = await ctx.db
      .select({ outcome: schoolAdaptations.outcome, transform: schoolAdaptations.transform })
      .from(schoolAdaptations)
      .orderBy(schoolAdaptations.id);
    expect(rows.at(-1)).toEqual({ outcome: "discarded", transform: null });
    const next = await storedRecording(ctx, { studentId: world.people.student.id, lessonId });
    await queueSuggestion({ db: ctx.db, send: async () => {}, asr }, next);
    asked.length = 0;
    await suggestReading(deps(asr), next, aRun);
    expect(asked).toEqual([{ adaptation: null }]);
  });
});

describe("staff's view of adapted schools", () => {
  it("shows each school's newest adaptation and agreement before and after; only to staff", async () => {
    const url = "/staff/suggestions/schools";
    expect(
      await checkMatrix(world, {
        method: "GET",
        url,
        expect: { anonymous: 401, staff: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
    // The server's own engine is none here: its newest adaptation of any engine is shown. Of
    // its 18 confirmed readings, 8 were there at its first adaptation and 10 came after.
    const { body } = await world.clients.staff.get(url);
    const school = body.data.find((s: { schoolId: number }) => s.schoolId === world.school.id);
    expect(school).toMatchObject({
      school: world.school.name,
      district: world.district.name,
      confirmed: MIN_LEARNT + MIN_CHECKED + ADAPT_AGAIN_AFTER,
      queued: false,
      latest: {
        engine: ENGINE,
        outcome: "discarded",
        learnt: expect.any(Number),
        base: { suggested: expect.any(Number), meanError: 2 },
        adapted: { meanError: 4 },
      },
    });
    expect(
      school.agreement.map((a: { adapted: boolean; suggested: number }) => [
        a.adapted,
        a.suggested,
      ]),
    ).toEqual([
      // The base model's: the newest reading before the second adaptation, and the reading
      // after it; the adapted model's, the reading between.
      [false, 2],
      [true, 1],
    ]);
  });

  it("lets staff adapt a school now, only where the server can adapt", async () => {
    const url = `/staff/suggestions/schools/${world.school.id}/adapt`;
    expect(
      await checkMatrix(world, {
        method: "POST",
        url,
        // This server has no engine: staff are told why, and nothing is queued.
        expect: { anonymous: 401, staff: 409 },
        otherwise: 403,
      }),
    ).toEqual([]);
    const refused = await world.clients.staff.post(url, {});
    expect(refused.body.message).toBe(suggestionMessages.cannotAdapt);
    const unknown = await world.clients.staff.post("/staff/suggestions/schools/999999/adapt", {});
    expect(unknown.status).toBe(404);
    // An id no school can have is no school either (bad-input.test.ts: ids answer 404).
    const malformed = await world.clients.staff.post("/staff/suggestions/schools/abc/adapt", {});
    expect(malformed.status).toBe(404);
    const queued = await ctx.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'school-adapt'`,
    );
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe("erasing a student", () => {
  it("erases every adaptation that learnt from their readings, and no other", async () => {
    const before = await ctx.db.select({ id: schoolAdaptations.id }).from(schoolAdaptations);
    expect(before.length).toBeGreaterThan(0);
    // A classmate who was never learnt from changes nothing.
    const classmate = await ctx.factories.user({
      role: "student",
      teacherId: world.people.teacher.id,
    });
    await world.clients.teacher.post("/teacher/students", {
      verb: "delete",
      student: { id: classmate.id },
    });
    expect(await ctx.db.select({ id: schoolAdaptations.id }).from(schoolAdaptations)).toEqual(
      before,
    );
    const reply = await world.clients.teacher.post("/teacher/students", {
      verb: "delete",
      student: { id: world.people.student.id },
    });
    expect(reply.status).toBe(200);
    expect(await ctx.db.select().from(schoolAdaptations)).toEqual([]);
    const left = await ctx.db
      .select({ id: recordings.id })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.studentId))
      .where(eq(users.id, world.people.student.id));
    expect(left).toEqual([]);
  });
});
