/**
 * The district roster import at the size issue 21 names (its Performance section):
 * `npm run bench:roster` imports the bench package (`samplePackage({ variant: "valid", size:
 * "bench" })`: 40 schools, 800 teachers, 20,000 students, 6,000 guardians, 20,800 enrollments)
 * through the real server (apps/server/src/main.ts, jobs in process as it runs by default,
 * LOG_LEVEL=info, mail to the outbox: no SMTP_URL), on PGlite and then on a throwaway
 * PostgreSQL (scripts/local-postgres.sh). Per engine, on a fresh database holding one district
 * and its district admin and nobody else:
 *
 * 1. the API's latency with no import running: a light load (BENCH_CONNECTIONS, 4 connections,
 *    BENCH_RATE, 100 requests/s in all) on the district admin's `GET /auth/session` (the session,
 *    one prepared read, the CSRF token) for BENCH_BASELINE seconds (10);
 * 2. the upload (`POST /district_admin/roster/imports`, the ZIP as the body), then the detail
 *    polled every 250 ms until the import is ready: validation;
 * 3. the apply (levelsFromGrades false, inviteTeachers true: 800 invitations to the outbox),
 *    polled until the import is applied, then until the server logs the job's end (the
 *    invitations are queued after the status says applied);
 * 4. the same package imported again (it must change nothing).
 *
 * The same load runs through each import step; its p50/p99/max are reported against the
 * baseline's. The server's resident memory (VmRSS from /proc, sampled every 100 ms) is reported
 * as its peak in each step, with the process's VmHWM at the end; the server's and PostgreSQL's
 * CPU seconds per step (/proc/<pid>/stat). After the server stops, the rows the import made are
 * counted and checked. Each engine gives up after BENCH_ENGINE_MINUTES (10); the run exits 1
 * when one gave up or a check failed.
 *
 * BENCH_ENGINES (pglite,postgres), BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile
 * there when it stops (`--cpu-prof`), to see where an import step spends its time.
 */
import type { ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { hashPassword } from "../apps/server/src/core/passwords.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { districts, users } from "../apps/server/src/db/schema/index.ts";
import { samplePackage, zipPackage } from "../apps/server/src/demo/plan/oneroster-package.ts";
import { freshDatabase, NO_BACKGROUND_WORK, startPostgres, stopPostgres } from "./bench-setup.ts";
import { rows } from "./db-tools.ts";
import { cpuTicks, postgresPids, TICK_S } from "./proc.ts";
import { startServer, stopServer } from "./server-process.ts";
import { signInAs } from "./sign-in.ts";

const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE ?? 10);
const ENGINE_LIMIT_MS = Number(process.env.BENCH_ENGINE_MINUTES ?? 10) * 60_000;
const CPU_PROF = process.env.BENCH_CPU_PROF;
const POLL_MS = 250;
const RSS_SAMPLE_MS = 100;
const ADMIN = { login: "bench.admin", password: "bench-admin-password-7" };
const EXPECTED = { schools: 40, teachers: 800, students: 20_000, invitations: 800 };

class GaveUp extends Error {}

// ───────────────────────── the server and its process ─────────────────────────

/** What the server's log says of the import jobs: pino's `time` of each job's end. */
interface ServerLog {
  validated: number[];
  applied: { time: number; counts: unknown }[];
  failures: string[];
}

