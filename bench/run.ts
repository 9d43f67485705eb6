/**
 * `npm run bench`: builds the `large` world (40 schools, 800 teachers, 20,000 students) on
 * PGlite and on PostgreSQL and measures, interleaved round by round on each engine: a bare
 * Fastify hello-world, the ceiling of a one-query call (bench/ceiling.ts: Fastify plus one
 * prepared primary-key select on the same database) and the real server's busy calls
 * (SCENARIOS) at the log level production uses. For each: requests/s, its ratio to hello and
 * to the ceiling, p99 latency, and CPU µs per request of the server and of PostgreSQL, read
 * from /proc. Prints the medians of the rounds as a markdown table, and after each seed the
 * world's learning history and its school time query (bench/history.ts).
 *
 * BENCH_SECONDS (8), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3), BENCH_ENGINES (pglite,postgres).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { hashPassword } from "../apps/server/src/core/passwords.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_ADULT_PASSWORD } from "../apps/server/src/demo/plan/world.ts";
import { freshDatabase, startPostgres, stopPostgres } from "./bench-setup.ts";
import { historyReport, printReport } from "./history.ts";
import { cpuTicks, postgresPids, TICK_S } from "./proc.ts";

const root = new URL("..", import.meta.url).pathname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
const TICK_US = TICK_S * 1e6;
// The production level: one line per request (apps/server/src/plugins/request-log.ts).
const LOG_LEVEL = "info";
const STUDENT_PASSWORD = "bench-student-7";
const BIG_CLASS_EXTRA = 225;

interface Sample {
  engine: string;
  scenario: string;
  rps: number;
  p99: number;
  serverUs: number;
  postgresUs: number | null;
  errors: number;
}
const samples: Sample[] = [];

// ───────────────────────── processes and their CPU time ─────────────────────────

function startProcess(
  args: string[],
  env: Record<string, string>,
  readyText: RegExp,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (!readyText.test(output)) return;
      // From here on its log lines are read and dropped, as a log collector would take them.
      child.stdout?.off("data", collect);
      child.stdout?.resume();
      resolve(child);
    };
    child.stdout?.on("data", collect);
    child.on("exit", (code) =>
      reject(new Error(`${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

async function stop(child: ChildProcess) {
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function cpuSnapshot(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuTicks(pid)]));
}

/** CPU µs spent since `before` by the same processes and any started since (`pids` now). */
function cpuSince(before: Map<number, number>, pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuTicks(pid) - (before.get(pid) ?? 0), 0) * TICK_US;
}

async function measure(
  engine: string,
  scenario: string,
  processes: { server: number; postgres?: () => number[] },
  options: autocannon.Options,
) {
  const serverBefore = cpuSnapshot([processes.server]);
  const postgresBefore = processes.postgres && cpuSnapshot(processes.postgres());
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const requests = Math.max(1, result.requests.total);
  const serverUs = cpuSince(serverBefore, [processes.server]) / requests;
  const postgresUs =
    processes.postgres && postgresBefore
      ? cpuSince(postgresBefore, processes.postgres()) / requests
      : null;
  const errors = result.errors + result.timeouts + result.non2xx;
  samples.push({
    engine,
    scenario,
    rps: result.requests.average,
    p99: result.latency.p99,
    serverUs,
    postgresUs,
    errors,
  });
  console.log(
    `  ${scenario}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ` +
      `server ${serverUs.toFixed(0)} µs/req${postgresUs === null ? "" : `, PostgreSQL ${postgresUs.toFixed(0)} µs/req`}, ${errors} errors`,
  );
}

// ───────────────────────── the real server's calls ─────────────────────────

