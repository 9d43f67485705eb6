import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ADAPT_AGAIN_AFTER,
  adaptationSplit,
  type CheckedReading,
  correctWordsPerMinute,
  keepsAdaptation,
  MAX_CHECKED,
  MAX_LEARNT,
  READINGS_TO_ADAPT,
  type SuggestionResult,
  suggestionResult,
} from "@refrain/domain";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { confirmedWords } from "../../adapters/asr/adapt.ts";
import type { AsrProvider, AsrRequest } from "../../adapters/asr/index.ts";
import type { Storage } from "../../adapters/storage.ts";
import { enrolledStudents, studentsOfSchool } from "../../core/access.ts";
import { type JobRun, type Log, SCHEMA } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import { readingSuggestions, schoolAdaptations } from "../../db/schema/index.ts";
import { lessonWordsInOrder } from "./suggest.ts";

/**
 * The recogniser learns a school's voices (issue 38): the "school-adapt" job turns the school's
 * readings whose words its teachers confirmed into an MLLR transform of the engine's model
 * (adapters/asr/adapt.ts), suggests the newest ones it did not learn from with both models, and
 * keeps the transform for the school's next suggestions only when it beats the base model there
 * (domain `keepsAdaptation`). Every attempt is a `school_adaptations` row; the school's newest
 * one for the engine in use decides which model its readings get. Everything stays on this
 * server.
 */

/** A school's reading a teacher graded with a last word, its media still kept. */
export interface ConfirmedSchoolReading {
  id: number;
  lessonId: number;
  videoKey: string;
  missed: number[];
  lastWordId: number;
  /** The grade's correct words per minute. */
  wcpm: number | null;
}

/**
 * The school's confirmed readings, newest grade first: each reading's newest grade (an earlier
 * one was corrected), of the students in the school's classes (access.ts).
 */
function confirmedReadings(db: Db, schoolId: number, limit: number | null) {
  return db.execute(sql`
    select r.id, r.lesson_id as "lessonId", r.video_key as "videoKey",
      g.selected_word_ids as missed, g.last_word_id as "lastWordId", g.wpm, g.accuracy,
      g.created_at as "gradedAt"
    from recordings r
    join users on users.id = r.student_id
    join lateral (
      select selected_word_ids, last_word_id, wpm, accuracy, created_at
      from recording_grades
      where recording_id = r.id
      order by created_at desc, id desc
      limit 1
    ) g on true
    where ${studentsOfSchool(schoolId)}
      and r.status = 'complete' and r.classification <> 'stitched'
      and r.video_key is not null and r.media_purged_at is null
      and g.last_word_id is not null
    order by g.created_at desc, r.id desc
    ${limit === null ? sql`` : sql`limit ${limit}`}`) as unknown as Promise<{
    rows: (Omit<ConfirmedSchoolReading, "wcpm"> & {
      wpm: number;
      accuracy: number;
      gradedAt: Date | string;
    })[];
  }>;
}

/**
 * The transform a reading's suggestion uses: its school's newest adaptation for this engine,
 * when that one was kept; null for the base model (no school, none yet, or not kept).
 */
export async function transformFor(
  db: Db,
  recordingId: number,
  engine: string,
): Promise<string | null> {
  const result = (await db.execute(sql`
    select a.transform from recordings r
    join users u on u.id = r.student_id
    join users t on t.id = u.teacher_id
    join lateral (
      select transform from school_adaptations
      where school_id = t.school_id and engine = ${engine}
      order by created_at desc, id desc
      limit 1
    ) a on true
    where r.id = ${recordingId}`)) as unknown as { rows: { transform: string | null }[] };
  return result.rows[0]?.transform ?? null;
}

/** Runs `use` in a temporary folder of its own, removed after. */
async function inTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "refrain-mllr-"));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `use` with the transform in a file for the engine to read, or with none. */
export function withTransform<T>(
  transform: string | null,
  use: (path: string | undefined) => Promise<T>,
): Promise<T> {
  if (transform === null) return use(undefined);
  return inTempDir(async (dir) => {
    await writeFile(join(dir, "mllr_matrix"), transform);
    return use(join(dir, "mllr_matrix"));
  });
}

