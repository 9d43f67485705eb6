import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = new URL("../../..", import.meta.url).pathname;

/** Debian's PostgreSQL binaries (the newest installed), or null when none is. */
export function postgresBinaries(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(base, newest, "bin") : null;
}

export interface PostgresServer {
  /** The admin connection URL (user postgres, database postgres, trust on loopback). */
  url: string;
  /** A URL to another database of the same server. */
  urlOf(database: string): string;
  /** `pg_ctl stop -m fast`: connections are ended at once, as in a restart under load. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, resolving once it accepts connections. */
  start(): Promise<void>;
}

/**
 * A throwaway PostgreSQL server of its own that a test or a bench can stop and start again
 * (the outage test, bench/outage.ts): made by scripts/local-postgres.sh at `dir` and `port`,
 * then driven with pg_ctl, as the postgres user when this process is root (PostgreSQL refuses
 * to run as root). Never CI's port (55432), whose server other tests share.
 */
export async function throwawayPostgres(dir: string, port: number): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL is not installed: install Debian's postgresql package");
  const { stdout } = await run(join(root, "scripts/local-postgres.sh"), [dir, String(port)]);
  const url = stdout.trim().split("\n").pop() as string;
  const pgCtl = (...args: string[]) =>
    process.getuid?.() === 0
      ? run("runuser", ["-u", "postgres", "--", join(bin, "pg_ctl"), "-D", dir, ...args])
      : run(join(bin, "pg_ctl"), ["-D", dir, ...args]);
  return {
    url,
    urlOf(database) {
      const target = new URL(url);
      target.pathname = `/${database}`;
      return target.toString();
    },
    async stop() {
      await pgCtl("stop", "-m", "fast", "-w");
    },
    async start() {
      // The options scripts/local-postgres.sh starts it with.
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        "-c listen_addresses=127.0.0.1",
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        "-c max_connections=200",
      ].join(" ");
      await pgCtl("-l", join(dir, "server.log"), "-w", "-o", options, "start");
    },
  };
}
