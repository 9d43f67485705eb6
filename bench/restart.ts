/**
 * `npm run bench:restart` (issue 40): how long a restart takes, from starting the server to
 * /health/ready answering 200, on a data folder that already holds the demo world.
 *
 * On a throwaway DATA_DIR it starts the server once (the first start: it makes the database and
 * the demo world, with the background media off, bench-setup.ts NO_BACKGROUND_WORK), stops it,
 * then starts and stops it BENCH_RESTARTS (5) times. Each start runs `node scripts/start.mjs`,
 * what `npm start` runs once scripts/ensure.mjs has found everything installed (BENCH_ENTRY
 * names another entry, e.g. apps/server/src/main.ts for the sources as the container runs them),
 * on BENCH_PORT (3336), /health/ready polled every 20 ms.
 *
 * Prints each start's wall time and the server process's CPU seconds (user + system, from /proc:
 * a loaded machine stretches the wall time, much less the CPU), the median of the restarts, and
 * the load average beside them. Goal: restart ≤ 5 s on two quiet cores. Exits 1 when the median
 * misses it, or when a restart rebuilt the web app or the server (a source changed meanwhile:
 * that run measured a build, not a restart).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { NO_BACKGROUND_WORK } from "./bench-setup.ts";
import { cpuTicks, TICK_S } from "./proc.ts";

const root = new URL("..", import.meta.url).pathname;
const PORT = process.env.BENCH_PORT ?? "3336";
const ENTRY = process.env.BENCH_ENTRY ?? "scripts/start.mjs";
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const GOAL_S = 5;

interface Start {
  wallS: number;
  cpuS: number;
  /** The start built the web app or the server first (its output said so). */
  built: boolean;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

/** Starts the server on `dataDir`, waits for /health/ready's 200, measures, and stops it. */
async function startOnce(dataDir: string): Promise<Start> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      ...NO_BACKGROUND_WORK,
      // The speech recogniser is looked for at every start, as where it is installed.
      ASR_PROVIDER: "auto",
      DATA_DIR: dataDir,
      PORT,
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_SECONDS: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let ended: number | null | undefined;
  void exited.then((code) => {
    ended = code;
  });
  try {
    for (;;) {
      if (ended !== undefined) throw new Error(`the server exited with ${ended}:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${PORT}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await sleep(20);
    }
    const wallS = (performance.now() - started) / 1000;
    const cpuS = cpuTicks(child.pid as number) * TICK_S;
    return { wallS, cpuS, built: /▸ Building/.test(output) };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

const show = (s: Start) =>
  `${s.wallS.toFixed(2)} s wall, ${s.cpuS.toFixed(2)} s CPU${s.built ? " (built first)" : ""}`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "refrain-bench-restart-"));
  try {
    console.log(`${ENTRY} on ${dataDir}; load average ${load()}`);
    const first = await startOnce(dataDir);
    console.log(`first start (demo world made): ${show(first)}`);
    const restarts: Start[] = [];
    for (let i = 1; i <= RESTARTS; i++) {
      const restart = await startOnce(dataDir);
      restarts.push(restart);
      console.log(`restart ${i}: ${show(restart)}`);
    }
    const wall = median(restarts.map((r) => r.wallS));
    const cpu = median(restarts.map((r) => r.cpuS));
    console.log(
      `restart, median of ${RESTARTS}: ${wall.toFixed(2)} s wall (goal ≤ ${GOAL_S} s), ` +
        `${cpu.toFixed(2)} s CPU; load average ${load()}`,
    );
    if (restarts.some((r) => r.built)) {
      console.error("A restart built first: a source changed during the bench. Run it again.");
      process.exitCode = 1;
    } else if (wall > GOAL_S) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
