import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fluencyMessages, RECORDING_LIMITS } from "@refrain/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AsrProvider } from "../../adapters/asr/index.ts";
import { HelperStopped } from "../../adapters/helper-process.ts";
import { FFMPEG_THREADS, ffmpeg, MediaError, probe } from "../../adapters/media.ts";
import type { Storage } from "../../adapters/storage.ts";
import type { Jobs, Log } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import { recordings } from "../../db/schema/index.ts";
import { transcodeSpeed } from "../../metrics.ts";
import { deleteRecordingFiles, recordingFolder } from "./service.ts";
import { queueSuggestion } from "./suggest.ts";

/**
 * The "recording-process" job: an upload (or a cold/hot pair) becomes a 360p H.264/AAC MP4 with
 * faststart, or an M4A when sound only, with a JPEG picture and its duration. Idempotent: a job
 * redone after a crash or an expiry starts over from the source and overwrites what a previous
 * run left, and a recording already complete, failed or deleted is left alone.
 */

/** Hands a recording to processing (after its upload, a retry, or the demo's seeding). */
export async function queueRecordingProcessing(jobs: Pick<Jobs, "send">, recordingId: number) {
  await jobs.send("recording-process", { recordingId });
}

/** pg-boss retries a failed run this many times, with backoff (jobs/index.ts). */
export const PROCESS_RETRIES = 3;
/** Longer than any run: 90 s of video at ≥ 4× real time, or a 2 × 90 s comparison. */
export const PROCESS_EXPIRE_SECONDS = 5 * 60;

/**
 * How every recording's sound is kept: AAC at 96 kb/s. Suggested scoring listens to this, so
 * its bench (bench/asr/score.ts) puts its readings through the same encoding.
 */
export const AAC_AUDIO = ["-c:a", "aac", "-b:a", "96k"];
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
const UNEXPECTED = "Processing stopped unexpectedly. Please try again.";

export interface ProcessDeps {
  db: Db;
  media: Storage;
  log: Log;
  send: Jobs["send"];
  /** ffmpeg's time limit, kept inside the job's expiry so a run never overlaps its redo. */
  timeoutMs?: number;
  /** The speech recogniser that suggests a processed reading's scoring; none, no suggestions. */
  asr?: AsrProvider | null;
}

interface Made {
  videoPath: string;
  videoType: "video/mp4" | "audio/mp4";
  thumbnailPath: string;
  durationSeconds: number;
}

