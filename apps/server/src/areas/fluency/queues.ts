import { sql } from "drizzle-orm";
import { asrProvider } from "../../adapters/asr/index.ts";
import { mediaStore } from "../../adapters/storage.ts";
import { type AreaQueues, HOUR, ONE_AT_A_TIME, SCHEMA, SWEEP_OPTIONS } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import { ADAPT_EXPIRE_SECONDS, adaptSchool, schoolsToAdapt } from "./adaptation.ts";
import { PROCESS_EXPIRE_SECONDS, PROCESS_RETRIES, processRecording } from "./process.ts";
import {
  queueUnsuggested,
  SUGGEST_EXPIRE_SECONDS,
  SUGGEST_RETRIES,
  suggestReading,
} from "./suggest.ts";
import { uploadStoreOf } from "./upload-store.ts";
import { deleteAbandonedUploads } from "./uploads.ts";

declare module "../../core/jobs.ts" {
  interface JobData {
    /** A recording whose source (or cold/hot pair) is ready: process.ts. */
    "recording-process": { recordingId: number };
    "recording-upload-cleanup": Record<string, never>;
    /** A processed reading whose scoring the speech recogniser suggests: suggest.ts. */
    "reading-suggest": { recordingId: number };
    /** A school whose confirmed readings the recogniser learns from: adaptation.ts. */
    "school-adapt": { schoolId: number };
    "school-adapt-sweep": Record<string, never>;
  }
}

/** The readings' queues: processing, suggestions and the hourly sweep of what was left. */
export const fluencyQueues: AreaQueues<
  | "recording-process"
  | "reading-suggest"
  | "recording-upload-cleanup"
  | "school-adapt"
  | "school-adapt-sweep"
> = (tuning) => ({
  "recording-process": {
    // One ffmpeg at a time per worker, using every core (adapters/media.ts); a run killed with
    // its worker is taken again after expiry and redone from the source.
    options: {
      retryLimit: PROCESS_RETRIES,
      retryDelay: tuning.recordingRetryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: tuning.recordingExpireSeconds ?? PROCESS_EXPIRE_SECONDS,
      deleteAfterSeconds: HOUR,
    },
    work: ONE_AT_A_TIME,
    handler: ({ db, config, log, send }) => {
      const media = mediaStore(config);
      const asr = asrProvider(config.ASR_PROVIDER);
      // ffmpeg stops well inside the expiry, so a redo never runs beside the first run.
      const expire = tuning.recordingExpireSeconds ?? PROCESS_EXPIRE_SECONDS;
      const timeoutMs = expire * 800;
      return (data, run) =>
        processRecording({ db, media, log, send, timeoutMs, asr }, data.recordingId, run);
    },
  },
  "reading-suggest": {
    // One recogniser at a time per worker, beside processing's ffmpeg; a failure is tried
    // again twice, then the row is failed and its teacher may try again.
    options: {
      retryLimit: SUGGEST_RETRIES,
      retryDelay: tuning.recordingRetryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: SUGGEST_EXPIRE_SECONDS,
      deleteAfterSeconds: HOUR,
    },
    work: ONE_AT_A_TIME,
    // Without an engine nothing is queued (process.ts), so nothing is worked here either.
    handler: ({ db, config, log }) => {
      const asr = asrProvider(config.ASR_PROVIDER);
      if (!asr) return null;
      const media = mediaStore(config);
      return (data, run) => suggestReading({ db, media, asr, log }, data.recordingId, run);
    },
  },
  "school-adapt": {
    // One adaptation at a time per worker: it takes both cores for a minute or two. Tried
    // once more after a failure; the next sweep tries again after that.
    options: {
      retryLimit: 1,
      retryDelay: 5 * 60,
      expireInSeconds: ADAPT_EXPIRE_SECONDS,
      deleteAfterSeconds: HOUR,
    },
    work: ONE_AT_A_TIME,
    handler: ({ db, config, log }) => {
      const asr = asrProvider(config.ASR_PROVIDER);
      if (!asr?.adapt) return null;
      const media = mediaStore(config);
      return async (data, run) => {
        const outcome = await adaptSchool({ db, media, asr, log }, data.schoolId, run);
        if (outcome !== "kept" && outcome !== "discarded")
          log.info({ schoolId: data.schoolId, outcome }, "did not adapt the recogniser");
      };
    },
  },
  "school-adapt-sweep": {
    // Nightly, when classrooms are quiet: the schools with readings confirmed since.
    cron: "40 3 * * *",
    options: SWEEP_OPTIONS,
    handler: ({ db, config, send }) => {
      const engine = asrProvider(config.ASR_PROVIDER);
      if (!engine?.adapt) return null;
      return async () => {
        for (const schoolId of await schoolsToAdapt(db, engine.engine))
          await send("school-adapt", { schoolId });
      };
    },
  },
  "recording-upload-cleanup": {
    // Hourly: uploads untouched for a day are abandoned (rows and partial files); readings
    // stranded in processing, or processed with no suggestion yet, are queued again.
    cron: "30 * * * *",
    options: SWEEP_OPTIONS,
    handler:
      ({ db, config, log, send }) =>
      async () => {
        const n = await deleteAbandonedUploads(db, uploadStoreOf(config));
        if (n > 0) log.info({ uploads: n }, "deleted abandoned recording uploads");
        const stranded = await strandedRecordings(db);
        for (const recordingId of stranded) await send("recording-process", { recordingId });
        if (stranded.length > 0)
          log.warn({ recordings: stranded.length }, "queued stranded recordings again");
        const unsuggested = await queueUnsuggested({
          db,
          send,
          asr: asrProvider(config.ASR_PROVIDER),
        });
        if (unsuggested > 0)
          log.info({ recordings: unsuggested }, "queued readings for suggestions");
      },
  },
});

/**
 * Readings stored (their file is there) and waiting for half an hour or more with no live job:
 * the job was never sent (the queue failed right after the upload was stored), or pg-boss lost
 * it. A reading the demo has not given a file yet is not stranded; it waits for its clip.
 */
export async function strandedRecordings(db: Db): Promise<number[]> {
  const result = await db.execute(sql`
    select r.id from recordings r
    where r.status in ('queued', 'processing')
      and r.created_at < now() - interval '30 minutes'
      and (r.source_key is not null or r.classification = 'stitched')
      and not exists (
        select 1 from ${sql.identifier(SCHEMA)}.job j
        where j.name = 'recording-process' and j.state in ('created', 'retry', 'active')
          and (j.data ->> 'recordingId')::int = r.id)
    order by r.id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}
