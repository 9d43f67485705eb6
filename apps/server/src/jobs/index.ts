import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { loggableError } from "../plugins/error-log.ts";
import { deleteEndedSessions } from "./session-cleanup.ts";

const HOUR = 3_600_000;

/**
 * Periodic housekeeping. Runs inside the server by default; with PostgreSQL it can move to
 * separate `npm run worker` processes (JOBS_IN_PROCESS=false on the app servers).
 */
export function startJobs(db: Db, config: Config, log: Pick<FastifyBaseLogger, "info" | "error">) {
  const cleanup = async () => {
    try {
      const n = await deleteEndedSessions(db, config.SESSION_IDLE_MINUTES);
      if (n > 0) log.info({ sessions: n }, "deleted ended sessions");
    } catch (err) {
      log.error({ error: loggableError(err) }, "session cleanup failed");
    }
  };
  void cleanup();
  const timer = setInterval(cleanup, HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