/** One run of the job; `lastTry` says a failure now is final (status failed). */
export async function processRecording(
  deps: ProcessDeps,
  recordingId: number,
  run: { lastTry: boolean; signal?: AbortSignal },
) {
  const { db, media, log } = deps;
  const [claimed] = await db
    .update(recordings)
    .set({ status: "processing", attempts: sql`${recordings.attempts} + 1` })
    .where(
      and(eq(recordings.id, recordingId), inArray(recordings.status, ["queued", "processing"])),
    )
    .returning({
      classification: recordings.classification,
      lyricsOnly: recordings.lyricsOnly,
      sourceKey: recordings.sourceKey,
      coldId: recordings.coldId,
      hotId: recordings.hotId,
      studentId: recordings.studentId,
      lessonId: recordings.lessonId,
    });
  if (!claimed) return;
  const work = await mkdtemp(join(tmpdir(), "refrain-recording-"));
  const options = { signal: run.signal, timeoutMs: deps.timeoutMs ?? 4 * 60_000 };
  try {
    const started = performance.now();
    const made =
      claimed.coldId !== null && claimed.hotId !== null
        ? await makeComparison(deps, work, claimed.coldId, claimed.hotId, options)
        : await media.withLocalFile(sourceKeyOf(claimed.sourceKey), (source) =>
            makeRecording(source, work, claimed.lyricsOnly, options),
          );
    if (made.durationSeconds > 0)
      transcodeSpeed.observe(made.durationSeconds / ((performance.now() - started) / 1000));
    const folder = recordingFolder(recordingId);
    const videoKey = `${folder}/${made.videoType === "audio/mp4" ? "audio.m4a" : "video.mp4"}`;
    await media.putFile(videoKey, made.videoPath);
    await media.putFile(`${folder}/thumbnail.jpg`, made.thumbnailPath);
    const [done] = await db
      .update(recordings)
      .set({
        status: "complete",
        failure: null,
        videoKey,
        videoType: made.videoType,
        thumbnailKey: `${folder}/thumbnail.jpg`,
        durationSeconds: made.durationSeconds,
        processedAt: new Date(),
      })
      .where(and(eq(recordings.id, recordingId), eq(recordings.status, "processing")))
      .returning({ id: recordings.id });
    if (!done && !(await stillThere(db, recordingId))) {
      // Deleted while it ran (its student erased, or the reading itself): the erasure may
      // already have emptied the folder, so what this run just wrote would be left behind.
      await deleteRecordingFiles(media, recordingId);
      return;
    }
    // A comparison is not graded, so it gets no suggestion; its two readings have theirs.
    if (done && claimed.classification !== "stitched") {
      await queueSuggestion(deps, recordingId);
      await compareWhenPaired(deps, claimed.studentId, claimed.lessonId);
    }
  } catch (error) {
    // Its ffmpeg was ended with the server: redone after the restart, never failed for it.
    if (error instanceof HelperStopped) throw error;
    const known = error instanceof MediaError;
    log.warn(
      { recordingId, detail: (error as { detail?: string }).detail, error: String(error) },
      "recording processing failed",
    );
    // A file ffmpeg cannot take fails the same way every time: no retry for it.
    if (!known && !run.lastTry) throw error;
    await db
      .update(recordings)
      .set({ status: "failed", failure: known ? error.message : UNEXPECTED })
      .where(eq(recordings.id, recordingId));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function stillThere(db: Db, recordingId: number) {
  const [row] = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(eq(recordings.id, recordingId));
  return row !== undefined;
}

type Options = { signal?: AbortSignal; timeoutMs: number };

/** A reading without its upload (a row made by hand) fails for good, in words. */
function sourceKeyOf(key: string | null) {
  if (!key) throw new MediaError("The recording's file is missing.");
  return key;
}

/** The upload normalised: remuxed when already H.264/AAC, else transcoded to 360p. */
async function makeRecording(
  source: string,
  work: string,
  lyricsOnly: boolean,
  options: Options,
): Promise<Made> {
  const input = await probe(source, options);
  if (!input.video && !input.audio)
    throw new MediaError("The recording holds neither video nor sound.");
  if (
    input.durationSeconds !== null &&
    input.durationSeconds > RECORDING_LIMITS.maxProcessedSeconds
  )
    throw new MediaError(fluencyMessages.tooLong);
  const audioOnly = lyricsOnly || !input.video;
  const out = join(work, audioOnly ? "out.m4a" : "out.mp4");
  // A second past the limit is enough to tell a too-long recording (WebM has no duration).
  const head = ["-i", source, "-t", String(RECORDING_LIMITS.maxProcessedSeconds + 1)];
  const tail = ["-movflags", "+faststart", "-threads", FFMPEG_THREADS, out];
  const failure = "The recording could not be converted to video.";
  if (audioOnly) {
    if (!input.audio) throw new MediaError("The recording has no sound.");
    await ffmpeg([...head, "-vn", ...AAC_AUDIO, ...tail], failure, options);
  } else if (input.video?.codec === "h264" && (input.audio?.codec ?? "aac") === "aac") {
    await ffmpeg(
      [...head, "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", ...tail],
      failure,
      options,
    );
  } else {
    await ffmpeg(
      [
        ...head,
        ...["-map", "0:v:0", "-map", "0:a:0?", "-vf", "scale=-2:360,format=yuv420p"],
        ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "28"],
        ...AAC_AUDIO,
        ...tail,
      ],
      failure,
      options,
    );
  }
  return finish(out, work, audioOnly, options);
}

/** The duration of what was made, and its picture. */
async function finish(out: string, work: string, audioOnly: boolean, options: Options) {
  const made = await probe(out, options);
  const durationSeconds = made.durationSeconds ?? 0;
  if (durationSeconds > RECORDING_LIMITS.maxProcessedSeconds)
    throw new MediaError(fluencyMessages.tooLong);
  const thumbnailPath = join(work, "thumbnail.jpg");
  const failure = "The recording's picture could not be made.";
  if (audioOnly)
    await ffmpeg(
      [
        "-i",
        out,
        "-filter_complex",
        "showwavespic=s=640x360:colors=#1c7ed6",
        "-frames:v",
        "1",
        thumbnailPath,
      ],
      failure,
      options,
    );
  else
    await ffmpeg(
      // About a second in, past a first black frame; halfway into a shorter clip.
      [
        "-ss",
        String(Math.min(1, durationSeconds / 2)),
        "-i",
        out,
        "-frames:v",
        "1",
        "-vf",
        "scale=-2:360",
        thumbnailPath,
      ],
      failure,
      options,
    );
  return {
    videoPath: out,
    videoType: audioOnly ? ("audio/mp4" as const) : ("video/mp4" as const),
    thumbnailPath,
    durationSeconds,
  };
}

const label = (text: string) =>
  `drawtext=fontfile=${FONT}:text='${text}':x=12:y=12:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8`;

/**
 * The Comparison: cold and hot side by side, labelled, their sound mixed; one after the other
 * when either is sound only.
 */
async function makeComparison(
  { db, media }: ProcessDeps,
  work: string,
  coldId: number,
  hotId: number,
  options: Options,
): Promise<Made> {
  const pair = await readingFiles(db, coldId, hotId);
  return media.withLocalFile(pair.cold.key, (cold) =>
    media.withLocalFile(pair.hot.key, async (hot) => {
      const audioOnly = pair.cold.type === "audio/mp4" || pair.hot.type === "audio/mp4";
      const out = join(work, audioOnly ? "out.m4a" : "out.mp4");
      const failure = "The comparison could not be made.";
      const tail = ["-movflags", "+faststart", "-threads", FFMPEG_THREADS, out];
      if (audioOnly) {
        const graph = "[0:a][1:a]concat=n=2:v=0:a=1[a]";
        await ffmpeg(
          ["-i", cold, "-i", hot, "-filter_complex", graph, "-map", "[a]", ...AAC_AUDIO, ...tail],
          failure,
          options,
        );
      } else {
        const [coldProbe, hotProbe] = [await probe(cold, options), await probe(hot, options)];
        const side = (i: number, text: string) =>
          `[${i}:v]scale=-2:360,setsar=1,format=yuv420p,${label(text)}[v${i}]`;
        const sounds = [coldProbe.audio ? "[0:a]" : "", hotProbe.audio ? "[1:a]" : ""].join("");
        const mix =
          sounds.length === 0
            ? ""
            : `;${sounds}amix=inputs=${sounds.split("][").length}:duration=longest[a]`;
        const graph = `${side(0, "Cold Read")};${side(1, "Hot Read")};[v0][v1]hstack=inputs=2[v]${mix}`;
        await ffmpeg(
          [
            ...["-i", cold, "-i", hot, "-filter_complex", graph, "-map", "[v]"],
            ...(mix ? ["-map", "[a]", ...AAC_AUDIO] : []),
            ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "28"],
            ...tail,
          ],
          failure,
          options,
        );
      }
      return finish(out, work, audioOnly, options);
    }),
  );
}