/** A browser-like session: the CSRF cookie and token, optionally signed in. */
async function session(
  base: string,
  login?: { path: string; body: Record<string, unknown> },
): Promise<Record<string, string>> {
  const first = await fetch(`${base}/auth/session`, {
    headers: { "x-requested-with": "XMLHttpRequest" },
  });
  const cookies = first.headers.getSetCookie().map((c) => c.split(";")[0]);
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-requested-with": "XMLHttpRequest",
    "x-csrf-token": csrfToken,
    cookie: cookies.join("; "),
  };
  if (login) {
    const reply = await fetch(`${base}${login.path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(login.body),
    });
    if (!reply.ok) throw new Error(`bench sign-in failed: ${reply.status} ${await reply.text()}`);
    const sessionCookie = reply.headers.getSetCookie().map((c) => c.split(";")[0]);
    headers.cookie = [...cookies, ...sessionCookie].join("; ");
    // Signing in starts a new session with its own CSRF token.
    const fresh = await fetch(`${base}/auth/session`, {
      headers: { "x-requested-with": "XMLHttpRequest", cookie: headers.cookie },
    });
    headers["x-csrf-token"] = ((await fresh.json()) as { csrfToken: string }).csrfToken;
  }
  return headers;
}

interface World {
  /** teacher1's id: the ceiling selects it. */
  teacherId: number;
  /** A student of teacher1 whose password the bench set. */
  student: string;
}

const adult = (login: string) => ({
  path: "/login",
  body: { login, password: DEMO_ADULT_PASSWORD },
});

/**
 * The busy calls, each measured every round. Later issues add theirs here: the recording
 * list (fluency recordings) and the class summary (reports).
 */
const SCENARIOS: {
  name: string;
  as: (world: World) => { path: string; body: Record<string, unknown> };
  request: { path: string; method: "GET" | "POST"; body?: unknown };
}[] = [
  {
    name: "session check (GET /auth/session)",
    as: () => adult("teacher1"),
    request: { path: "/auth/session", method: "GET" },
  },
  {
    name: "student list, class of 25",
    as: () => adult("teacher1"),
    request: { path: "/teacher/students", method: "POST", body: { verb: "list" } },
  },
  {
    name: "student list, class of 250",
    as: () => adult("teacher2"),
    request: { path: "/teacher/students", method: "POST", body: { verb: "list" } },
  },
  {
    name: "student's lesson page (GET /learning/home)",
    as: (world) => ({
      path: "/student/login",
      body: {
        step: 3,
        type: "input",
        teacher: "teacher1",
        student: world.student,
        password: STUDENT_PASSWORD,
      },
    }),
    request: { path: "/learning/home", method: "GET" },
  },
];
const LOGIN_SCENARIO = "POST /login (argon2id verify)";

/**
 * After seeding: teacher2's class grows to 250 (copies of one of its students, with that
 * student's password) and one student of teacher1 gets a password the bench knows.
 */
async function prepareWorld(env: Record<string, string>): Promise<World> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ?? "",
  });
  try {
    const db = database.db;
    printReport(env.DATABASE_URL ? "PostgreSQL" : "PGlite", await historyReport(db));
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const [teacher1] = await rows<{ id: number }>(
      sql`select id from users where username = 'teacher1' and role = 'teacher'`,
    );
    const [teacher2] = await rows<{ id: number }>(
      sql`select id from users where username = 'teacher2' and role = 'teacher'`,
    );
    if (!teacher1 || !teacher2) throw new Error("the large world has no teacher1 or teacher2");
    await db.execute(sql`update users set max_students = 300 where id = ${teacher2.id}`);
    await db.execute(sql`
      insert into users (role, username, first_name, last_name, password_hash, password_encrypted,
                         teacher_id, plan_id, student_login_type)
      select 'student', 'bench' || g, 'Bench' || g, 'Student', s.password_hash,
             s.password_encrypted, s.teacher_id, s.plan_id, s.student_login_type
      from generate_series(1, ${BIG_CLASS_EXTRA}) g,
           (select * from users where role = 'student' and teacher_id = ${teacher2.id}
            order by id limit 1) s`);
    const [student] = await rows<{ id: number; username: string }>(
      sql`select id, username from users where role = 'student' and teacher_id = ${teacher1.id}
          order by id limit 1`,
    );
    if (!student) throw new Error("teacher1 has no students");
    await db.execute(
      sql`update users set password_hash = ${await hashPassword(STUDENT_PASSWORD)}
          where id = ${student.id}`,
    );
    return { teacherId: teacher1.id, student: student.username };
  } finally {
    await database.close();
  }
}

async function benchEngine(engine: string, env: Record<string, string>, pgDataDir?: string) {
  console.log(`\n${engine}: building the large world…`);
  const started = Date.now();
  execFileSync(process.execPath, ["apps/server/src/cli/cli.ts", "seed", "large"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  console.log(`  world ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Closed again before a server opens it: PGlite's files take one process at a time.
  const world = await prepareWorld(env);
  const postgres = pgDataDir ? () => postgresPids(pgDataDir) : undefined;
  const port = engine === "PGlite" ? "3301" : "3302";
  const base = `http://127.0.0.1:${port}`;

  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`\n${engine}, round ${round} of ${ROUNDS}:`);
    const hello = await startProcess(["bench/hello.ts"], { PORT: "3300" }, /ready/);
    await measure(
      engine,
      "hello world (bare Fastify)",
      { server: hello.pid as number },
      {
        url: "http://127.0.0.1:3300/",
      },
    );
    await stop(hello);

    const ceiling = await startProcess(
      ["bench/ceiling.ts"],
      { ...env, PORT: port, CEILING_USER_ID: String(world.teacherId) },
      /ready/,
    );
    await measure(
      engine,
      "ceiling (Fastify + 1 prepared select)",
      {
        server: ceiling.pid as number,
        postgres,
      },
      { url: `${base}/` },
    );
    await stop(ceiling);

    const server = await startProcess(
      ["apps/server/src/main.ts"],
      {
        ...env,
        PORT: port,
        HOST: "127.0.0.1",
        LOG_LEVEL,
        // Making the lessons' missing tracks (espeak-ng, ffmpeg) is first-start work, not a call's.
        LESSON_TRACKS: "off",
        // The large world has none, but a demo world's would be first-start work too.
        DEMO_RECORDINGS: "off",
        LOGIN_LIMIT_PER_IP: "100000000",
        LOGIN_LIMIT_PER_ACCOUNT_AND_IP: "100000000",
        LOGIN_LIMIT_PER_ACCOUNT: "100000000",
        LOGIN_LIMIT_PER_CLASS: "100000000",
        // No job workers in the measured server; PGlite's one process must run its own.
        ...(env.DATABASE_URL && { JOBS_IN_PROCESS: "false" }),
      },
      /Refrain is running/,
    );
    try {
      const processes = { server: server.pid as number, postgres };
      for (const scenario of SCENARIOS) {
        const headers = await session(base, scenario.as(world));
        await measure(engine, scenario.name, processes, {
          url: `${base}${scenario.request.path}`,
          method: scenario.request.method,
          headers,
          ...(scenario.request.body !== undefined && {
            body: JSON.stringify(scenario.request.body),
          }),
        });
      }
      // Slow on purpose (argon2id): once, in the first round.
      if (round === 1) {
        await measure(engine, LOGIN_SCENARIO, processes, {
          url: `${base}/login`,
          method: "POST",
          headers: await session(base),
          body: JSON.stringify({ login: "teacher1", password: DEMO_ADULT_PASSWORD }),
        });
      }
    } finally {
      await stop(server);
    }
  }
}

