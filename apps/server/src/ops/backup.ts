import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, parseConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { describeUrl, pgliteExists, pgliteOpen } from "./database.ts";
import { makeBackup } from "./make-backup.ts";
import { formatBytes } from "./manifest.ts";
import { storesOf } from "./stores.ts";

/**
 * `npm run backup [-- --out DIR]`: one archive of the database, the stores and the app secret
 * (README "Backups and restores"). On PostgreSQL the server may keep running; PGlite is one
 * process's database, so its server must be stopped first.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const config = parseConfig(process.env);
  const dataDir = resolve(config.DATA_DIR);
  let secret: { value: string; source: "environment" | "file" };
  if (config.APP_SECRET) secret = { value: config.APP_SECRET, source: "environment" };
  else {
    const file = join(dataDir, "app-secret");
    if (!existsSync(file))
      throw new ConfigError(
        `There is no ${file} and APP_SECRET is unset: is DATA_DIR the server's data directory?`,
      );
    secret = { value: readFileSync(file, "utf8").trim(), source: "file" };
  }
  if (!config.DATABASE_URL) {
    const pg = join(dataDir, "pg");
    if (!pgliteExists(pg))
      throw new ConfigError(
        `There is no database in ${pg}: is DATA_DIR the server's data directory?`,
      );
    if (pgliteOpen(pg))
      throw new ConfigError(
        `The database in ${pg} is open (postmaster.pid): stop the server first, as PGlite is one process's database. If no server runs (it stopped abruptly), start it and stop it once (Ctrl+C).`,
      );
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  console.log(
    `Backing up ${config.DATABASE_URL ? describeUrl(config.DATABASE_URL) : `PGlite in ${dataDir}/pg`}, its stores and its app secret.`,
  );
  try {
    const result = await makeBackup({
      database,
      stores: storesOf({ ...config, DATA_DIR: dataDir }),
      secret,
      outDir: resolve(values.out ?? "backups"),
      log: (line) => console.log(line),
    });
    const { seconds } = result;
    const stores = result.manifest.stores
      .map((s) => `${s.name} ${s.files} files (${formatBytes(s.bytes)})`)
      .join(", ");
    console.log(
      [
        `Backup written: ${result.path} (${formatBytes(result.bytes)}, mode 0600)`,
        `  database: ${result.manifest.database.kind}, ${result.manifest.app.migrations} migrations, ${seconds.database.toFixed(1)} s`,
        `  stores: ${stores}, ${seconds.stores.toFixed(1)} s${result.vanished ? ` (${result.vanished} files deleted while the backup ran were left out)` : ""}`,
        `  total: ${seconds.total.toFixed(1)} s`,
        "It holds the app secret and every child's data: keep it encrypted, off this machine, and at most 30 days.",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