function startLoggedServer(env: Record<string, string>, log: ServerLog): Promise<ChildProcess> {
  const profile = CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF}`] : [];
  return startServer(env, profile, (entry, line) => {
    if (entry.level >= 40) log.failures.push(line);
    if (entry.msg === "roster package validated") log.validated.push(entry.time);
    if (entry.msg === "roster import applied")
      log.applied.push({ time: entry.time, counts: entry.counts });
  });
}

/** A value of /proc/<pid>/status in MB (VmRSS, VmHWM), 0 once the process is gone. */
function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, "m"),
    );
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const cpuSeconds = (pid: number) => cpuTicks(pid) * TICK_S;

/**
 * A step's watch over the server: its RSS sampled every 100 ms (the peak kept) and the CPU
 * the server and PostgreSQL spent from start to `end()`.
 */
function watch(server: number, postgres?: () => number[]) {
  let peak = statusMb(server, "VmRSS");
  const timer = setInterval(() => {
    peak = Math.max(peak, statusMb(server, "VmRSS"));
  }, RSS_SAMPLE_MS);
  const serverBefore = cpuSeconds(server);
  const pgPids = postgres?.() ?? [];
  const pgBefore = new Map(pgPids.map((pid) => [pid, cpuSeconds(pid)]));
  return {
    end() {
      clearInterval(timer);
      peak = Math.max(peak, statusMb(server, "VmRSS"));
      const pgNow = postgres?.() ?? [];
      return {
        peakRssMb: peak,
        serverCpu: cpuSeconds(server) - serverBefore,
        postgresCpu: postgres
          ? pgNow.reduce((s, pid) => s + cpuSeconds(pid) - (pgBefore.get(pid) ?? 0), 0)
          : null,
      };
    },
  };
}

// ───────────────────────── the API, as the web app calls it ─────────────────────────

interface Counts {
  create: number;
  update: number;
  deactivate: number;
  unchanged: number;
}
interface Detail {
  id: number;
  status: string;
  errors: number;
  warnings: number;
  failure: string | null;
  progress: { done: number; total: number };
  preview: { counts: Record<string, Counts> } | null;
}

async function call(
  base: string,
  headers: Record<string, string>,
  method: "GET" | "POST",
  path: string,
  body?: { zip: Uint8Array } | { json: unknown },
): Promise<Detail> {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body &&
        ("zip" in body
          ? { "content-type": "application/zip" }
          : { "content-type": "application/json" })),
    },
    body: body && ("zip" in body ? body.zip : JSON.stringify(body.json)),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: Detail }).data;
}

/**
 * Polls the import's detail every 250 ms until it reaches `until`; throws on a status that
 * cannot get there, and GaveUp at the engine's deadline. Answers the detail and when it was
 * seen, with the times the apply's progress moved.
 */
async function pollUntil(
  base: string,
  headers: Record<string, string>,
  id: number,
  until: "ready" | "applied",
  deadline: number,
) {
  const progress: { at: number; done: number; total: number }[] = [];
  for (;;) {
    const detail = await call(base, headers, "GET", `/district_admin/roster/imports/${id}`);
    const at = Date.now();
    const last = progress.at(-1);
    if (detail.progress.done !== (last?.done ?? 0) || (detail.progress.total > 0 && !last))
      progress.push({ at, ...detail.progress });
    if (detail.status === until) return { detail, at, progress };
    if (["invalid", "failed", "discarded"].includes(detail.status))
      throw new Error(
        `import ${id} is ${detail.status}: ${detail.failure ?? `${detail.errors} errors`}`,
      );
    if (at > deadline)
      throw new GaveUp(
        `import ${id} still ${detail.status} (${detail.progress.done}/${detail.progress.total})`,
      );
    await sleep(POLL_MS);
  }
}

/** Waits until the server has logged `count` entries of a kind (a job's end). */
async function logged<T>(entries: T[], count: number, deadline: number): Promise<T> {
  while (entries.length < count) {
    if (Date.now() > deadline) throw new GaveUp("the server did not log the job's end");
    await sleep(50);
  }
  return entries[count - 1] as T;
}

/** The light load on `GET /auth/session`, from now until `stop()`. */
function load(base: string, headers: Record<string, string>, seconds = 3600) {
  let instance: autocannon.Instance | undefined;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${base}/auth/session`,
        headers,
        connections: CONNECTIONS,
        ...(RATE > 0 && { overallRate: RATE }),
        duration: seconds,
        // A request held up by the import is measured, however long, not counted as a timeout.
        timeout: 120,
      },
      (error, out) => (error ? reject(error) : resolve(out)),
    );
  });
  return {
    result,
    stop() {
      instance?.stop();
      return result;
    },
  };
}