// ───────────────────────── the report ─────────────────────────

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function report() {
  const engines = [...new Set(samples.map((s) => s.engine))];
  const lines: string[] = [];
  for (const engine of engines) {
    const of = (scenario: string) =>
      samples.filter((s) => s.engine === engine && s.scenario === scenario);
    const hello = median(of("hello world (bare Fastify)").map((s) => s.rps));
    const ceiling = median(of("ceiling (Fastify + 1 prepared select)").map((s) => s.rps));
    lines.push(
      "",
      `${engine} (median of ${ROUNDS} rounds, ${CONNECTIONS} connections, ${DURATION} s each, log level ${LOG_LEVEL})`,
      "",
      "| scenario | req/s | of hello | of ceiling | p99 ms | server µs/req | PostgreSQL µs/req | errors |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    );
    const scenarios = [
      ...new Set(samples.filter((s) => s.engine === engine).map((s) => s.scenario)),
    ];
    for (const scenario of scenarios) {
      const rows = of(scenario);
      const rps = median(rows.map((s) => s.rps));
      const range =
        rows.length > 1
          ? ` (${Math.min(...rows.map((s) => s.rps)).toFixed(0)}–${Math.max(...rows.map((s) => s.rps)).toFixed(0)})`
          : "";
      const postgres = rows.every((s) => s.postgresUs !== null)
        ? median(rows.map((s) => s.postgresUs as number)).toFixed(0)
        : "—";
      lines.push(
        `| ${scenario} | ${rps.toFixed(0)}${range} | ${((100 * rps) / hello).toFixed(1)} % | ${((100 * rps) / ceiling).toFixed(1)} % | ${median(rows.map((s) => s.p99))} | ${median(rows.map((s) => s.serverUs)).toFixed(0)} | ${postgres} | ${rows.reduce((n, s) => n + s.errors, 0)} |`,
      );
    }
    const small = median(of("student list, class of 25").map((s) => s.serverUs));
    const big = median(of("student list, class of 250").map((s) => s.serverUs));
    if (of("student list, class of 250").length > 0)
      lines.push(
        "",
        `Server CPU per extra student: ${((big - small) / BIG_CLASS_EXTRA).toFixed(2)} µs`,
      );
  }
  console.log(lines.join("\n"));
}

async function main() {
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per scenario, ${ROUNDS} rounds`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), "refrain-bench-"));
  // PostgreSQL runs as its own user, which must reach its data directory inside this one.
  chmodSync(dataDir, 0o755);
  const pgDataDir = join(dataDir, "postgres");
  try {
    if (ENGINES.includes("pglite")) await benchEngine("PGlite", { DATA_DIR: dataDir });
    if (ENGINES.includes("postgres")) {
      const url = await freshDatabase(startPostgres(pgDataDir, "55439"), "refrain_bench");
      try {
        await benchEngine("PostgreSQL", { DATA_DIR: dataDir, DATABASE_URL: url }, pgDataDir);
      } finally {
        stopPostgres(pgDataDir);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  report();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
