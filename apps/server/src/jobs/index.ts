import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { fromPglite, PgBoss, type Queue, type WorkOptions } from "pg-boss";
import { HelperStopped } from "../adapters/helper-process.ts";
import type { Config } from "../config.ts";
import { databaseUnreachable, warnOncePerKind } from "../core/errors.ts";
import { inBackground } from "../core/in-background.ts";
import {
  type JobData,
  type Jobs,
  type JobsTuning,
  type Log,
  type QueueDefinition,
  type QueueName,
  SCHEMA,
} from "../core/jobs.ts";
import type { Database } from "../db/client.ts";
import { fairPglite } from "../db/prepared.ts";
import { jobDuration } from "../metrics.ts";
import { loggableError } from "../plugins/error-log.ts";
import { queues } from "./queues.ts";

// The areas add their queues to JobData in their queues.ts: this re-export keeps them in the
// types of every program that imports the runner (a bench sees the server through its
// declarations, which would otherwise leave the areas' queues.ts out).
export type { AllQueues } from "./queues.ts";

function bossFor(database: Database, work: boolean, tuning: JobsTuning = {}) {
  const common = {
    schema: SCHEMA,
    ...(tuning.expiryCheckSeconds && {
      superviseIntervalSeconds: tuning.expiryCheckSeconds,
      monitorIntervalSeconds: tuning.expiryCheckSeconds,
    }),
    // Maintenance (expiry, retention) and the cron schedules run where jobs are worked.
    supervise: work,
    schedule: work,
    maintenanceIntervalSeconds: 5 * 60,
    // A new job wakes a worker at once, in this process or another; polling stays the backstop.
    useListenNotify: true,
    openTelemetry: { enabled: false },
  };
  if ("pglite" in database.connection)
    return new PgBoss({
      ...common,
      db: fromPglite(fairPglite(database.connection.pglite)),
      backend: "pglite",
    });
  const { url, connectTimeoutMillis } = database.connection;
  return new PgBoss({
    ...common,
    connectionString: url,
    max: 4,
    ...(connectTimeoutMillis && { connectionTimeoutMillis: connectTimeoutMillis }),
  });
}

/**
 * pg-boss hands a worker's error on as a plain copy ({ ...error, message, stack, queue }), its
 * message naming the queue: an Error again, so the log keeps its message, code and stack rather
 * than "(not an Error)".
 */
function asError(error: unknown): unknown {
  if (error instanceof Error || typeof error !== "object" || error === null) return error;
  const { message, stack, code } = error as Record<string, unknown>;
  const copy = new Error(String(message));
  if (typeof stack === "string") copy.stack = stack;
  if (typeof code === "string") Object.assign(copy, { code });
  return copy;
}

/**
 * Creates the queues missing, and gives existing ones the options this code declares where they
 * differ. One read of them all: asking for each and updating each anyway (pg-boss then reads it
 * again for its cache) took three round trips a queue at every start (issue 40).
 */
async function declareQueues(boss: PgBoss, declared: [string, Omit<Queue, "name">][]) {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const [name, options] of declared) {
    const queue = existing.get(name) as Record<string, unknown> | undefined;
    if (!queue) {
      await boss.createQueue(name, options);
      continue;
    }
    // pg-boss fixes these two at creation; the others follow the code.
    const { retryDelayMax: _fixed, heartbeatSeconds: _alsoFixed, ...changeable } = options;
    const changed = Object.entries(changeable).some(
      ([key, value]) => value !== undefined && queue[key] !== value,
    );
    if (changed) await boss.updateQueue(name, changeable);
  }
}

/** The job this code runs for, if any: every line its handler logs names it. */
const running = new AsyncLocalStorage<{ queue: string; jobId: string }>();

/**
 * `log`, with the queue and job id added to every line written while a job runs, as a request's
 * lines carry its request id: a handler's lines are found by the job's id.
 */
function namingTheJob(log: Log): Log {
  const level =
    (write: "info" | "warn" | "error") =>
    (first: unknown, ...rest: unknown[]) => {
      const job = running.getStore();
      const call = log[write] as (...args: unknown[]) => void;
      if (!job) return call.apply(log, [first, ...rest]);
      if (first instanceof Error) return call.apply(log, [{ ...job, err: first }, ...rest]);
      if (typeof first === "object" && first !== null)
        return call.apply(log, [{ ...job, ...first }, ...rest]);
      return call.apply(log, [job, first, ...rest]);
    };
  return { info: level("info"), warn: level("warn"), error: level("error") } as Log;
}

