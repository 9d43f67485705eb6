import {
  DEFAULT_SUGGESTION_HELP,
  presentSuggestion,
  type ReadingSuggestion,
  type SuggestionHelp,
  suggestionMessages,
  suggestionResult,
} from "@refrain/domain";
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, notExists, sql } from "drizzle-orm";
import type { AsrProvider } from "../../adapters/asr/index.ts";
import { HelperStopped } from "../../adapters/helper-process.ts";
import type { Storage } from "../../adapters/storage.ts";
import { studentsOf } from "../../core/access.ts";
import { conflict } from "../../core/errors.ts";
import type { JobRun, Jobs, Log } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import {
  lessonWords,
  readingSuggestions,
  recordings,
  suggestionHelp,
  users,
} from "../../db/schema/index.ts";
import { transformFor, withTransform } from "./adaptation.ts";
import { classRecording } from "./service.ts";

/**
 * The "reading-suggest" job (issue 20): once a cold, hot or benchmark reading is processed, the
 * configured speech recogniser suggests its missed words, last word and WCPM, or declines with
 * its reason. The row is `pending` from the moment the job is queued, so the grading modal
 * can say so; the result is written whole, in one statement, or the row becomes `failed` on
 * the queue's last try, which a teacher can try again.
 */

/** pg-boss retries a failed run this many times, with backoff (jobs/index.ts). */
export const SUGGEST_RETRIES = 2;
/** Longer than any run: the recogniser takes well under the reading's length (90 s at most). */
export const SUGGEST_EXPIRE_SECONDS = 5 * 60;
/** What an operator's log keeps of a failure in the row; a teacher never sees it. */
const ERROR_MAX = 1000;

export interface SuggestDeps {
  db: Db;
  media: Storage;
  asr: AsrProvider;
  log: Log;
}

/**
 * Marks a reading's suggestion pending and queues its job; nothing without an engine. A reading
 * processed again (a failed processing retried) starts its suggestion over.
 */
export async function queueSuggestion(
  deps: { db: Db; send: Jobs["send"]; asr?: AsrProvider | null },
  recordingId: number,
) {
  const { db, send, asr } = deps;
  if (!asr) return;
  await db
    .insert(readingSuggestions)
    .values({ recordingId, engine: asr.engine })
    .onConflictDoUpdate({
      target: readingSuggestions.recordingId,
      set: {
        engine: asr.engine,
        status: "pending",
        result: null,
        adapted: false,
        error: null,
        attempts: 0,
        updatedAt: sql`now()`,
      },
    });
  await send("reading-suggest", { recordingId });
}

/** How many readings one hourly sweep queues for suggestions at most. */
const BACKFILL_BATCH = 200;

/**
 * Readings processed before there was an engine (or before this feature) have no suggestion:
 * the hourly sweep queues them, oldest last, a batch at a time, so an upgraded server catches
 * up without flooding its worker.
 */
export async function queueUnsuggested(deps: {
  db: Db;
  send: Jobs["send"];
  asr?: AsrProvider | null;
}) {
  if (!deps.asr) return 0;
  const rows = await deps.db
    .select({ id: recordings.id })
    .from(recordings)
    .where(
      and(
        eq(recordings.status, "complete"),
        ne(recordings.classification, "stitched"),
        isNotNull(recordings.videoKey),
        isNull(recordings.mediaPurgedAt),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(readingSuggestions)
            .where(eq(readingSuggestions.recordingId, recordings.id)),
        ),
      ),
    )
    .orderBy(desc(recordings.id))
    .limit(BACKFILL_BATCH);
  for (const { id } of rows) await queueSuggestion(deps, id);
  return rows.length;
}

/** The passage's words in lesson order: index i of a suggestion is the i-th of them. */
export function lessonWordsInOrder(db: Db, lessonIds: number[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: lessonWords.id, lessonId: lessonWords.lessonId, text: lessonWords.text })
    .from(lessonWords)
    .where(inArray(lessonWords.lessonId, lessonIds))
    .orderBy(asc(lessonWords.lessonId), asc(lessonWords.position));
}

/**
 * One run of the job. A reading erased or deleted meanwhile (its row goes with it) ends
 * quietly; so does a suggestion already written. Errors are thrown for the queue's retry, and
 * the last one marks the row failed.
 */
