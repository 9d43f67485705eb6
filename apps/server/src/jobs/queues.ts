import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Queue, WorkOptions } from "pg-boss";
import { asrProvider } from "../adapters/asr/index.ts";
import { createMailDelivery, type MailJob, MailSeal } from "../adapters/mail.ts";
import { fileStore, mediaStore } from "../adapters/storage.ts";
import { syncFromProvider } from "../areas/account/billing/copy.ts";
import { paymentProviderOf } from "../areas/account/billing/payments.ts";
import { applyImport } from "../areas/admin/roster-import/apply.ts";
import {
  discardStaleImports,
  failedOnLastTry,
  validateImport,
} from "../areas/admin/roster-import/validate.ts";
import { markBouncing } from "../areas/families/bounces.ts";
import { jobMailer, runWeeklyReport, type WeeklyReportJob } from "../areas/families/weekly/job.ts";
import {
  PROCESS_EXPIRE_SECONDS,
  PROCESS_RETRIES,
  processRecording,
} from "../areas/fluency/process.ts";
import {
  queueUnsuggested,
  SUGGEST_EXPIRE_SECONDS,
  SUGGEST_RETRIES,
  suggestReading,
} from "../areas/fluency/suggest.ts";
import { uploadStoreOf } from "../areas/fluency/upload-store.ts";
import { deleteAbandonedUploads } from "../areas/fluency/uploads.ts";
import { erasureStores, pendingLedgerIds, removeErasedFiles } from "../areas/privacy/erase.ts";
import { removeSpentExports } from "../areas/privacy/export.ts";
import { buildStudentExport } from "../areas/privacy/export-zip.ts";
import { runRetention } from "../areas/privacy/retention.ts";
import type { Config } from "../config.ts";
import { dkimKeyOf, stripeSettingsOf } from "../config.ts";
import { deleteEndedLimits } from "../core/limits.ts";
import { StudentPasswordBox } from "../core/passwords.ts";
import type { Db } from "../db/client.ts";
import { mailSent } from "../metrics.ts";
import { deleteEndedSessions } from "./session-cleanup.ts";

/** pg-boss's tables live in their own schema, apart from the app's migrations. */
export const SCHEMA = "pgboss";

/** What each queue's jobs carry. A new queue adds its name here and a definition below. */
export interface JobData {
  /** One e-mail, sealed: see adapters/mail.ts. */
  mail: MailJob;
  "session-cleanup": Record<string, never>;
  /** A recording whose source (or cold/hot pair) is ready: areas/fluency/process.ts. */
  "recording-process": { recordingId: number };
  "recording-upload-cleanup": Record<string, never>;
  /** A processed reading whose scoring the speech recogniser suggests: areas/fluency/suggest.ts. */
  "reading-suggest": { recordingId: number };
  /** Daily: recordings' media past retention, old outbox mail (areas/privacy/retention.ts). */
  "privacy-retention": Record<string, never>;
  /** The schedule's fan-out (empty), or one class's week: areas/families/weekly/job.ts. */
  "weekly-report": WeeklyReportJob;
  /**
   * A payment provider's webhook named this subscription: our copy is read again from the
   * provider (areas/account/billing/webhook.ts).
   */
  "billing-sync": { subscriptionId: string };
  /**
   * The files of one erased person (a deletion ledger row), or, empty, the hourly sweep that
   * queues every row whose files are not all gone yet: areas/privacy/erase.ts.
   */
  "privacy-erase": { ledgerId?: number };
  /** One student's export to build: areas/privacy/export-zip.ts. */
  "privacy-export": { exportId: number };
  /** Hourly: files of expired or downloaded exports go (areas/privacy/export.ts). */
  "privacy-export-cleanup": Record<string, never>;
  /** An uploaded roster package to check and preview: areas/admin/roster-import/validate.ts. */
  "roster-validate": { importId: number };
  /** A previewed roster import the admin applied: areas/admin/roster-import/apply.ts. */
  "roster-apply": { importId: number };
  /** Daily: roster packages a week old that nobody applied go (roster-import/validate.ts). */
  "roster-import-cleanup": Record<string, never>;
}
export type QueueName = keyof JobData;
/** Queues a job of a named queue; its worker runs it here or in a worker process. */
export type SendJob = <Q extends QueueName>(queue: Q, data: JobData[Q]) => Promise<void>;