/** Creates pg-boss's tables and this app's queues, so tests' template database holds them. */
export async function installJobs(database: Database) {
  const boss = bossFor(database, false);
  await boss.start();
  await declareQueues(
    boss,
    Object.entries(queues({})).map(([name, queue]) => [name, queue.options]),
  );
  await boss.stop({ graceful: false });
}

/**
 * The job queue, pg-boss over the app's database (PGlite, shared with the app, or PostgreSQL).
 * With `work` this process also runs the queues' jobs and their schedules: the server by
 * default, `npm run worker` processes when the app servers set JOBS_IN_PROCESS=false (they then
 * only send).
 */
export async function startJobs(opts: {
  database: Database;
  config: Config;
  log: Log;
  work: boolean;
  tuning?: JobsTuning;
}): Promise<Jobs> {
  const { database, config, log, work, tuning = {} } = opts;
  const jobLog = namingTheJob(log);
  const boss = bossFor(database, work, tuning);
  // While the database is away every worker's poll, the supervisor and the LISTEN connection
  // fail, and keep trying: pg-boss carries on by itself once it is back. A warning per kind of
  // failure every few seconds says so; anything else is an error with its stack.
  const warnOutage = warnOncePerKind();
  boss.on("error", (error) => {
    const unreachable = databaseUnreachable(error);
    if (unreachable) warnOutage(log, unreachable, {}, "job queue: database unreachable");
    else log.error({ error: loggableError(asError(error)) }, "job queue error");
  });
  await boss.start();
  const definitions = queues(tuning, config);
  const send: Jobs["send"] = async (queue, data) => {
    await boss.send(queue, data);
  };
  const names = Object.keys(definitions) as QueueName[];
  const closers: (() => void)[] = [];
  const onStop = (close: () => void) => {
    closers.push(close);
  };
  await declareQueues(
    boss,
    names.map((name) => [name, definitions[name].options]),
  );
  if (work) {
    const polling: WorkOptions = tuning.pollingIntervalSeconds
      ? {
          pollingIntervalSeconds: tuning.pollingIntervalSeconds,
          notifyPollingIntervalSeconds: tuning.pollingIntervalSeconds,
        }
      : {};
    for (const name of names) {
      const definition = definitions[name] as QueueDefinition<typeof name>;
      const handler = definition.handler({ db: database.db, config, log: jobLog, send, onStop });
      if (!handler) continue;
      const { retryLimit = 0 } = definition.options;
      const options = { ...polling, ...definition.work };
      await boss.work<JobData[typeof name]>(name, options, async (jobs) => {
        for (const job of jobs) {
          const started = performance.now();
          const took = () => (performance.now() - started) / 1000;
          try {
            await running.run({ queue: name, jobId: job.id }, () =>
              inBackground(() =>
                handler(job.data, { lastTry: job.retryCount >= retryLimit, signal: job.signal }),
              ),
            );
            jobDuration.observe({ queue: name, outcome: "done" }, took());
          } catch (error) {
            jobDuration.observe({ queue: name, outcome: "failed" }, took());
            // Neither the log nor the job's row, where pg-boss keeps the error, gets its values.
            const logged = loggableError(error);
            // Its helper program was ended with the server (stopHelpers): no fault, redone later.
            if (error instanceof HelperStopped)
              log.info({ queue: name, jobId: job.id }, `${name} job stopped with the server`);
            else log.error({ error: logged, queue: name, jobId: job.id }, `${name} job failed`);
            throw new Error(logged.message);
          }
        }
      });
      if (definition.cron) await boss.schedule(name, definition.cron, {}, { tz: "UTC" });
    }
  }
  let stopping = false;
  return {
    send,
    running: () => !stopping,
    async idle() {
      for (;;) {
        const result = await database.db.execute(sql`
          select count(*)::int as n from ${sql.identifier(SCHEMA)}.job
          where state in ('created', 'retry', 'active') and start_after <= now()`);
        const [row] = (result as unknown as { rows: { n: number }[] }).rows;
        if (!row?.n) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    // Within main.ts's ten seconds before it gives up on a clean shutdown.
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, timeout: 8000 });
      for (const close of closers) close();
    },
  };
}
