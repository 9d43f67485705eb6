import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inBackground } from "../core/in-background.ts";
import {
  batchInTurn,
  commandPath,
  HelperFailed,
  inBatch,
  runHelper,
  setHelperPriority,
  startHelper,
} from "./helper-process.ts";

/**
 * With real processes: a helper dies with the process that started it even when that one is
 * killed with SIGKILL, runs at nice 19 in the idle I/O class, takes its turn, and ends on
 * stopHelpers. The parent that dies is a Node process of its own, started here.
 */
const MODULE = new URL("./helper-process.ts", import.meta.url).href;
const folder = mkdtempSync(join(tmpdir(), "refrain-helper-test-"));
// The API tests' setup file chose `normal` (test/helper-priority.ts): this file shows the default.
beforeAll(() => setHelperPriority("low"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What the test parents do; `print` writes a line the test reads. */
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
});

/** A Node process running `code` (an ES module importing the helper module as `helpers`). */
function nodeParent(code: string) {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const helpers = await import(${JSON.stringify(MODULE)});\n${code}`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else queue.push(line);
  });
  const line = () =>
    new Promise<string>((resolve, reject) => {
      const queued = queue.shift();
      if (queued !== undefined) return resolve(queued);
      waiting.push(resolve);
      // A limit for a parent that hangs: in CI a Node process at nice 19 took over 10 s to
      // start beside three test workers.
      setTimeout(() => reject(new Error("the parent printed nothing within 45 s")), 45_000);
    });
  return { child, line };
}

/** A pid that runs: a zombie (not reaped by a container's init) has ended. */
function running(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

async function endsWithin(pid: number, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!running(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** The pid's program, once the chain before it has exec'd into it (at nice 19: slow under load). */
async function becomes(pid: number, program: string) {
  const deadline = Date.now() + 30_000;
  let comm = "";
  while (Date.now() < deadline) {
    comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    if (comm === program) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return comm;
}

/** Field 19 of /proc/<pid>/stat, the nice value (after the command name, which may hold spaces). */
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);

// Only macOS-like machines lack the parent-death signal: on Linux a missing setpriv fails these
// tests rather than skipping them, since helpers would then outlive a killed server.
const linux = process.platform === "linux";
const pdeathsig = linux;
const ionice = linux && commandPath("ionice") !== null;

/** A parent that starts `sleep 30` as a helper at `priority`, and the sleeper's pid once it runs. */
async function parentWithSleeper(priority: "low" | "normal") {
  const parent = nodeParent(`
    helpers.setHelperPriority(${JSON.stringify(priority)});
    const sleeper = helpers.startHelper("sleep", ["30"], { stdio: "ignore" });
    console.log(sleeper.pid);
    setInterval(() => undefined, 1000);
  `);
  const pid = Number(await parent.line());
  // The pid is the program's own: every link of the chain execs the next.
  expect(await becomes(pid, "sleep")).toBe("sleep");
  return { parent, pid };
}

describe("a helper dies with the process that started it", () => {
  it.skipIf(!pdeathsig)(
    "is gone within 5 s of its parent's SIGKILL (setpriv's PDEATHSIG)",
    async () => {
      const { parent, pid } = await parentWithSleeper("low");
      expect(running(pid)).toBe(true);

      parent.child.kill("SIGKILL");

      expect(await endsWithin(pid, 5000)).toBe(true);
    },
  );

  it.skipIf(!pdeathsig)("so does a run in its turn, and a program behind a launcher", async () => {
    const launcher = join(folder, "sleep-launcher");
    const runPid = join(folder, "run-pid");
    const parent = nodeParent(`
      const { spawn } = await import("node:child_process");
      void helpers.runHelper("sh", ["-c", "echo $$ > ${runPid}; exec sleep 30"]).catch(() => undefined);
      await helpers.writeHelperLauncher(${JSON.stringify(launcher)}, "/bin/sleep");
      // As Playwright starts Chromium: in a process group of its own.
      const launched = spawn(${JSON.stringify(launcher)}, ["30"], { detached: true, stdio: "ignore" });
      const { readFileSync } = await import("node:fs");
      const written = () => { try { return readFileSync(${JSON.stringify(runPid)}, "utf8").endsWith("\\n"); } catch { return false; } };
      while (!written()) await new Promise((resolve) => setTimeout(resolve, 20));
      console.log(launched.pid);
      setInterval(() => undefined, 1000);
    `);
    const launched = Number(await parent.line());
    const run = Number(readFileSync(runPid, "utf8"));
    for (const pid of [launched, run]) {
      expect(running(pid)).toBe(true);
      expect(await becomes(pid, "sleep")).toBe("sleep");
      // Behind a launcher too (Chromium behind the tutorial recorder's), at the lowest priority.
      expect(niceOf(readFileSync(`/proc/${pid}/stat`, "utf8"))).toBe(19);
    }

    parent.child.kill("SIGKILL");

    for (const pid of [launched, run]) expect(await endsWithin(pid, 5000)).toBe(true);
  });

  it.skipIf(!pdeathsig)(
    "gets SIGTERM instead, when started to clean up (the tutorial recorder)",
    async () => {
      const done = join(folder, "cleaned-up");
      const cleaner = `process.on("SIGTERM", () => { require("node:fs").writeFileSync(${JSON.stringify(done)}, "bye"); process.exit(0); }); setInterval(() => undefined, 1000); console.log("ready");`;
      // The cleaner is a whole Node process: at nice 19 beside CI's three test workers it took
      // over 10 s to start. Its priority is not what this test is about.
      const parent = nodeParent(`
        helpers.setHelperPriority("normal");
        const cleaner = helpers.startHelper(process.execPath, ["-e", ${JSON.stringify(cleaner)}], {
          deathSignal: "TERM",
          stdio: ["ignore", "inherit", "inherit"],
        });
        console.log(cleaner.pid);
      `);
      const pid = Number(await parent.line());
      expect(await parent.line()).toBe("ready");

      parent.child.kill("SIGKILL");

      expect(await endsWithin(pid, 5000)).toBe(true);
      expect(existsSync(done)).toBe(true);
    },
  );
});

describe("a helper runs at the lowest priority", () => {
  it.skipIf(!linux)("at nice 19, in the idle I/O class where ionice exists", async () => {
    const { stdout } = await runHelper("sh", [
      "-c",
      `cat /proc/$$/stat; ${ionice ? "ionice -p $$" : "echo no-ionice"}`,
    ]);
    const [stat, ioClass] = stdout.toString().trim().split("\n");
    expect(niceOf(stat as string)).toBe(19);
    // Without ionice (not a Linux CI machine, which has util-linux) there is no class to read.
    if (ionice) expect(ioClass).toBe("idle");
  });

  it.skipIf(!linux)("and cannot raise it again, even as root (as Chromium would)", async () => {
    const { stdout } = await runHelper("sh", [
      "-c",
      "renice -n 0 -p $$ >/dev/null 2>&1 && echo raised || echo refused",
    ]);
    expect(stdout.toString().trim()).toBe("refused");
  });

  it.skipIf(!linux)("a long one too", async () => {
    const sleeper = startHelper("sleep", ["5"], { stdio: "ignore" });
    try {
      const pid = sleeper.pid as number;
      await becomes(pid, "sleep");
      expect(niceOf(readFileSync(`/proc/${pid}/stat`, "utf8"))).toBe(19);
      if (ionice) {
        const { stdout } = await runHelper("ionice", ["-p", String(pid)]);
        expect(stdout.toString().trim()).toBe("idle");
      }
    } finally {
      sleeper.kill("SIGKILL");
    }
  });
});

describe("at HELPER_PRIORITY=normal", () => {
  afterAll(() => setHelperPriority("low"));

  it.skipIf(!linux)("a helper runs at its parent's priority, and cannot raise it", async () => {
    setHelperPriority("normal");
    const { stdout } = await runHelper("sh", [
      "-c",
      `cat /proc/$$/stat; ${ionice ? "ionice -p $$" : "echo no-ionice"}; renice -n -1 -p $$ >/dev/null 2>&1 && echo raised || echo refused`,
    ]);
    const [stat, ioClass, raised] = stdout.toString().trim().split("\n");
    expect(niceOf(stat as string)).toBe(niceOf(readFileSync("/proc/self/stat", "utf8")));
    if (ionice) expect(ioClass).not.toBe("idle");
    expect(raised).toBe("refused");
  });

  it.skipIf(!pdeathsig)("and still dies with its parent", async () => {
    const { parent, pid } = await parentWithSleeper("normal");
    expect(niceOf(readFileSync(`/proc/${pid}/stat`, "utf8"))).not.toBe(19);
    parent.child.kill("SIGKILL");
    expect(await endsWithin(pid, 5000)).toBe(true);
  });
});

describe("helper runs take turns", () => {
  /** A run that prints when it started and ended, in ms. */
  const timed = () =>
    runHelper("sh", ["-c", "date +%s%3N; sleep 0.3; date +%s%3N"]).then(({ stdout }) =>
      stdout.toString().trim().split("\n").map(Number),
    );

  it("runs one after the other", async () => {
    const [first, second] = await Promise.all([timed(), timed()]);
    const [, firstEnd] = first as number[];
    const [secondStart] = second as number[];
    expect(secondStart).toBeGreaterThanOrEqual(firstEnd as number);
  });

  it("lets a request's run go first, then a job's, then a batch's", async () => {
    const order: string[] = [];
    const running = runHelper("sleep", ["0.3"]).then(() => order.push("running"));
    const waiting = (name: string) => async () => {
      await runHelper("true", []);
      order.push(name);
    };
    const batch = inBatch(waiting("batch"));
    const job = inBackground(waiting("job"));
    const request = waiting("request")();
    await Promise.all([running, batch, job, request]);
    expect(order).toEqual(["running", "request", "job", "batch"]);
  });

  it("runs background batches one after another", async () => {
    const events: string[] = [];
    const batch = (name: string) => async () => {
      events.push(`${name} starts`);
      await runHelper("sleep", ["0.1"]);
      await runHelper("sleep", ["0.1"]);
      events.push(`${name} ends`);
    };
    const failing = async () => {
      events.push("failing starts");
      await runHelper("false", []);
    };
    await Promise.allSettled([
      batchInTurn(batch("a")),
      batchInTurn(failing),
      batchInTurn(batch("b")),
    ]);
    expect(events).toEqual(["a starts", "a ends", "failing starts", "b starts", "b ends"]);
  });

  it("keeps each caller's errors: a failure's exit code and the end of its stderr", async () => {
    const failure = await runHelper("sh", ["-c", "echo first >&2; echo why >&2; exit 3"]).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HelperFailed);
    expect(failure).toMatchObject({ exitCode: 3, message: "sh exited with 3: first | why" });
    const missing = await runHelper("no-such-program-here", []).catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: "ENOENT" });
  });

  it("gives up its place in line when its signal aborts", async () => {
    const running = runHelper("sleep", ["0.3"]);
    const abort = new AbortController();
    const waiting = runHelper("true", [], { signal: abort.signal });
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
    await running;
    // The line moved on: a later run is not stuck behind the one that left.
    await runHelper("true", []);
  });
});

describe("stopHelpers", () => {
  // In a parent of its own: stopping is for good, and this file's other runs go on.
  it("ends the running helpers, refuses new ones and new background work, and SIGKILLs one that ignores SIGTERM", async () => {
    const parent = nodeParent(`
      const run = helpers.runHelper("sleep", ["30"]).then(() => "finished", (e) => e.constructor.name);
      const stubborn = helpers.startHelper("sh", ["-c", "trap '' TERM; echo $$; while :; do sleep 0.1; done"], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      // Stopped once its trap is set, which its pid on its output says: a helper runs at nice 19,
      // and on a busy machine a TERM sent after a fixed wait could come before the trap.
      const pid = await new Promise((resolve) => stubborn.stdout.once("data", resolve));
      console.log(String(pid).trim());
      const started = Date.now();
      await helpers.stopHelpers(1000);
      console.log(await run);
      console.log(Date.now() - started);
      console.log(await helpers.runHelper("true", []).then(() => "ran", (e) => e.constructor.name));
      console.log(await helpers.batchInTurn(async () => "ran").catch((e) => e.constructor.name));
      process.exit(0);
    `);
    const stubborn = Number(await parent.line());
    expect(await parent.line()).toBe("HelperStopped");
    const ms = Number(await parent.line());
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(3000);
    expect(await parent.line()).toBe("HelperStopped");
    expect(await parent.line()).toBe("HelperStopped");
    expect(await endsWithin(stubborn, 1000)).toBe(true);
  });
});
