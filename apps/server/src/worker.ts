import pino from "pino";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { startJobs } from "./jobs/index.ts";

/** `npm run worker`: background jobs in their own process, for PostgreSQL deployments. */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration: DATABASE_URL is required for a separate worker (PGlite serves one process; its jobs run inside the server)",
    );
  }
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  await database.migrate();
  const stop = startJobs(database.db, config, log);
  log.info("worker started");
  const shutdown = async () => {
    stop();
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
