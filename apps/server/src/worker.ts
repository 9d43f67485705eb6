import pino from "pino";
import { setHelperPriority, stopHelpers } from "./adapters/helper-process.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openServerDatabase } from "./db/client.ts";
import { startJobs } from "./jobs/index.ts";
import { serveWorkerHttp } from "./worker-http.ts";

/**
 * `npm run worker`: works the job queues (mail, session and upload clean-ups, recording
 * processing with ffmpeg) in its own process, for PostgreSQL deployments whose app servers set
 * JOBS_IN_PROCESS=false and only queue jobs. With MEDIA_STORE=s3 the worker reads and writes
 * recordings, uploads and files in the bucket every app server uses (adapters/storage.ts), so it
 * may run on a machine of its own; with local stores it must share the servers' DATA_DIR.
 * SIGTERM lets the running jobs finish (8 s at most, jobs/index.ts); one that has not is taken
 * again once it expires, and its ffmpeg or decoder is ended with the worker (stopHelpers).
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration: DATABASE_URL is required for a separate worker (PGlite serves one process; its jobs run inside the server)",
    );
  }
  setHelperPriority(config.HELPER_PRIORITY);
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openServerDatabase(config);
  await database.migrate();
  const jobs = await startJobs({ database, config, log, work: true });
  const http = config.WORKER_PORT
    ? await serveWorkerHttp({ db: database.db, jobs, config })
    : undefined;
  log.info({ port: config.WORKER_PORT ?? null }, "worker started");
  const shutdown = async () => {
    await jobs.stop();
    await stopHelpers();
    http?.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
