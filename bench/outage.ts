/**
 * A PostgreSQL restart under load (issue 22): `node bench/outage.ts` starts a throwaway
 * PostgreSQL of its own (scripts/local-postgres.sh, port BENCH_PG_PORT 55443) and the real
 * server on it (apps/server/src/main.ts, its default pool settings, jobs in process, LOG_LEVEL
 * info, the demo world, SMTP_URL on a loopback mail server here), then:
 *
 * - steady load: ms.rivera's class list (`POST /teacher/students {verb:"list"}`, signed in) at
 *   BENCH_RATE (100) requests a second, open loop (each request leaves on time whatever the
 *   others do, so a hang shows as latency, cut at 30 s), and mr.okafor's summary e-mail to a
 *   colleague (`POST /teacher/email/endpoint`, one address) every 1.5 s;
 * - /health/ready polled every 100 ms;
 * - BENCH_BASELINE (5) seconds, then `pg_ctl stop -m fast` (connections ended at once, as in a
 *   restart), BENCH_OUTAGE (10) seconds down, `pg_ctl start` on the same port and data, and
 *   BENCH_AFTER (15) seconds more.
 *
 * Reports the answers by status before, during and after the outage, their latency, the time
 * from the database's return (pg_ctl start returned: it accepts connections) to the first
 * successful answer and to sustained success (every request sent from then on answered 200),
 * readiness's answers, every 500, the server's warnings and errors, and whether each e-mail the
 * server accepted (200) reached the mail server. Goal: back to full service within 5 s of the
 * database's return. Exits 1 when the goal is missed, a 500 was answered, a request hung, the
 * server died or accepted mail was lost.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { demoLogins } from "../apps/server/src/demo/plan/world.ts";
import { throwawayPostgres } from "../apps/server/test/postgres-server.ts";
import { startSmtpSink } from "../apps/server/test/smtp-sink.ts";
import { NO_BACKGROUND_WORK } from "./bench-setup.ts";
import { stopServer } from "./server-process.ts";
import { signInAs } from "./sign-in.ts";

const root = new URL("..", import.meta.url).pathname;
const PORT = process.env.BENCH_PORT ?? "3334";
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55443);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const BASELINE_S = Number(process.env.BENCH_BASELINE ?? 5);
const OUTAGE_S = Number(process.env.BENCH_OUTAGE ?? 10);
const AFTER_S = Number(process.env.BENCH_AFTER ?? 15);
const MAIL_EVERY_MS = 1500;
const REQUEST_LIMIT_MS = 30_000;
const GOAL_MS = 5000;

/** One request: when it left and came back (ms since the bench's start), and its status. */
interface Sample {
  sent: number;
  done: number;
  /** 0 when no answer came (a network error or the 30 s limit). */
  status: number;
  retryAfter: string | null;
}

const t0 = performance.now();
const now = () => performance.now() - t0;

interface ServerLog {
  warnings: { at: number; msg: string; kind?: string }[];
  errors: { at: number; msg: string }[];
  exited: number | null;
}

function startServer(env: Record<string, string>, log: ServerLog): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["apps/server/src/main.ts"], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.on("exit", (code) => {
      log.exited = code ?? -1;
      reject(new Error(`the server exited with ${code}`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      if (line.includes("Refrain is running")) resolve(child);
      if (!line.startsWith("{")) return;
      const entry = JSON.parse(line) as { level: number; msg?: string; kind?: string };
      if (entry.level >= 50) log.errors.push({ at: now(), msg: line });
      else if (entry.level >= 40)
        log.warnings.push({ at: now(), msg: entry.msg ?? "", kind: entry.kind });
    });
  });
}

async function call(
  base: string,
  headers: Record<string, string>,
  path: string,
  body?: unknown,
): Promise<Sample> {
  const sent = now();
  try {
    const reply = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    });
    await reply.arrayBuffer();
    return {
      sent,
      done: now(),
      status: reply.status,
      retryAfter: reply.headers.get("retry-after"),
    };
  } catch {
    return { sent, done: now(), status: 0, retryAfter: null };
  }
}