interface Latency {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}
const latencyOf = (r: autocannon.Result): Latency => ({
  requests: r.requests.total,
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  errors: r.errors + r.timeouts + r.non2xx,
});

// ───────────────────────── one engine ─────────────────────────

interface Step {
  name: string;
  seconds: number | null;
  /** Further timings of the step, in words (the job's end, the first school…). */
  note: string;
  latency: Latency | null;
  peakRssMb: number;
  serverCpu: number;
  postgresCpu: number | null;
}
interface EngineResult {
  engine: string;
  steps: Step[];
  hwmMb: number;
  checks: string[];
  gaveUp: string | null;
}

/** A fresh database with one district and its admin: nobody rostered, no demo world. */
async function prepareDatabase(env: Record<string, string>) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ?? "",
  });
  try {
    await database.migrate();
    const [district] = await database.db
      .insert(districts)
      .values({ name: "Riverbend Unified School District" })
      .returning({ id: districts.id });
    await database.db.insert(users).values({
      role: "district_admin",
      username: ADMIN.login,
      email: "bench.admin@riverbend.example.org",
      firstName: "Bench",
      lastName: "Admin",
      passwordHash: await hashPassword(ADMIN.password),
      districtId: district?.id ?? null,
    });
  } finally {
    await database.close();
  }
}

/** What the imports left, counted once the server has stopped. */
async function countRows(env: Record<string, string>) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ?? "",
  });
  try {
    const [counts] = await rows<Record<string, number>>(
      database.db,
      sql`select
        (select count(*)::int from schools) as schools,
        (select count(*)::int from users where role = 'teacher') as teachers,
        (select count(*)::int from users where role = 'student') as students,
        (select count(*)::int from users where role = 'student' and parent_email is not null) as parent_addresses,
        (select count(*)::int from student_groups) as groups,
        (select count(*)::int from group_memberships) as memberships,
        (select count(*)::int from roster_records) as roster_records,
        (select count(*)::int from login_tokens) as invitation_tokens,
        (select count(*)::int from mail_outbox) as outbox_mails`,
    );
    return counts ?? {};
  } finally {
    await database.close();
  }
}

