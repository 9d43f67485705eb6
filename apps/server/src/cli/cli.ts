import { count } from "drizzle-orm";
import { fileStore, mediaStore } from "../adapters/storage.ts";
import { erasureStores, replayDeletions } from "../areas/privacy/index.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { withMigratedDatabase } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { ensureDemoWorld, generateWorld } from "../demo/index.ts";
import { addStaff } from "./add-staff.ts";

/**
 * `npm run db:migrate` applies the committed migrations; `npm run db:seed [demo|large]`
 * also creates a world in an empty database; `npm run privacy:replay-deletions` erases again
 * what the deletion ledger names, after a restore from a backup (README "Backups and restores");
 * `npm run staff:add USERNAME EMAIL FIRST LAST` makes a staff account and prints the link where
 * its owner chooses a password (the first account of a deployment without the demo world).
 */
async function run(command: string | undefined, size = "demo", ...rest: string[]) {
  const config = loadConfig();
  await withMigratedDatabase(config, async (database) => {
    console.log(`Migrations applied (${database.kind}).`);
    if (command === "migrate") return;
    if (command === "replay-deletions") {
      const stores = erasureStores({
        media: mediaStore(config),
        storage: fileStore(config),
        config,
      });
      const done = await replayDeletions({ db: database.db, stores });
      console.log(
        `Deletions replayed: ${done.entries} ledger entries, ${done.usersErased} restored accounts erased again, ${done.entriesPending} entries with files still to remove (the hourly sweep retries them).`,
      );
      return;
    }
    if (command === "add-staff") {
      const [email = "", firstName = "", lastName = ""] = rest;
      const made = await addStaff(
        database.db,
        { username: size, email, firstName, lastName },
        config.PUBLIC_URL,
      ).catch((error: unknown) => {
        const issue = (error as { issues?: { path: unknown[]; message: string }[] }).issues?.[0];
        if (issue) throw new ConfigError(`${String(issue.path[0])}: ${issue.message}`);
        throw error;
      });
      if (!made) throw new ConfigError(`The username ${size} is taken.`);
      console.log(
        `Staff account ${size} created. Its owner chooses a password here (once, within three days):\n${made.link}`,
      );
      return;
    }
    if (command !== "seed")
      throw new ConfigError(
        "Usage: cli.ts migrate | seed [demo|large] | replay-deletions | add-staff USERNAME EMAIL FIRST LAST",
      );
    if (size === "demo") {
      console.log(
        (await ensureDemoWorld(database.db, config))
          ? "Demo world created."
          : "People exist already: nothing seeded.",
      );
      return;
    }
    if (size !== "large") throw new ConfigError(`Unknown world size "${size}": use demo or large.`);
    const [existing] = await database.db.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) throw new ConfigError("The large world needs an empty database.");
    const started = Date.now();
    const plan = await generateWorld(database.db, config, "large");
    console.log(
      `Large world created: ${plan.users.length} people in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  });
}

run(process.argv[2], process.argv[3], ...process.argv.slice(4)).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