export async function suggestReading(deps: SuggestDeps, recordingId: number, run: JobRun) {
  const { db, media, asr, log } = deps;
  const [claimed] = await db
    .update(readingSuggestions)
    .set({ attempts: sql`${readingSuggestions.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(readingSuggestions.recordingId, recordingId),
        eq(readingSuggestions.status, "pending"),
      ),
    )
    .returning({ recordingId: readingSuggestions.recordingId });
  if (!claimed) return;
  const [reading] = await db
    .select({ videoKey: recordings.videoKey, lessonId: recordings.lessonId })
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), eq(recordings.status, "complete")));
  try {
    // Retention removed the media (or processing is being redone): nothing to listen to.
    if (!reading?.videoKey) throw new Error("the reading has no processed media");
    const { videoKey, lessonId } = reading;
    const words = (await lessonWordsInOrder(db, [lessonId])).map((w) => w.text);
    // The model adapted to the reader's school, when its newest adaptation was kept.
    const transform = await transformFor(db, recordingId, asr.engine);
    const result = suggestionResult.parse(
      await withTransform(transform, (adaptation) =>
        media.withLocalFile(videoKey, (audioPath) =>
          asr.suggest({ audioPath, words, adaptation, signal: run.signal }),
        ),
      ),
    );
    await db
      .update(readingSuggestions)
      .set({
        engine: asr.engine,
        status: result.status,
        result,
        adapted: transform !== null,
        error: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(readingSuggestions.recordingId, recordingId),
          eq(readingSuggestions.status, "pending"),
        ),
      );
  } catch (error) {
    // Its decoder was ended with the server: tried again after the restart, never failed for it.
    if (error instanceof HelperStopped) throw error;
    if (!(await pendingSuggestion(db, recordingId))) return;
    log.warn({ recordingId, error: String(error) }, "suggesting a reading's scoring failed");
    if (!run.lastTry) throw error;
    await db
      .update(readingSuggestions)
      .set({
        status: "failed",
        error: String(error).slice(0, ERROR_MAX),
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(readingSuggestions.recordingId, recordingId),
          eq(readingSuggestions.status, "pending"),
        ),
      );
  }
}

async function pendingSuggestion(db: Db, recordingId: number) {
  const [row] = await db
    .select({ id: readingSuggestions.recordingId })
    .from(readingSuggestions)
    .where(
      and(
        eq(readingSuggestions.recordingId, recordingId),
        eq(readingSuggestions.status, "pending"),
      ),
    );
  return row !== undefined;
}

/** The suggestions of these readings as the grading modal shows them, by recording id. */
export async function suggestionsOf(
  db: Db,
  readings: { id: number; lessonId: number }[],
): Promise<Map<number, ReadingSuggestion>> {
  const shown = new Map<number, ReadingSuggestion>();
  if (readings.length === 0) return shown;
  const rows = await db
    .select({
      recordingId: readingSuggestions.recordingId,
      status: readingSuggestions.status,
      engine: readingSuggestions.engine,
      result: readingSuggestions.result,
      adapted: readingSuggestions.adapted,
    })
    .from(readingSuggestions)
    .where(
      inArray(
        readingSuggestions.recordingId,
        readings.map((r) => r.id),
      ),
    );
  if (rows.length === 0) return shown;
  const words = await lessonWordsInOrder(db, [...new Set(readings.map((r) => r.lessonId))]);
  for (const row of rows) {
    const lessonId = readings.find((r) => r.id === row.recordingId)?.lessonId;
    const ids = words.filter((w) => w.lessonId === lessonId).map((w) => w.id);
    shown.set(row.recordingId, presentSuggestion(row, ids));
  }
  return shown;
}

/**
 * POST /teacher/recordings/{id}/suggestions/retry: a failed suggestion of the teacher's class
 * goes back to pending for the engine now configured (the caller queues it); 404 when not
 * theirs, 409 when not failed.
 */
export async function retrySuggestion(db: Db, teacherId: number, id: number, engine: string) {
  const inClass = db
    .select({ id: users.id })
    .from(users)
    .innerJoin(recordings, eq(recordings.studentId, users.id))
    .where(and(eq(recordings.id, readingSuggestions.recordingId), studentsOf(teacherId)));
  const [updated] = await db
    .update(readingSuggestions)
    .set({ engine, status: "pending", error: null, attempts: 0, updatedAt: sql`now()` })
    .where(
      and(
        eq(readingSuggestions.recordingId, id),
        eq(readingSuggestions.status, "failed"),
        sql`exists (${inClass})`,
      ),
    )
    .returning({ engine: readingSuggestions.engine });
  if (!updated) {
    // Tell "not yours" (404) from "not failed" (409) only to the teacher whose it is.
    await classRecording(db, teacherId, id);
    throw conflict(suggestionMessages.notFailed);
  }
  return { status: "pending" as const, engine: updated.engine };
}

/** GET /teacher/suggestions/help: the teacher's help level, the default until they pick one. */
export async function suggestionHelpOf(db: Db, teacherId: number) {
  const [row] = await db
    .select({ help: suggestionHelp.help })
    .from(suggestionHelp)
    .where(eq(suggestionHelp.teacherId, teacherId));
  return { help: row?.help ?? DEFAULT_SUGGESTION_HELP };
}

/** POST /teacher/suggestions/help: keeps the teacher's help level for every reading they grade. */
export async function setSuggestionHelp(db: Db, teacherId: number, help: SuggestionHelp) {
  await db
    .insert(suggestionHelp)
    .values({ teacherId, help })
    .onConflictDoUpdate({
      target: suggestionHelp.teacherId,
      set: { help, updatedAt: sql`now()` },
    });
  return { help };
}
