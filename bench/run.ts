/**
 * `npm run bench`: builds the `large` world (40 schools, 800 teachers, 20,000 students) on
 * PGlite and on PostgreSQL, starts the real server on each, and drives POST /login and a
 * teacher's student list with autocannon. A bare Fastify hello-world is measured in the
 * same run as the ceiling. Prints requests/s and p99 latency, and after each seed the
 * world's learning history and its school time query (bench/history.ts).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_ADULT_PASSWORD } from "../apps/server/src/db/demo-world/world.ts";
import { historyReport, printReport } from "./history.ts";

const root = new URL("..", import.meta.url).pathname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rows: { engine: string; scenario: string; rps: number; p99: number; errors: number }[] = [];

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
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (readyText.test(output)) resolve(child);
    });
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

async function measure(engine: string, scenario: string, options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const errors = result.errors + result.timeouts + result.non2xx;
  rows.push({ engine, scenario, rps: result.requests.average, p99: result.latency.p99, errors });
  console.log(
    `  ${scenario}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${errors} errors`,
  );
}

/** A browser-like session: the CSRF cookie and token, optionally signed in. */
async function session(base: string, login?: { login: string; password: string }) {
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
    const reply = await fetch(`${base}/login`, {
      method: "POST",
      headers,
      body: JSON.stringify(login),
    });
    if (!reply.ok) throw new Error(`bench login failed: ${reply.status} ${await reply.text()}`);
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

async function benchEngine(engine: string, env: Record<string, string>) {
  console.log(`\n${engine}: building the large world…`);
  const started = Date.now();
  execFileSync(process.execPath, ["apps/server/src/db/cli.ts", "seed", "large"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  console.log(`  world ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Closed again before the server opens it: PGlite's files take one process at a time.
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ?? "",
  });
  try {
    printReport(engine, await historyReport(database.db));
  } finally {
    await database.close();
  }
  const port = engine === "PGlite" ? "3301" : "3302";
  const server = await startProcess(
    ["apps/server/src/main.ts"],
    {
      ...env,
      PORT: port,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
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
    const base = `http://127.0.0.1:${port}`;
    const anonymous = await session(base);
    await measure(engine, "POST /login (argon2id verify)", {
      url: `${base}/login`,
      method: "POST",
      headers: anonymous,
      body: JSON.stringify({ login: "teacher1", password: DEMO_ADULT_PASSWORD }),
    });
    const teacher = await session(base, { login: "teacher1", password: DEMO_ADULT_PASSWORD });
    await measure(engine, "POST /teacher/students list (25 students)", {
      url: `${base}/teacher/students`,
      method: "POST",
      headers: teacher,
      body: JSON.stringify({ verb: "list" }),
    });
  } finally {
    await stop(server);
  }
}

async function main() {
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per scenario`);
  const hello = await startProcess(["bench/hello.ts"], { PORT: "3300" }, /ready/);
  console.log("\nceiling:");
  await measure("Fastify", "GET / hello world", { url: "http://127.0.0.1:3300/" });
  await stop(hello);

  const dataDir = mkdtempSync(join(tmpdir(), "refrain-bench-"));
  // PostgreSQL runs as its own user, which must reach its data directory inside this one.
  chmodSync(dataDir, 0o755);
  try {
    await benchEngine("PGlite", { DATA_DIR: dataDir });

    const pgAdmin = execFileSync(
      join(root, "scripts/local-postgres.sh"),
      [join(dataDir, "postgres"), "55439"],
      { encoding: "utf8" },
    )
      .trim()
      .split("\n")
      .pop() as string;
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query("drop database if exists refrain_bench");
    await admin.query("create database refrain_bench");
    await admin.end();
    const url = new URL(pgAdmin);
    url.pathname = "/refrain_bench";
    await benchEngine("PostgreSQL", { DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    execFileSync(
      "bash",
      [
        "-c",
        `runuser -u postgres -- pg_ctl -D ${join(dataDir, "postgres")} stop -m fast 2>/dev/null || pg_ctl -D ${join(dataDir, "postgres")} stop -m fast`,
      ],
      { stdio: "ignore" },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log("\nengine      scenario                                   req/s     p99 ms   errors");
  for (const r of rows) {
    console.log(
      `${r.engine.padEnd(11)} ${r.scenario.padEnd(42)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(9)} ${String(r.errors).padStart(8)}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
