import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, parseConfig } from "../config.ts";
import { describeUrl } from "./database.ts";
import { formatBytes } from "./manifest.ts";
import { RestoreFailed, RestoreRefused, restoreBackup } from "./restore-backup.ts";

/**
 * `npm run restore ARCHIVE [-- --ledger-from OLD_DATA_DIR]`: rebuilds an empty data directory
 * (PGlite) or an empty PostgreSQL database and empty stores from a backup, then replays the
 * deletion ledger (README "Backups and restores"). Refuses a damaged archive or a target that
 * holds anything, before changing a thing.
 */
async function main() {
  const { values, positionals } = parseArgs({
    options: { "ledger-from": { type: "string", multiple: true } },
    allowPositionals: true,
  });
  const [archive, ...extra] = positionals;
  if (!archive || extra.length > 0)
    throw new ConfigError("Usage: npm run restore ARCHIVE [-- --ledger-from OLD_DATA_DIR]");
  const config = parseConfig(process.env);
  const dataDir = resolve(config.DATA_DIR);
  console.log(
    `Restoring into ${config.DATABASE_URL ? describeUrl(config.DATABASE_URL) : `PGlite in ${dataDir}/pg`} and its stores.`,
  );
  const result = await restoreBackup({
    archive: resolve(archive),
    target: { ...config, DATA_DIR: dataDir },
    ledgerFrom: (values["ledger-from"] ?? []).map((dir) => resolve(dir)),
    log: (line) => console.log(line),
  });
  const { seconds, replay, manifest } = result;
  console.log(
    [
      `Restored the backup of ${manifest.createdAt}:`,
      `  checked ${manifest.entries.length} entries in ${seconds.verify.toFixed(1)} s`,
      `  database (${manifest.database.kind}) loaded in ${seconds.database.toFixed(1)} s${result.migrationsRun ? `, then ${result.migrationsRun} newer migrations run` : ""}`,
      `  ${result.files} files (${formatBytes(result.bytes)}) put back in ${seconds.stores.toFixed(1)} s`,
      `  app secret ${result.secret}`,
      `  deletion ledger: ${replay.entries} entries${result.ledgerCopiesAdded ? ` (${result.ledgerCopiesAdded} from --ledger-from)` : ""}, ${replay.usersErased} restored accounts erased again, ${replay.entriesPending} entries with files still to remove (the hourly sweep retries them); ${seconds.replay.toFixed(1)} s`,
      `  total: ${seconds.total.toFixed(1)} s`,
      "Start the server on this configuration.",
    ].join("\n"),
  );
}

main().catch((error) => {
  const known =
    error instanceof ConfigError ||
    error instanceof RestoreRefused ||
    error instanceof RestoreFailed;
  console.error(known ? error.message : error);
  process.exit(1);
});