/** Test settings: short waits, so retries and polls fit in a test. */
export interface JobsTuning {
  /** How often an idle worker looks for due jobs (retries included), in seconds (≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** The mail queue's first retry delay, in seconds; later ones double. */
  mailRetryDelaySeconds?: number;
  /** The recording and suggestion queues' first retry delay, and recording jobs' expiry (s). */
  recordingRetryDelaySeconds?: number;
  recordingExpireSeconds?: number;
  /** The erase queue's first retry delay, in seconds; later ones double. */
  eraseRetryDelaySeconds?: number;
  /** How often a working process looks for expired jobs (pg-boss's supervision), in seconds. */
  expiryCheckSeconds?: number;
}

export type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/** What a handler knows of the run: whether a failure now is the last, and the stop signal. */
export interface JobRun {
  lastTry: boolean;
  signal: AbortSignal;
}

export interface QueueDefinition<Q extends QueueName> {
  options: Omit<Queue, "name">;
  /** How this process takes the queue's jobs, beyond the polling every queue shares. */
  work?: Pick<WorkOptions, "localConcurrency" | "batchSize" | "burstWhenBatchFull">;
  /** Cron expression (UTC) when the queue's jobs come from a schedule. */
  cron?: string;
  /** The work, or null where this process cannot do it (mail without SMTP_URL sends no jobs). */
  handler(deps: HandlerDeps): ((data: JobData[Q], run: JobRun) => Promise<void>) | null;
}

interface HandlerDeps {
  db: Db;
  config: Config;
  log: Log;
  /** Queues follow-up work (a recording's comparison). */
  send: SendJob;
  /** Runs once the queue has stopped: a handler's open connections end there. */
  onStop(close: () => void): void;
}

const HOUR = 3600;

