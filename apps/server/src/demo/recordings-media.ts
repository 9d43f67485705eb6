import { createHash } from "node:crypto";
import { join } from "node:path";
import type { RecordedClassification } from "@refrain/domain";
import { and, asc, eq, inArray, isNull, ne, type SQL } from "drizzle-orm";
import type { Storage } from "../adapters/storage.ts";
import { cachedReadingClip, type ReadingClip, recordingFolder } from "../areas/fluency/index.ts";
import type { Db } from "../db/client.ts";
import { lessons, lessonWords, recordings, users } from "../db/schema/index.ts";

/**
 * Makes the demo recordings' files (recordings.ts seeds their rows without one) and hands each
 * to processing as soon as it is stored, so the teacher's list fills in one reading after
 * another. Runs in the background after the server listens; a start interrupted half-way
 * resumes with the rows still owed (their `source_key` is null): the clips already made wait in
 * DATA_DIR/demo-media, and a row given its source is never made or queued again (should the
 * queue miss it, processing's hourly sweep of stored readings sends it).
 */

/** How long each kind of reading lasts at most: a short demo keeps the first start cheap. */
const SECONDS = { cold_read: 30, hot_read: 25, benchmark: 35 } as const;

export interface DemoMediaDeps {
  db: Db;
  /** Where recordings' files live (DATA_DIR/media). */
  media: Storage;
  dataDir: string;
  /** Queues a stored recording's processing. */
  queue(recordingId: number): Promise<void>;
  /** Every reading this long at most, instead of each kind's own (tests: tiny clips). */
  seconds?: number;
}

/** What a demo reading is made from: who read which lesson, how. */
export interface DemoReading {
  classification: RecordedClassification;
  lyricsOnly: boolean;
  slug: string;
  title: string;
  firstName: string;
  lastName: string;
}

/**
 * A demo reading's clip, and the name its file is cached under, from what it is, never from
 * database ids: the demo grades (grades.ts) mark the very words this clip skips or swaps.
 */
export function demoReadingClip(
  r: DemoReading,
  words: string[],
  seconds: number = SECONDS[r.classification],
): { clip: ReadingClip; cacheName: string } {
  const digest = createHash("sha256")
    .update(
      JSON.stringify([r.firstName, r.lastName, r.slug, r.classification, r.lyricsOnly, seconds]),
    )
    .digest();
  return {
    clip: {
      words,
      firstName: r.firstName,
      lessonTitle: r.title,
      seed: digest.readUInt32BE(0),
      seconds,
      lyricsOnly: r.lyricsOnly,
      practised: r.classification === "hot_read",
    },
    cacheName: `${digest.toString("hex").slice(0, 24)}.webm`,
  };
}

/**
 * The demo readings `where` picks (comparisons are made by processing, never read aloud), with
 * their student, their lesson and its words in order, oldest reading first.
 */
export async function loadDemoReadings(db: Db, where?: SQL) {
  const rows = await db
    .select({
      id: recordings.id,
      classification: recordings.classification,
      lyricsOnly: recordings.lyricsOnly,
      createdAt: recordings.createdAt,
      lessonId: recordings.lessonId,
      slug: lessons.slug,
      title: lessons.title,
      firstName: users.firstName,
      lastName: users.lastName,
      teacherId: users.teacherId,
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(and(ne(recordings.classification, "stitched"), where))
    .orderBy(asc(recordings.id));
  if (rows.length === 0) return [];
  const words = await db
    .select({ id: lessonWords.id, lessonId: lessonWords.lessonId, text: lessonWords.text })
    .from(lessonWords)
    .where(inArray(lessonWords.lessonId, [...new Set(rows.map((r) => r.lessonId))]))
    .orderBy(asc(lessonWords.lessonId), asc(lessonWords.position));
  const wordsOf = new Map<number, { id: number; text: string }[]>();
  for (const w of words) wordsOf.set(w.lessonId, [...(wordsOf.get(w.lessonId) ?? []), w]);
  return rows.map((r) => ({
    ...r,
    // The query leaves the comparisons out.
    classification: r.classification as RecordedClassification,
    words: wordsOf.get(r.lessonId) ?? [],
  }));
}

/** Makes, stores and queues every demo recording still owed; how many, and how long it took. */
export async function makeDemoRecordings(
  deps: DemoMediaDeps,
): Promise<{ made: number; ms: number }> {
  const started = performance.now();
  const { db, media } = deps;
  const owed = await loadDemoReadings(
    db,
    and(isNull(recordings.sourceKey), eq(recordings.status, "queued")),
  );
  if (owed.length === 0) return { made: 0, ms: 0 };

  let made = 0;
  // Newest first, so a teacher's New readings and the shared one are ready before a screening
  // window's months-old readings; one at a time: the other core serves requests and runs the
  // processing these queue.
  const newestFirst = [...owed].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  );
  for (const r of newestFirst) {
    const { clip, cacheName } = demoReadingClip(
      r,
      r.words.map((w) => w.text),
      deps.seconds,
    );
    const webm = await cachedReadingClip(join(deps.dataDir, "demo-media", cacheName), clip);
    const key = `${recordingFolder(r.id)}/source`;
    // Stored whole already when an earlier start stopped before giving the row its source.
    if ((await media.size(key)) !== webm.length) await media.put(key, webm);
    // The source makes the row a stored reading, then it is queued; only the run that sets it
    // queues it.
    const [stored] = await db
      .update(recordings)
      .set({ sourceKey: key, sourceBytes: webm.length })
      .where(and(eq(recordings.id, r.id), isNull(recordings.sourceKey)))
      .returning({ id: recordings.id });
    if (!stored) continue;
    await deps.queue(r.id);
    made++;
  }
  return { made, ms: Math.round(performance.now() - started) };
}