async function benchEngine(
  engine: string,
  env: Record<string, string>,
  port: string,
  pgDataDir?: string,
): Promise<EngineResult> {
  const result: EngineResult = { engine, steps: [], hwmMb: 0, checks: [], gaveUp: null };
  const deadline = Date.now() + ENGINE_LIMIT_MS;
  console.log(`\n${engine}: a fresh database with one district and its admin…`);
  await prepareDatabase(env);
  const log: ServerLog = { validated: [], applied: [], failures: [] };
  const server = await startLoggedServer(
    {
      ...env,
      PORT: port,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // First-start work that is not the import's: none of it runs underneath.
      ...NO_BACKGROUND_WORK,
    },
    log,
  );
  const pid = server.pid as number;
  const postgres = pgDataDir ? () => postgresPids(pgDataDir) : undefined;
  const base = `http://127.0.0.1:${port}`;
  try {
    const headers = await signInAs(base, ADMIN);
    const zip = zipPackage(samplePackage({ variant: "valid", size: "bench" }));
    console.log(`  package: ${(zip.length / 1024).toFixed(0)} KB zipped`);

    // Warm: the routes' first calls compile their code paths, outside the measured steps.
    await load(base, headers, 2).result;
    {
      const watching = watch(pid, postgres);
      const started = Date.now();
      const latency = latencyOf(await load(base, headers, BASELINE_SECONDS).result);
      result.steps.push({
        name: "no import running",
        seconds: (Date.now() - started) / 1000,
        note: "",
        latency,
        ...watching.end(),
      });
      report(result.steps.at(-1) as Step);
    }

    for (const round of [1, 2]) {
      const again = round === 2 ? " again" : "";
      // Validation: upload to ready.
      {
        const watching = watch(pid, postgres);
        const traffic = load(base, headers);
        const started = Date.now();
        const uploaded = await call(
          base,
          headers,
          "POST",
          "/district_admin/roster/imports?fileName=riverbend-bench.zip",
          { zip },
        );
        const uploadMs = Date.now() - started;
        const ready = await pollUntil(base, headers, uploaded.id, "ready", deadline);
        const validatedAt = await logged(log.validated, round, deadline);
        const latency = latencyOf(await traffic.stop());
        const counts = ready.detail.preview?.counts ?? {};
        result.steps.push({
          name: `validate${again} (upload → ready)`,
          seconds: (ready.at - started) / 1000,
          note: `upload answered in ${uploadMs} ms; job logged its end at ${((validatedAt - started) / 1000).toFixed(1)} s; ${ready.detail.warnings} warnings; preview ${summary(counts)}`,
          latency,
          ...watching.end(),
        });
        report(result.steps.at(-1) as Step);
        if (round === 1) {
          const students = counts.students?.create ?? 0;
          const teachers = counts.teachers?.create ?? 0;
          result.checks.push(
            `first preview: ${students} students and ${teachers} teachers to create ${students === EXPECTED.students && teachers === EXPECTED.teachers ? "(as expected)" : "(EXPECTED 20,000 and 800)"}`,
          );
        } else {
          const changes = Object.values(counts).reduce(
            (n, c) => n + c.create + c.update + c.deactivate,
            0,
          );
          result.checks.push(
            `second preview: ${changes} changes ${changes === 0 ? "(nothing to write, as expected)" : "(EXPECTED none)"}`,
          );
        }

        // Apply: POST apply to applied, then to the job's end (invitations queued).
        const applying = watch(pid, postgres);
        const applyTraffic = load(base, headers);
        const applyStarted = Date.now();
        await call(base, headers, "POST", `/district_admin/roster/imports/${uploaded.id}/apply`, {
          json: { schoolMatches: {}, levelsFromGrades: false, inviteTeachers: true },
        });
        const applied = await pollUntil(base, headers, uploaded.id, "applied", deadline);
        const end = await logged(log.applied, round, deadline);
        const applyLatency = latencyOf(await applyTraffic.stop());
        const planned = applied.progress[0];
        const firstSchool = applied.progress.find((p) => p.done > 0);
        const lastSchool = applied.progress.at(-1);
        const since = (at: number | undefined) =>
          at === undefined ? "—" : `${((at - applyStarted) / 1000).toFixed(1)} s`;
        result.steps.push({
          name: `apply${again} (apply → applied)`,
          seconds: (applied.at - applyStarted) / 1000,
          note: `planned (progress shown) at ${since(planned?.at)}, first school done at ${since(firstSchool?.at)}, last at ${since(lastSchool?.at)}; job ended (invitations in the outbox) at ${since(end.time)}`,
          latency: applyLatency,
          ...applying.end(),
        });
        report(result.steps.at(-1) as Step);
        if (round === 1) {
          result.steps.push({
            name: "apply, to the job's end",
            seconds: (end.time - applyStarted) / 1000,
            note: "",
            latency: null,
            peakRssMb: 0,
            serverCpu: 0,
            postgresCpu: null,
          });
        }
      }
    }
    result.hwmMb = statusMb(pid, "VmHWM");
  } catch (error) {
    if (!(error instanceof GaveUp)) throw error;
    result.gaveUp = `gave up after ${ENGINE_LIMIT_MS / 60_000} minutes on ${engine}: ${error.message}`;
    console.error(`  ${result.gaveUp}`);
    result.hwmMb = statusMb(pid, "VmHWM");
  } finally {
    await stopServer(server);
  }
  if (log.failures.length > 0)
    result.checks.push(`${log.failures.length} warnings or errors logged`);
  if (!result.gaveUp) {
    const counts = await countRows(env);
    console.log(`  rows after both imports: ${JSON.stringify(counts)}`);
    const ok =
      counts.schools === EXPECTED.schools &&
      counts.teachers === EXPECTED.teachers &&
      counts.students === EXPECTED.students &&
      counts.outbox_mails === EXPECTED.invitations;
    result.checks.push(
      `after both imports: ${counts.schools} schools, ${counts.teachers} teachers, ${counts.students} students, ${counts.groups} groups, ${counts.memberships} memberships, ${counts.roster_records} roster records, ${counts.outbox_mails} invitations in the outbox ${ok ? "(one import's worth, as expected)" : "(EXPECTED 40, 800, 20,000 and 800)"}`,
    );
  }
  return result;
}

