import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/free-port.ts";
import { type PostgresServer, throwawayPostgres } from "./postgres-server.ts";
import { startS3 } from "./s3.ts";

/**
 * A deployment on one machine, as a district runs it on many (issue 22): PostgreSQL of its own,
 * an S3-compatible bucket (s3rver), app servers (`node apps/server/src/main.ts`, each with a data
 * directory of its own, as on machines of their own, JOBS_IN_PROCESS=false) and workers
 * (`apps/server/src/worker.ts`). For the cluster test and bench/soak/. Loopback only.
 */

const root = new URL("../../..", import.meta.url).pathname;

/** The scrape token of every process of the cluster. */
export const CLUSTER_METRICS_TOKEN = "cluster-metrics-token-0123456789";

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  /** The process's address: an app server's, or a worker's health and metrics port. */
  url: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Its last lines of output (warnings and errors at the cluster's log level), for a failure. */
  output(): string;
}

export interface Cluster {
  postgres: PostgresServer;
  databaseUrl: string;
  servers: ClusterProcess[];
  workers: ClusterProcess[];
  /** The settings every process runs with (the bucket, the database, the secret). */
  env: Record<string, string>;
  /** Starts another app server (or the `index`th again after it stopped), ready to serve. */
  startServer(index?: number): Promise<ClusterProcess>;
  startWorker(index?: number): Promise<ClusterProcess>;
  /** Sends `signal` and waits for the process to exit; its exit code. */
  stop(process: ClusterProcess, signal?: NodeJS.Signals): Promise<number | null>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** PostgreSQL's folder, and its port (by default one `freePort` gives): never CI's 55432. */
  pgDir: string;
  pgPort?: number;
  servers?: number;
  workers?: number;
  /** Settings of every process, over the cluster's own. */
  env?: Record<string, string>;
  /** Where the processes' log lines go: inherited (a bench) or ignored (a test). */
  logs?: "inherit" | "ignore";
}

/** Waits until `url`'s readiness answers 200, or the process ends. */
async function untilReady(proc: ClusterProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}) before it was ready`);
    const ok = await fetch(`${proc.url}/health/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${proc.name} was not ready at ${proc.url} within ${timeoutMs} ms`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const postgres = await throwawayPostgres(options.pgDir, options.pgPort ?? (await freePort()));
  const s3 = await startS3();
  const dataDirs: string[] = [];
  const env: Record<string, string> = {
    DATABASE_URL: postgres.url,
    APP_SECRET: "cluster-secret-cluster-secret-0123456789",
    ...s3.env,
    JOBS_IN_PROCESS: "false",
    LOG_LEVEL: "warn",
    LESSON_TRACKS: "on-request",
    DEMO_RECORDINGS: "off",
    TUTORIAL_VIDEOS: "off",
    TUTOR_VIDEOS: "off",
    ASR_PROVIDER: "none",
    // Its ffmpeg shares the cores with the other test workers (build-test-app.ts).
    HELPER_PRIORITY: "normal",
    SHUTDOWN_DRAIN_SECONDS: "1",
    METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
    WEB_DIST: join(tmpdir(), "refrain-no-web-build"),
    ...options.env,
  };
  const servers: ClusterProcess[] = [];
  const workers: ClusterProcess[] = [];

  const spawnProcess = (name: string, script: string, extra: Record<string, string>) => {
    const dataDir = mkdtempSync(join(tmpdir(), `refrain-${name}-`));
    dataDirs.push(dataDir);
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const logs = options.logs ?? "ignore";
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { ...inherited, ...env, DATA_DIR: dataDir, ...extra },
      stdio: [
        "ignore",
        logs === "inherit" ? "inherit" : "pipe",
        logs === "inherit" ? "inherit" : "pipe",
      ],
    });
    // A test keeps the last lines, so that a process ending as it should not says why.
    const lines: string[] = [];
    const keep = (chunk: Buffer) => {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - 40));
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const exited = once(child, "exit").then(([code]) => code as number | null);
    return { child, exited, output: () => `${name}'s last output:\n${lines.join("\n")}` };
  };

  async function startServer(index = servers.length): Promise<ClusterProcess> {
    const port = await freePort();
    const name = `server-${index + 1}`;
    const spawned = spawnProcess(name, "apps/server/src/main.ts", {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const proc = { name, url: `http://127.0.0.1:${port}`, ...spawned };
    servers[index] = proc;
    // The first start makes the demo world: about 30 s on two idle cores.
    await untilReady(proc, 180_000);
    return proc;
  }

  async function startWorker(index = workers.length): Promise<ClusterProcess> {
    const name = `worker-${index + 1}`;
    const port = await freePort();
    const spawned = spawnProcess(name, "apps/server/src/worker.ts", {
      WORKER_PORT: String(port),
      HOST: "127.0.0.1",
    });
    const proc = { name, url: `http://127.0.0.1:${port}`, ...spawned };
    workers[index] = proc;
    await untilReady(proc, 60_000);
    return proc;
  }

  async function stop(proc: ClusterProcess, signal: NodeJS.Signals = "SIGTERM") {
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
    return proc.exited;
  }

  const cluster: Cluster = {
    postgres,
    databaseUrl: postgres.url,
    servers,
    workers,
    env,
    startServer,
    startWorker,
    stop,
    async close() {
      await Promise.all([...servers, ...workers].map((p) => stop(p, "SIGKILL")));
      await s3.close();
      await postgres.stop().catch(() => undefined);
      rmSync(options.pgDir, { recursive: true, force: true });
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // All at once, as replicas start: one migrates and makes the demo world, the others wait
    // for its lock and find them done (db/client.ts, `exclusively`).
    await Promise.all(Array.from({ length: options.servers ?? 2 }, (_, i) => startServer(i)));
    for (let i = 0; i < (options.workers ?? 1); i++) await startWorker();
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}