/** The processed files of a comparison's two readings; gone readings fail it for good. */
async function readingFiles(db: Db, coldId: number, hotId: number) {
  const rows = await db
    .select({ id: recordings.id, key: recordings.videoKey, type: recordings.videoType })
    .from(recordings)
    .where(and(inArray(recordings.id, [coldId, hotId]), eq(recordings.status, "complete")));
  const of = (id: number) => {
    const row = rows.find((r) => r.id === id);
    if (!row?.key) throw new MediaError("A reading of the comparison is no longer there.");
    return { key: row.key, type: row.type };
  };
  return { cold: of(coldId), hot: of(hotId) };
}

/**
 * A lesson with a complete cold and a complete hot read of a student gets its Comparison, once:
 * the pair's unique index turns a second insert (two workers finishing the pair at once) into
 * nothing.
 */
async function compareWhenPaired(deps: ProcessDeps, studentId: number, lessonId: number) {
  const { db } = deps;
  const ofKind = (kind: "cold_read" | "hot_read") =>
    db
      .select({ id: recordings.id, lyricsOnly: recordings.lyricsOnly })
      .from(recordings)
      .where(
        and(
          eq(recordings.studentId, studentId),
          eq(recordings.lessonId, lessonId),
          eq(recordings.classification, kind),
          eq(recordings.status, "complete"),
        ),
      )
      .orderBy(sql`${recordings.id} desc`)
      .limit(1);
  const [[cold], [hot]] = [await ofKind("cold_read"), await ofKind("hot_read")];
  if (!cold || !hot) return;
  const inserted = await db.execute<{ id: number }>(sql`
    insert into ${recordings} (student_id, lesson_id, classification, lyrics_only, status, cold_id, hot_id)
    values (${studentId}, ${lessonId}, 'stitched', ${cold.lyricsOnly || hot.lyricsOnly}, 'queued', ${cold.id}, ${hot.id})
    on conflict (cold_id, hot_id) do nothing
    returning id`);
  const [row] = (inserted as unknown as { rows: { id: number }[] }).rows;
  if (row) await deps.send("recording-process", { recordingId: row.id });
}