/** Each media file in a local path for the length of `use`, however the store keeps them. */
function withLocalFiles<T>(
  media: Storage,
  keys: readonly string[],
  use: (paths: string[]) => Promise<T>,
  held: string[] = [],
): Promise<T> {
  const [key, ...rest] = keys;
  if (key === undefined) return use(held);
  return media.withLocalFile(key, (path) => withLocalFiles(media, rest, use, [...held, path]));
}

/** What the base model of `engine` answered for these readings, where the job has stored it. */
async function baseAnswers(db: Db, recordingIds: number[], engine: string) {
  const rows = await db
    .select({ id: readingSuggestions.recordingId, result: readingSuggestions.result })
    .from(readingSuggestions)
    .where(
      and(
        inArray(readingSuggestions.recordingId, recordingIds),
        eq(readingSuggestions.engine, engine),
        eq(readingSuggestions.adapted, false),
        isNotNull(readingSuggestions.result),
      ),
    );
  return new Map(rows.flatMap((r) => (r.result ? [[r.id, r.result] as const] : [])));
}

/** Longer than any run: sphinxtrain's own steps stop at 10 minutes each (adapt.ts). */
export const ADAPT_EXPIRE_SECONDS = 30 * 60;

export interface AdaptDeps {
  db: Db;
  media: Storage;
  asr: AsrProvider;
  log: Log;
}

export type AdaptOutcome = "kept" | "discarded" | "too few readings" | "cannot adapt";

/** One run of the "school-adapt" job: adapts the engine to the school, or says why not. */
export async function adaptSchool(
  deps: AdaptDeps,
  schoolId: number,
  run: Pick<JobRun, "signal">,
): Promise<AdaptOutcome> {
  const { db, media, asr, log } = deps;
  const adapt = asr.adapt;
  if (!adapt) return "cannot adapt";
  const { rows } = await confirmedReadings(db, schoolId, MAX_CHECKED + MAX_LEARNT);
  const split = adaptationSplit(
    rows.map((r) => ({ ...r, wcpm: correctWordsPerMinute(r.wpm, r.accuracy) })),
  );
  if (!split) return "too few readings";
  const { checkOn, learnFrom } = split;
  const lessons = await lessonWordsInOrder(db, [
    ...new Set([...checkOn, ...learnFrom].map((r) => r.lessonId)),
  ]);
  const wordsOf = (lessonId: number) => lessons.filter((w) => w.lessonId === lessonId);
  const started = performance.now();

  const transform = await inTempDir(async (dir) => {
    const out = join(dir, "mllr_matrix");
    await withLocalFiles(
      media,
      learnFrom.map((r) => r.videoKey),
      (paths) =>
        adapt(
          learnFrom.map((r, i) => {
            const words = wordsOf(r.lessonId);
            const missed = new Set(r.missed);
            return {
              audioPath: paths[i] as string,
              said: confirmedWords(
                words.map((w) => w.text),
                words.findIndex((w) => w.id === r.lastWordId),
                new Set(words.flatMap((w, index) => (missed.has(w.id) ? [index] : []))),
              ),
            };
          }),
          out,
          run.signal,
        ),
    );
    return readFile(out, "utf8");
  });

  // The base model's answers to the readings checked on are mostly stored already.
  const stored = await baseAnswers(
    db,
    checkOn.map((r) => r.id),
    asr.engine,
  );
  const checked: CheckedReading[] = [];
  await withTransform(transform, async (adaptation) => {
    for (const reading of checkOn) {
      const words = wordsOf(reading.lessonId).map((w) => w.text);
      const off = (result: SuggestionResult) =>
        result.status === "suggested" && reading.wcpm !== null
          ? Math.abs(result.wcpm - reading.wcpm)
          : null;
      checked.push(
        await media.withLocalFile(reading.videoKey, async (audioPath) => {
          const suggest = (request: Omit<AsrRequest, "audioPath" | "words" | "signal">) =>
            asr
              .suggest({ audioPath, words, signal: run.signal, ...request })
              .then((result) => suggestionResult.parse(result));
          return {
            base: off(stored.get(reading.id) ?? (await suggest({}))),
            adapted: off(await suggest({ adaptation })),
          };
        }),
      );
    }
  });
  const kept = keepsAdaptation(checked);
  await db.insert(schoolAdaptations).values({
    schoolId,
    engine: asr.engine,
    outcome: kept ? "kept" : "discarded",
    transform: kept ? transform : null,
    learntFrom: learnFrom.map((r) => r.id),
    checkedOn: checkOn.map((r) => r.id),
    checked,
  });
  log.info(
    {
      schoolId,
      learnt: learnFrom.length,
      checked,
      kept,
      seconds: Math.round((performance.now() - started) / 1000),
    },
    "adapted the recogniser to a school",
  );
  return kept ? "kept" : "discarded";
}

