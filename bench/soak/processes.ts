/** What the processes use: memory and CPU from /proc, heap and event loop from their metrics. */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Cluster } from "../../apps/server/test/cluster.ts";
import { childPids, childTicks, cpuTicks, postgresPids } from "../proc.ts";
import { PG_DIR, since, withTimeout } from "./settings.ts";

export interface ProcSample {
  t: number;
  /** kB of VmRSS (PostgreSQL: the sum over its processes), PSS for PostgreSQL, CPU ticks. */
  procs: Record<string, { rss: number; pss?: number; cpu: number; count?: number }>;
  load: number;
}
export const procSamples: ProcSample[] = [];

function statusKb(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function pssKb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    return Number(rollup.match(/^Pss:\s+(\d+) kB/m)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The s3rver process the cluster started: a child of this one running s3rver. */
export function s3rverPid(): number | undefined {
  return childPids(process.pid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("s3rver");
    } catch {
      return false; // Gone meanwhile.
    }
  });
}

export function sampleProcesses(cluster: Cluster, s3Pid: number | undefined) {
  const procs: ProcSample["procs"] = {};
  for (const p of [...cluster.servers, ...cluster.workers]) {
    const pid = p.child.pid as number;
    procs[p.name] = { rss: statusKb(pid, "VmRSS"), cpu: cpuTicks(pid) + childTicks(pid) };
  }
  const pids = postgresPids(PG_DIR);
  procs.postgresql = {
    rss: pids.reduce((sum, pid) => sum + statusKb(pid, "VmRSS"), 0),
    pss: pids.reduce((sum, pid) => sum + pssKb(pid), 0),
    cpu: pids.reduce((sum, pid) => sum + cpuTicks(pid), 0),
    count: pids.length,
  };
  if (s3Pid) procs.s3rver = { rss: statusKb(s3Pid, "VmRSS"), cpu: cpuTicks(s3Pid) };
  procs.bench = { rss: Math.round(process.memoryUsage().rss / 1024), cpu: cpuTicks(process.pid) };
  const load = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  procSamples.push({ t: since(), procs, load });
}

// ───────────────────────── inside the processes: heap and event loop ─────────────────────────

/** The scrape token the processes are started with (GET /metrics/scrape, Prometheus's format). */
export const METRICS_TOKEN = randomBytes(24).toString("hex");
/** Per process: V8's heap in use (MB) and the event loop's delay since the last scrape (ms). */
export interface InsideSample {
  t: number;
  procs: Record<string, { heapMb: number; loopMaxMs: number; loopP99Ms: number; gcMs: number }>;
}
export const insideSamples: InsideSample[] = [];
/** This process's own event loop: a stall here would show as latency of every request. */
export const benchLoop = monitorEventLoopDelay({ resolution: 10 });

function metricOf(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split("\n"))
    if (line.startsWith(name) && (line[name.length] === " " || line[name.length] === "{"))
      sum += Number(line.slice(line.lastIndexOf(" ") + 1));
  return sum;
}

export async function sampleInside(targets: { name: string; url: string }[]) {
  const procs: InsideSample["procs"] = {};
  await Promise.all(
    targets.map(async ({ name, url }) => {
      try {
        const answer = await withTimeout(
          fetch(`${url}/metrics/scrape`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
          5000,
        );
        const text = await answer.text();
        procs[name] = {
          heapMb: metricOf(text, "refrain_nodejs_heap_size_used_bytes") / 1048576,
          loopMaxMs: metricOf(text, "refrain_nodejs_eventloop_lag_max_seconds") * 1000,
          loopP99Ms: metricOf(text, "refrain_nodejs_eventloop_lag_p99_seconds") * 1000,
          gcMs: metricOf(text, "refrain_nodejs_gc_duration_seconds_sum") * 1000,
        };
      } catch {
        // A scrape that does not answer within 5 s is left out; the requests show the stall.
      }
    }),
  );
  const heap = process.memoryUsage().heapUsed / 1048576;
  procs.bench = {
    heapMb: heap,
    loopMaxMs: benchLoop.max / 1e6,
    loopP99Ms: benchLoop.percentile(99) / 1e6,
    gcMs: 0,
  };
  benchLoop.reset();
  insideSamples.push({ t: since(), procs });
}