/** Calls `once` every `everyMs` (open loop) until `stop()`, which resolves with every answer. */
function every(everyMs: number, once: () => Promise<Sample>) {
  const pending: Promise<Sample>[] = [];
  let stopped = false;
  const loop = (async () => {
    let next = now();
    while (!stopped) {
      pending.push(once());
      next += everyMs;
      const wait = next - now();
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return Promise.all(pending);
    },
  };
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (n: number) => `${Math.round(n)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;

function byStatus(samples: Sample[]) {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? "no answer" : status}: ${n}`)
    .join(", ");
}

function latency(samples: Sample[]) {
  const took = samples.map((s) => s.done - s.sent);
  return `p50 ${ms(quantile(took, 0.5))}, p99 ${ms(quantile(took, 0.99))}, max ${ms(Math.max(0, ...took))}`;
}

/**
 * From `from`: the first 200 answered, and sustained success: when the first request of the
 * unbroken run of 200s that every later request belongs to was answered.
 */
function recovery(samples: Sample[], from: number) {
  const sentAfter = samples.filter((s) => s.sent >= from).sort((a, b) => a.sent - b.sent);
  const first = samples
    .filter((s) => s.status === 200 && s.done >= from)
    .sort((a, b) => a.done - b.done)[0];
  const lastFailure = sentAfter.filter((s) => s.status !== 200).at(-1);
  const runStart = lastFailure ? sentAfter.find((s) => s.sent > lastFailure.sent) : sentAfter[0];
  return {
    first: first ? first.done - from : null,
    sustained: runStart ? Math.max(0, runStart.done - from) : null,
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "refrain-bench-outage-"));
  // PostgreSQL runs as its own user, which must reach its data directory inside this one.
  chmodSync(dir, 0o755);
  const pgDir = join(dir, "postgres");
  const sink = await startSmtpSink();
  const server = await throwawayPostgres(pgDir, PG_PORT);
  const failures: string[] = [];
  let child: ChildProcess | undefined;
  const log: ServerLog = { warnings: [], errors: [], exited: null };
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query("create database refrain_bench_outage");
    await admin.end();
    console.log("Starting the server on a fresh PostgreSQL database (it seeds the demo world)…");
    child = await startServer(
      {
        DATABASE_URL: server.urlOf("refrain_bench_outage"),
        DATA_DIR: join(dir, "data"),
        PORT,
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: "info",
        SMTP_URL: sink.url,
        ...NO_BACKGROUND_WORK,
      },
      log,
    );
    child.on("exit", (code) => {
      log.exited = code ?? -1;
    });
    const base = `http://127.0.0.1:${PORT}`;
    const [rivera, okafor] = demoLogins();
    if (!rivera || !okafor) throw new Error("the demo world has no teachers");
    const listAs = await signInAs(base, rivera);
    const mailAs = await signInAs(base, okafor);

    const list = () => call(base, listAs, "/teacher/students", { verb: "list" });
    let mailSeq = 0;
    const mailed = new Map<string, Sample>();
    const mail = async () => {
      const to = `colleague${++mailSeq}@school.example`;
      const sample = await call(base, mailAs, "/teacher/email/endpoint", {
        type: "send",
        view: "colleague",
        message: "Our class reads every day.",
        emails: [to],
      });
      mailed.set(to, sample);
      return sample;
    };
    const ready = () => call(base, {}, "/health/ready");

    // Warm: the routes' first calls compile their code paths.
    for (let i = 0; i < 50; i++) await list();

    const load = every(1000 / RATE, list);
    const mails = every(MAIL_EVERY_MS, mail);
    const readiness = every(100, ready);
    await sleep(BASELINE_S * 1000);

    console.log("Stopping PostgreSQL (pg_ctl stop -m fast)…");
    const stopAsked = now();
    await server.stop();
    const down = now();
    await sleep(OUTAGE_S * 1000 - (now() - down));
    console.log("Starting PostgreSQL again…");
    const startAsked = now();
    await server.start();
    const back = now();
    await sleep(AFTER_S * 1000);

    const samples = await load.stop();
    const mailSamples = await mails.stop();
    const readySamples = await readiness.stop();

    const before = samples.filter((s) => s.sent < stopAsked);
    const during = samples.filter((s) => s.sent >= stopAsked && s.sent < back);
    const after = samples.filter((s) => s.sent >= back);
    const { first, sustained } = recovery(samples, back);
    const readyRecovery = recovery(readySamples, back);
    const firstNotReady = readySamples.find((s) => s.sent >= stopAsked && s.status === 503);
    const errors500 = [...samples, ...mailSamples, ...readySamples].filter(
      (s) => s.status >= 500 && s.status !== 503,
    );
    const hung = samples.filter((s) => s.status === 0);
    const retryHints = new Set(during.filter((s) => s.status === 503).map((s) => s.retryAfter));

    // Accepted mail must arrive: wait a little for the queue.
    const accepted = [...mailed].filter(([, s]) => s.status === 200).map(([to]) => to);
    const arrived = async () =>
      accepted.filter((to) => sink.received.some((m) => m.to.includes(to))).length;
    const mailDeadline = now() + 30_000;
    while ((await arrived()) < accepted.length && now() < mailDeadline) await sleep(200);
    const delivered = await arrived();

    const lines = [
      "",
      `Load: the class list at ${RATE} requests/s (open loop), a summary e-mail every ${MAIL_EVERY_MS / 1000} s, /health/ready every 100 ms.`,
      `PostgreSQL: pg_ctl stop -m fast took ${ms(down - stopAsked)}; down ${seconds(startAsked - down)}; pg_ctl start took ${ms(back - startAsked)}.`,
      "",
      "| phase | requests | answers | latency |",
      "|---|---:|---|---|",
      `| before (${BASELINE_S} s) | ${before.length} | ${byStatus(before)} | ${latency(before)} |`,
      `| outage (stop asked → start returned) | ${during.length} | ${byStatus(during)} | ${latency(during)} |`,
      `| after (${AFTER_S} s) | ${after.length} | ${byStatus(after)} | ${latency(after)} |`,
      "",
      `- Retry-After on the outage's 503s: ${[...retryHints].map(String).join(", ") || "—"}`,
      `- after the database's return: first 200 at ${first === null ? "never" : ms(first)}, every request 200 from ${sustained === null ? "never" : ms(sustained)}`,
      `- /health/ready: first 503 ${firstNotReady ? `${ms(firstNotReady.done - stopAsked)} after the stop was asked` : "never"}; 200 again ${readyRecovery.first === null ? "never" : `${ms(readyRecovery.first)}`} after the return (${byStatus(readySamples)})`,
      `- summary e-mails: ${mailSamples.length} sent (${byStatus(mailSamples)}); of the ${accepted.length} accepted, ${delivered} reached the mail server`,
      `- answers 500 (or other 5xx than 503): ${errors500.length}; requests without an answer: ${hung.length}`,
      `- server log: ${log.warnings.length} warnings, ${log.errors.length} errors; the server ${log.exited === null ? "kept running" : `EXITED (${log.exited})`}`,
      ...log.warnings.map(
        (w) =>
          `  - warn at ${seconds(w.at - stopAsked)} from the stop: ${w.msg}${w.kind ? ` (${w.kind})` : ""}`,
      ),
      ...log.errors.slice(0, 10).map((e) => `  - error: ${e.msg.slice(0, 300)}`),
    ];
    console.log(lines.join("\n"));

    if (sustained === null || sustained > GOAL_MS)
      failures.push(`not back to full service within ${GOAL_MS / 1000} s of the return`);
    if (errors500.length > 0) failures.push(`${errors500.length} answers 500`);
    if (hung.length > 0) failures.push(`${hung.length} requests without an answer`);
    if (log.exited !== null) failures.push("the server exited");
    if (delivered < accepted.length)
      failures.push(`${accepted.length - delivered} accepted e-mails lost`);
    if (during.some((s) => s.status !== 503 && s.status !== 200))
      failures.push("an outage answer other than 503 (or 200 from a cached session)");
  } finally {
    if (child) await stopServer(child);
    await server.stop().catch(() => undefined);
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    failures.length === 0
      ? `\nGoal met: back to full service within ${GOAL_MS / 1000} s of the database's return.`
      : `\nFAILED: ${failures.join("; ")}`,
  );
  if (failures.length > 0) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
