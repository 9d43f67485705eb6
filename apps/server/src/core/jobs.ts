import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Queue, WorkOptions } from "pg-boss";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";

/**
 * The job queue as the areas see it: the queues' names and what their jobs carry, how to send
 * one, and how an area declares a queue's work. Each area adds its own queues to `JobData`
 * (`declare module` in its queues.ts) and exports their definitions; jobs/queues.ts only puts
 * them together and jobs/index.ts runs them on pg-boss. Nothing here knows an area.
 */

/** pg-boss's tables live in their own schema, apart from the app's migrations. */
export const SCHEMA = "pgboss";

/**
 * What each queue's jobs carry, by queue name: the queues of jobs/queues.ts here, an area's in
 * its own queues.ts.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the areas add their queues by declaration merging.
export interface JobData {}
export type QueueName = keyof JobData;
/**
 * Queues a job of a named queue; its worker runs it here or in a worker process. A worker may
 * take it at once, so a call that answers with the row the job changes reads it before sending.
 */
export type SendJob = <Q extends QueueName>(queue: Q, data: JobData[Q]) => Promise<void>;

export interface Jobs {
  send: SendJob;
  /** Started and not stopping: readiness (plugins/health.ts) reads it. */
  running(): boolean;
  /**
   * Resolves once no job is waiting and due, or running (tests: mail sent in the background
   * has reached the mail server, or failed and waits for its retry).
   */
  idle(): Promise<void>;
  /** Stops taking jobs and lets the running ones finish (or hands them back after a while). */
  stop(): Promise<void>;
}

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

export interface HandlerDeps {
  db: Db;
  config: Config;
  log: Log;
  /** Queues follow-up work (a recording's comparison). */
  send: SendJob;
  /** Runs once the queue has stopped: a handler's open connections end there. */
  onStop(close: () => void): void;
}

/** The schedules a working process reads from its settings; other processes leave them out. */
export type Schedules = Pick<Config, "WEEKLY_REPORT_CRON" | "RETENTION_CRON">;

/** An area's queues: their definitions, given the test tuning and, where work runs, schedules. */
export type AreaQueues<Q extends QueueName> = (
  tuning: JobsTuning,
  schedules?: Schedules,
) => { [K in Q]: QueueDefinition<K> };

export const HOUR = 3600;

/** A scheduled sweep: one more try at most, since its next run takes up what this one left. */
export const SWEEP_OPTIONS: QueueDefinition<QueueName>["options"] = {
  retryLimit: 1,
  expireInSeconds: 15 * 60,
  deleteAfterSeconds: HOUR,
};

/**
 * A long job someone waits on (a roster package, a student's export): two more tries half a
 * minute apart, after which its handler marks it failed and they ask again.
 */
export const twoMoreTries = (expireInSeconds: number): QueueDefinition<QueueName>["options"] => ({
  retryLimit: 2,
  retryDelay: 30,
  expireInSeconds,
  deleteAfterSeconds: HOUR,
});

/** A job that takes a worker's whole attention (ffmpeg, a package, a ZIP): one at a time. */
export const ONE_AT_A_TIME: QueueDefinition<QueueName>["work"] = {
  localConcurrency: 1,
  batchSize: 1,
};

/**
 * Mail not sent yet whose outbox rows are going (their student is erased): the sealed messages
 * leave the queue with them. Call it in the transaction that deletes the rows. A message being
 * sent at this moment goes out; its delivery finds no row and marks nothing.
 */
export async function dropQueuedMail(db: Db, outboxIds: number[]) {
  if (outboxIds.length === 0) return;
  await db.execute(sql`
    delete from ${sql.identifier(SCHEMA)}.job
    where name = 'mail' and state in ('created', 'retry')
      and (data ->> 'id')::int = any(${`{${outboxIds.join(",")}}`}::int[])`);
}