/**
 * Per school with any: its confirmed readings, and how many of them were graded after its
 * newest adaptation for `engine` (of any engine when null; all of them before the first).
 */
export async function confirmedBySchool(db: Db, engine: string | null) {
  const result = (await db.execute(sql`
    select t.school_id as "schoolId", count(*)::int as confirmed,
      count(*) filter (where g.created_at > coalesce(a.created_at, '-infinity'))::int as newer
    from recordings r
    join users on users.id = r.student_id
    join users t on t.id = users.teacher_id
    join lateral (
      select last_word_id, created_at from recording_grades
      where recording_id = r.id
      order by created_at desc, id desc
      limit 1
    ) g on true
    left join lateral (
      select created_at from school_adaptations
      where school_id = t.school_id ${engine === null ? sql`` : sql`and engine = ${engine}`}
      order by created_at desc, id desc
      limit 1
    ) a on true
    where ${enrolledStudents} and t.school_id is not null
      and r.status = 'complete' and r.classification <> 'stitched'
      and r.video_key is not null and r.media_purged_at is null
      and g.last_word_id is not null
    group by t.school_id, a.created_at`)) as unknown as {
    rows: { schoolId: number; confirmed: number; newer: number }[];
  };
  return result.rows;
}

/** The schools whose adaptation waits in the queue or is being made. */
export async function queuedAdaptations(db: Db): Promise<Set<number>> {
  const result = (await db.execute(sql`
    select distinct (data ->> 'schoolId')::int as "schoolId"
    from ${sql.identifier(SCHEMA)}.job
    where name = 'school-adapt' and state in ('created', 'retry', 'active')`)) as unknown as {
    rows: { schoolId: number }[];
  };
  return new Set(result.rows.map((r) => r.schoolId));
}

/**
 * The schools the nightly sweep adapts: enough confirmed readings, none queued already, and
 * none adapted for the engine in use yet or ADAPT_AGAIN_AFTER readings confirmed since its
 * newest adaptation.
 */
export async function schoolsToAdapt(db: Db, engine: string): Promise<number[]> {
  const queued = await queuedAdaptations(db);
  return (await confirmedBySchool(db, engine))
    .filter(
      (r) =>
        r.confirmed >= READINGS_TO_ADAPT &&
        !queued.has(r.schoolId) &&
        (r.newer === r.confirmed || r.newer >= ADAPT_AGAIN_AFTER),
    )
    .map((r) => r.schoolId)
    .sort((a, b) => a - b);
}

/**
 * Inside an erasing transaction, before the people go: adaptations that learnt from any of
 * their readings are erased too, so no model keeps what a child's voice taught it.
 */
export async function forgetAdaptationsOf(
  tx: { execute: (query: SQL) => Promise<unknown> },
  userIds: readonly number[],
) {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    delete from school_adaptations a
    where a.learnt_from && array(
      select r.id from recordings r
      where r.student_id = any(${`{${userIds.join(",")}}`}::int[]))`);
}