/** The queues; `config` gives the schedules, which only a working process needs. */
export function queues(
  tuning: JobsTuning,
  config?: Pick<Config, "WEEKLY_REPORT_CRON" | "RETENTION_CRON">,
): { [Q in QueueName]: QueueDefinition<Q> } {
  return {
    mail: {
      // About ten tries over five to six hours (1–2 min, 2–4, … then hourly), so a mail server
      // outage delays mail and loses none. Done jobs, whose data is the sealed message, go
      // at the next maintenance (every 5 minutes).
      options: {
        retryLimit: 10,
        retryDelay: tuning.mailRetryDelaySeconds ?? 60,
        retryBackoff: true,
        retryDelayMax: HOUR,
        // Longer than nodemailer's own limits (2 min to connect, 10 idle), so a slow send is not
        // taken for a lost one and sent again.
        expireInSeconds: 15 * 60,
        deleteAfterSeconds: 60,
        notify: true,
      },
      // A worker woken by NOTIFY fetches once and then waits for the next NOTIFY or the 30 s
      // backstop poll, so a burst (a principal inviting a staff) went out one message per new
      // job or per half minute. Each fetch takes what is waiting, and a full batch fetches again
      // at once. A failure fails its batch for a retry; delivery skips what was already sent.
      work: { batchSize: 10, burstWhenBatchFull: true },
      handler: ({ db, config, log, onStop }) => {
        if (!config.SMTP_URL) return null;
        const { deliver, close } = createMailDelivery({
          db,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          seal: new MailSeal(config.APP_SECRET),
          dkim: dkimKeyOf(config),
          // A parent's address refused for good is marked bouncing, so their mail stops.
          onPermanentFailure: async (message) => {
            if (!message.family) return;
            const { studentId } = message.family;
            if (await markBouncing(db, studentId, message.to))
              log.warn({ studentId }, "a parent's address was refused for good");
          },
        });
        onStop(close);
        return async (job) => {
          try {
            await deliver(job);
            mailSent.inc({ outcome: "sent" });
          } catch (error) {
            mailSent.inc({ outcome: "failed" });
            throw error;
          }
        };
      },
    },
    "session-cleanup": {
      // Hourly, once across all servers and workers: the schedule sends one job per hour.
      cron: "0 * * * *",
      options: { retryLimit: 1, expireInSeconds: 15 * 60, deleteAfterSeconds: HOUR },
      handler:
        ({ db, config, log }) =>
        async () => {
          const n = await deleteEndedSessions(db, config.SESSION_IDLE_MINUTES);
          if (n > 0) log.info({ sessions: n }, "deleted ended sessions");
          const limits = await deleteEndedLimits(db);
          if (limits > 0) log.info({ limits }, "deleted ended rate-limit windows");
        },
    },
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
      work: { localConcurrency: 1, batchSize: 1 },
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
      work: { localConcurrency: 1, batchSize: 1 },
      // Without an engine nothing is queued (process.ts), so nothing is worked here either.
      handler: ({ db, config, log }) => {
        const asr = asrProvider(config.ASR_PROVIDER);
        if (!asr) return null;
        const media = mediaStore(config);
        return (data, run) => suggestReading({ db, media, asr, log }, data.recordingId, run);
      },
    },
    "recording-upload-cleanup": {
      // Hourly: uploads untouched for a day are abandoned (rows and partial files); readings
      // stranded in processing, or processed with no suggestion yet, are queued again.
      cron: "30 * * * *",
      options: { retryLimit: 1, expireInSeconds: 15 * 60, deleteAfterSeconds: HOUR },
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
    "privacy-retention": {
      // Daily, early morning UTC by default (config.ts): once across all servers and workers.
      // Abandoned uploads have their own hourly job above.
      cron: config?.RETENTION_CRON,
      options: {
        retryLimit: 2,
        retryDelay: 15 * 60,
        expireInSeconds: HOUR,
        deleteAfterSeconds: HOUR,
      },
      handler: ({ db, config, log }) => {
        const deps = {
          db,
          config,
          log,
          stores: erasureStores({
            media: mediaStore(config),
            storage: fileStore(config),
            config,
          }),
        };
        return async () => {
          await runRetention(deps, new Date());
        };
      },
    },
    "weekly-report": {
      // Fridays at 15:00 UTC by default (config.ts), as ClassDojo's parent report: the week's
      // school days are done and the weekend is ahead. A failed class is retried; students it
      // already reported on are claimed and left out.
      cron: config?.WEEKLY_REPORT_CRON,
      options: {
        retryLimit: 3,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
        deleteAfterSeconds: HOUR,
      },
      // One class after another, five per fetch: a worker that waits for its next poll after each
      // class (pg-boss's default for a batch of one) queued about one class a second. A full
      // batch fetches again at once, and one at a time leaves the process's thread, which the
      // API shares, free between classes.
      work: { localConcurrency: 1, batchSize: 5, burstWhenBatchFull: true },
      handler: ({ db, config, log, send }) => {
        const mailer = jobMailer(db, config, send);
        return (data) => runWeeklyReport({ db, config, mailer, send, log }, data);
      },
    },
    "privacy-erase": {
      // An erased person's files must go: a store that is away (a bucket's outage, a file held
      // open) is tried again with backoff for about a day, and the hourly sweep queues whatever
      // is still pending after that, for as long as it takes.
      cron: "45 * * * *",
      options: {
        retryLimit: 12,
        retryDelay: tuning.eraseRetryDelaySeconds ?? 60,
        retryBackoff: true,
        retryDelayMax: 4 * HOUR,
        expireInSeconds: 15 * 60,
        deleteAfterSeconds: HOUR,
      },
      handler: ({ db, config, log, send }) => {
        const stores = erasureStores({
          media: mediaStore(config),
          storage: fileStore(config),
          config,
        });
        return async ({ ledgerId }) => {
          if (ledgerId !== undefined) return removeErasedFiles({ db, stores }, ledgerId);
          const pending = await pendingLedgerIds(db);
          for (const id of pending) await send("privacy-erase", { ledgerId: id });
          if (pending.length > 0)
            log.warn({ ledgerRows: pending.length }, "queued erased files still present again");
        };
      },
    },
    "billing-sync": {
      // A few quick retries, then slower ones over about an hour while the provider is away;
      // the provider's later events read the same subscription again anyway.
      options: {
        retryLimit: 8,
        retryDelay: 10,
        retryBackoff: true,
        retryDelayMax: 15 * 60,
        expireInSeconds: 5 * 60,
        deleteAfterSeconds: HOUR,
      },
      // Only Stripe sends webhooks: without its keys nothing is queued here.
      handler: ({ db, config, log }) => {
        if (!stripeSettingsOf(config)) return null;
        const billing = {
          db,
          config,
          provider: paymentProviderOf(config, db),
          now: () => new Date(),
        };
        return async ({ subscriptionId }) => {
          if (!(await syncFromProvider(billing, subscriptionId)))
            log.info({ subscriptionId }, "a webhook named a subscription no account has");
        };
      },
    },
    "privacy-export": {
      // A couple of tries: a failure on the last one marks the export failed for the page, and
      // the person asks again. One at a time per worker, since it streams media off the store.
      options: {
        retryLimit: 2,
        retryDelay: 30,
        expireInSeconds: 30 * 60,
        deleteAfterSeconds: HOUR,
      },
      work: { localConcurrency: 1, batchSize: 1 },
      handler: ({ db, config, log }) => {
        const media = mediaStore(config);
        return (data, run) => buildStudentExport({ db, media, config, log }, data.exportId, run);
      },
    },
    "roster-validate": {
      // Reads a package of up to tens of thousands of rows: one at a time per worker. It changes
      // nothing but its own import's row, so a run lost with its worker is simply run again.
      options: {
        retryLimit: 2,
        retryDelay: 30,
        expireInSeconds: 30 * 60,
        deleteAfterSeconds: HOUR,
      },
      work: { localConcurrency: 1, batchSize: 1 },
      handler: ({ db, config, log }) => {
        const store = mediaStore(config);
        return (data, run) =>
          failedOnLastTry(db, data.importId, "validating", run, () =>
            validateImport({ db, store, log }, data.importId),
          );
      },
    },
    "roster-apply": {
      // Plans again and writes only what differs, school by school: a retry after a crash
      // finishes the job without doing anything twice.
      options: {
        retryLimit: 2,
        retryDelay: 30,
        expireInSeconds: 60 * 60,
        deleteAfterSeconds: HOUR,
      },
      work: { localConcurrency: 1, batchSize: 1 },
      handler: ({ db, config, log, send }) => {
        const deps = {
          db,
          log,
          store: mediaStore(config),
          box: new StudentPasswordBox(config.APP_SECRET),
          mailer: jobMailer(db, config, send),
          publicUrl: config.PUBLIC_URL,
        };
        return (data, run) =>
          failedOnLastTry(db, data.importId, "applying", run, () =>
            applyImport(deps, data.importId),
          );
      },
    },
    "roster-import-cleanup": {
      cron: "15 4 * * *",
      options: { retryLimit: 1, expireInSeconds: 15 * 60, deleteAfterSeconds: HOUR },
      handler: ({ db, config, log }) => {
        const store = mediaStore(config);
        return async () => {
          const n = await discardStaleImports({ db, store });
          if (n > 0) log.info({ imports: n }, "discarded roster packages nobody applied");
        };
      },
    },
    "privacy-export-cleanup": {
      // Hourly, so an export's file outlives its EXPORT_LINK_HOURS by an hour at most.
      cron: "45 * * * *",
      options: { retryLimit: 1, expireInSeconds: 15 * 60, deleteAfterSeconds: HOUR },
      handler: ({ db, config, log }) => {
        const media = mediaStore(config);
        return async () => {
          const n = await removeSpentExports(db, media);
          if (n > 0) log.info({ exports: n }, "removed spent student exports");
        };
      },
    },
  };
}

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
