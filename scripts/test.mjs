// `npm test`: type check, lint, unit and API tests (Vitest), then the browser journeys
// (Playwright in Debian's Chromium). Ends with one line "tests: N passed, N failed".
// The API tests run on PGlite, or on the PostgreSQL server TEST_DATABASE_URL names (CI's way).
// `--only api` runs the API suite alone, its files on the test database only.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { withDeathSignal } from "./processes.mjs";
import { buildWebIfStale } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;
const only = process.argv.includes("--only")
  ? process.argv[process.argv.indexOf("--only") + 1]
  : null;
const reports = mkdtempSync(join(tmpdir(), "refrain-test-report-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** "file › test: its error's message", repeated at the end so a log's tail names them. */
const failedTests = [];
/**
 * The lines of an error's message repeated, its first and its last: a first line alone can say
 * nothing ("server-1's last output:"), and a process's output ends with what went wrong.
 */
const FIRST_LINES = 4;
const LAST_LINES = 8;
const failureText = (text) => {
  const lines = String(text ?? "")
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "") // terminal colours
    .split("\n")
    .filter((line) => line.trim());
  // The message, not its stack: CI's record of a run keeps only the log's tail.
  const stack = lines.findIndex((line) => /^\s*at /.test(line));
  const message = lines.slice(0, stack === -1 ? lines.length : stack);
  // Vitest 4 gives a test or hook that ran out of time the stack of an error it made at the
  // start, whose first line is this rather than "Test timed out in …".
  if (message[0] === "Error: STACK_TRACE_ERROR") return "timed out (Vitest's STACK_TRACE_ERROR)";
  const shown =
    message.length <= FIRST_LINES + LAST_LINES
      ? message
      : [
          ...message.slice(0, FIRST_LINES),
          `… (${message.length - FIRST_LINES - LAST_LINES} lines more, printed above)`,
          ...message.slice(-LAST_LINES),
        ];
  return shown.join("\n      ");
};

/** "name N s" of each step, printed at the end with the totals. */
const stepTimes = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  // Gone with this process, however it ends: no test runner left behind by a killed `npm test`.
  const result = spawnSync(...withDeathSignal(command, args), {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  stepTimes.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/** A tool of node_modules/.bin (each a JavaScript file) on this process's Node: the project's. */
const tool = (name, args, env) => [
  process.execPath,
  [realpathSync(join(root, "node_modules/.bin", name)), ...args],
  env,
];

if (!only) {
  step("type check", ...tool("tsc", ["-b"]));
  step("lint and format", ...tool("biome", ["check", "."]));
}

/**
 * The API test files that open the run's test database: they import test/build-test-app.ts,
 * directly or through another of test/'s helpers. `--only api` runs only these; the others (pure
 * rules, ffmpeg, speech recognition, servers of their own) do not depend on the engine.
 */
function testDatabaseFiles() {
  const server = join(root, "apps/server");
  const helpers = join(server, "test/");
  const testApp = join(helpers, "build-test-app.ts");
  const importsOf = (file) =>
    [...readFileSync(file, "utf8").matchAll(/from "(\.[^"]+)"/g)].map((m) =>
      resolve(dirname(file), m[1]),
    );
  const opens = (file, seen) =>
    importsOf(file).some(
      (imported) =>
        imported === testApp ||
        (imported.startsWith(helpers) &&
          !seen.has(imported) &&
          opens(imported, seen.add(imported))),
    );
  return readdirSync(join(server, "src"), { recursive: true })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => join(server, "src", file))
    .filter((file) => opens(file, new Set()))
    .map((file) => relative(root, file));
}

/** Runs Vitest as a step, adding its results to the totals. */
function vitestStep(name, args) {
  const report = join(reports, `vitest-${stepTimes.length}.json`);
  const passed = step(
    name,
    ...tool("vitest", [
      "run",
      ...args,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ]),
  );
  const vitest = readJson(report);
  if (!vitest) {
    failedSteps.push(`${name} (no report)`);
    return;
  }
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults) {
    const fileName = file.name.replace(root, "");
    const failed = file.assertionResults.filter((t) => t.status === "failed");
    for (const t of failed)
      failedTests.push(`${fileName} › ${t.fullName}: ${failureText(t.failureMessages?.[0])}`);
    // A file that fails before any test runs (an import or a hook) has no failed test of its own.
    if (file.status === "failed" && !failed.length)
      failedTests.push(`${fileName}: ${failureText(file.message)}`);
  }
  // Every test passed, yet Vitest failed: errors outside any test, which it prints above.
  if (!passed && !vitest.numFailedTests && !vitest.numFailedTestSuites)
    failedTests.push(`${name}: errors outside the tests (Vitest's "Unhandled Errors" above)`);
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// On PostgreSQL, PGlite's own paths run again on PGlite in the same Vitest run
// (apps/server/test/pglite-too.ts).
if (only === "api") vitestStep("API tests", ["--project", "api", ...testDatabaseFiles()]);
else
  vitestStep(
    onPostgres ? "unit and API tests (PostgreSQL, and PGlite's own paths)" : "unit and API tests",
    [],
  );

if (!only) {
  buildWebIfStale();
  const e2eReport = join(reports, "playwright.json");
  // The journeys' server keeps its database and files, and the mail server its messages, in
  // directories of this run (playwright.config.ts); the journeys' own files (login cards,
  // clips) go to its temporary directory. All are removed with the reports at the end.
  const e2eData = join(reports, "e2e-data");
  const e2eMail = join(reports, "e2e-mail");
  const e2eTmp = join(reports, "e2e-tmp");
  for (const dir of [e2eData, e2eMail, e2eTmp]) mkdirSync(dir);
  step(
    "browser journeys",
    ...tool("playwright", ["test", "-c", "e2e/playwright.config.ts", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      REFRAIN_E2E_DATA_DIR: e2eData,
      REFRAIN_E2E_MAIL_DIR: e2eMail,
      TMPDIR: e2eTmp,
    }),
  );
  const e2e = readJson(e2eReport);
  if (e2e) {
    totals.passed += e2e.stats.expected;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests) {
          const line = `${spec.file ?? file} › ${spec.title}: ${failureText(t.results[0]?.error?.message)}`;
          if (t.status === "unexpected") failedTests.push(line);
        }
      for (const inner of suite.suites ?? []) walk(inner, suite.file ?? file);
    };
    for (const suite of e2e.suites) walk(suite, suite.file);
  } else failedSteps.push("browser journeys (no report)");
}

rmSync(reports, { recursive: true, force: true });

console.log("");
if (failedTests.length)
  console.log(`Failed tests:\n${failedTests.map((t) => `  ${t}`).join("\n")}`);
console.log(`Steps: ${stepTimes.join("; ")}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