function summary(counts: Record<string, Counts>) {
  return Object.entries(counts)
    .map(([k, c]) => `${k} +${c.create} ~${c.update} −${c.deactivate} =${c.unchanged}`)
    .join(", ");
}

// ───────────────────────── the report ─────────────────────────

const fmt = (n: number | null, digits = 1) => (n === null ? "—" : n.toFixed(digits));

function report(step: Step) {
  const l = step.latency;
  console.log(
    `  ${step.name}: ${fmt(step.seconds)} s${l ? `, API p50 ${l.p50} ms p99 ${l.p99} ms max ${l.max} ms (${l.requests} requests, ${l.errors} errors)` : ""}, peak RSS ${fmt(step.peakRssMb, 0)} MB, server CPU ${fmt(step.serverCpu)} s${step.postgresCpu === null ? "" : `, PostgreSQL CPU ${fmt(step.postgresCpu)} s`}${step.note ? `\n    ${step.note}` : ""}`,
  );
}

function table(results: EngineResult[]) {
  const lines = [
    "",
    `Load on GET /auth/session: ${CONNECTIONS} connections, ${RATE > 0 ? `${RATE} requests/s in all` : "unlimited rate"}.`,
  ];
  for (const r of results) {
    lines.push(
      "",
      `${r.engine} (server's VmHWM at the end: ${fmt(r.hwmMb, 0)} MB)`,
      "",
      "| step | time | API p50 ms | API p99 ms | API max ms | requests | peak server RSS | server CPU | PostgreSQL CPU |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const s of r.steps) {
      const l = s.latency;
      lines.push(
        `| ${s.name} | ${fmt(s.seconds)} s | ${l ? l.p50 : "—"} | ${l ? l.p99 : "—"} | ${l ? l.max : "—"} | ${l ? `${l.requests}${l.errors ? ` (${l.errors} errors)` : ""}` : "—"} | ${s.peakRssMb ? `${fmt(s.peakRssMb, 0)} MB` : "—"} | ${s.serverCpu ? `${fmt(s.serverCpu)} s` : "—"} | ${s.postgresCpu === null ? "—" : `${fmt(s.postgresCpu)} s`} |`,
      );
    }
    for (const s of r.steps) if (s.note) lines.push(`- ${s.name}: ${s.note}`);
    for (const c of r.checks) lines.push(`- ${c}`);
    if (r.gaveUp) lines.push(`- **${r.gaveUp}**`);
  }
  console.log(lines.join("\n"));
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "refrain-bench-roster-"));
  // PostgreSQL runs as its own user, which must reach its data directory inside this one.
  chmodSync(dataDir, 0o755);
  const results: EngineResult[] = [];
  try {
    if (ENGINES.includes("pglite"))
      results.push(await benchEngine("PGlite", { DATA_DIR: join(dataDir, "pglite") }, "3331"));
    if (ENGINES.includes("postgres")) {
      const pgDataDir = join(dataDir, "postgres");
      const pgAdmin = startPostgres(pgDataDir, "55441");
      try {
        const url = await freshDatabase(pgAdmin, "refrain_bench_roster");
        results.push(
          await benchEngine(
            "PostgreSQL",
            { DATA_DIR: join(dataDir, "pg-files"), DATABASE_URL: url },
            "3332",
            pgDataDir,
          ),
        );
      } finally {
        stopPostgres(pgDataDir);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  table(results);
  // A run that gave up, or whose imports did not make what the package holds, is no result.
  if (results.some((r) => r.gaveUp || r.checks.some((c) => c.includes("EXPECTED"))))
    process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
