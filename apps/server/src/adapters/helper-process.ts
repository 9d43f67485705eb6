import { AsyncLocalStorage } from "node:async_hooks";
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { chmod, writeFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { delimiter, join } from "node:path";
import { inBackground, runsInBackground } from "../core/in-background.ts";

/**
 * Every program the server, the worker and the tutorial recorder start (ffmpeg, ffprobe,
 * espeak-ng, the pocketsphinx decoder, the recorder itself, Chromium) starts here, so that
 * they all:
 *
 * - run at the lowest CPU and I/O priority (nice 19, the idle I/O class; `setHelperPriority`),
 *   and as root without the capability to raise it again (Chromium would): the people using
 *   the server go first;
 * - die with the process that started them, even when it is killed with SIGKILL: on Linux the
 *   chain `setpriv --pdeathsig KILL -- nice -n 19 ionice -c 3 -t -- <program>` asks the kernel
 *   to signal the program when its parent goes, and that survives the exec of every link;
 * - end on a clean stop (`stopHelpers`, from main.ts's and worker.ts's shutdown);
 * - take turns: one short run (`runHelper`) of this process works at a time. A request's runs go
 *   first, then the jobs' (`inBackground`, in-background.ts: a student's upload, a suggestion),
 *   then the batches' (`inBatch`: the first start's tracks, demo readings and videos), each
 *   line in order; so a request or a job waits for the run in progress, never for a batch.
 *
 * PDEATHSIG follows the thread that forked, not the process: spawn only from the main thread.
 * Each link that is missing (macOS has no setpriv or ionice) is left out; without nice the
 * program is reniced once started, and without setpriv it outlives a killed parent.
 */

/** The lowest CPU priority: a request to the server always goes first. */
const LOWEST_PRIORITY = 19;

/**
 * `low` (the default): helpers start at the lowest CPU and I/O priority. `normal`: at the
 * process's own, still tied to it (HELPER_PRIORITY, config.ts): for a machine whose every
 * process is busy the whole time, such as the test runs, where a helper at nice 19 beside
 * three test workers at nice 0 got about 1 % of a core and a 2-second transcode outlasted
 * its test's 30 s.
 */
export type HelperPriority = "low" | "normal";
let priority: HelperPriority = "low";

/** Sets the priority of the helpers started from now on, once at start (main.ts, worker.ts). */
export function setHelperPriority(chosen: HelperPriority) {
  priority = chosen;
}
/** What a failure keeps of standard error: only its end says why it failed. */
const STDERR_TAIL = 4000;
/** How long `stopHelpers` waits after SIGTERM: the recorder signs out and closes in 3 s. */
const STOP_GRACE_MS = 4000;

/** A helper that exited with an error: its exit code or signal, and the end of its stderr. */
export class HelperFailed extends Error {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  constructor(
    command: string,
    exitCode: number | null,
    signal: NodeJS.Signals | null,
    stderr: string,
  ) {
    const tail = stderr.trim().split("\n").slice(-3).join(" | ");
    super(`${command} exited with ${exitCode ?? signal}${tail ? `: ${tail}` : ""}`);
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderr = stderr;
  }
}

/** The process is stopping (`stopHelpers`): the helper was ended, or never started. */
export class HelperStopped extends Error {
  constructor(command: string) {
    super(`${command} was stopped: the server is stopping`);
  }
}

function isExecutable(path: string) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Where `command` is, looked up on PATH as spawn would; null when it is not there. */
export function commandPath(command: string): string | null {
  if (command.includes("/")) return isExecutable(command) ? command : null;
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const path = dir && join(dir, command);
    if (path && isExecutable(path)) return path;
  }
  return null;
}

/**
 * The signal a helper gets when its parent dies: KILL, or TERM for one that cleans up. The
 * kernel sends it again each time the orphan is handed to another thread of the dying parent,
 * so a TERM helper gets several: it must keep handling SIGTERM (`process.on`, not `once`).
 */
export type DeathSignal = "KILL" | "TERM";

interface LowTools {
  setpriv: string | null;
  nice: string | null;
  ionice: string | null;
  /** Root could raise a helper's priority again: its helpers start without CAP_SYS_NICE. */
  dropNice: boolean;
}

const DROP_NICE = ["--bounding-set", "-sys_nice"];
let tools: LowTools | undefined;

/** The programs that start a helper low and tied to its parent, found once. */
function lowTools(): LowTools {
  if (tools) return tools;
  if (process.platform !== "linux") {
    tools = { setpriv: null, nice: null, ionice: null, dropNice: false };
    return tools;
  }
  const setpriv = commandPath("setpriv");
  // Chromium started by root sets its threads back to nice 0 and below. A container's root
  // without CAP_SETPCAP cannot give the capability up: tried once.
  const dropNice =
    setpriv !== null &&
    process.geteuid?.() === 0 &&
    spawnSync(setpriv, [...DROP_NICE, "--", "true"], { stdio: "ignore" }).status === 0;
  tools = { setpriv, nice: commandPath("nice"), ionice: commandPath("ionice"), dropNice };
  return tools;
}

/** The command line that starts `program` at the lowest priority, tied to its parent. */
function helperCommandLine(
  program: string,
  args: readonly string[],
  deathSignal: DeathSignal = "KILL",
): string[] {
  const { setpriv, nice, ionice, dropNice } = lowTools();
  const low = priority === "low";
  return [
    ...(setpriv ? [setpriv, "--pdeathsig", deathSignal, ...(dropNice ? DROP_NICE : []), "--"] : []),
    ...(nice && low ? [nice, "-n", String(LOWEST_PRIORITY)] : []),
    // -t: where the I/O scheduler has no classes, the program runs all the same.
    ...(ionice && low ? [ionice, "-c", "3", "-t", "--"] : []),
    program,
    ...args,
  ];
}

/** `spawn`'s own error for a program that is not there, so callers see what they saw before. */
function notFound(command: string) {
  return Object.assign(new Error(`spawn ${command} ENOENT`), {
    code: "ENOENT",
    errno: -2,
    syscall: `spawn ${command}`,
    path: command,
  });
}

const live = new Set<ChildProcess>();
const stoppedHere = new WeakSet<ChildProcess>();
let stopping = false;

export interface StartHelper extends SpawnOptions {
  /** KILL (the default) for a program that needs no goodbye; TERM for one that cleans up. */
  deathSignal?: DeathSignal;
}

/**
 * Starts a long helper (the tutorial recorder, a server of the recorder's own) outside the
 * turn-taking; throws what spawn would emit for a missing program, and HelperStopped once the
 * process stops. The child's pid is the program's own (each link of the chain execs the next).
 */
export function startHelper(
  command: string,
  args: readonly string[],
  options: StartHelper = {},
): ChildProcess {
  if (stopping) throw new HelperStopped(command);
  const path = commandPath(command);
  if (!path) throw notFound(command);
  const { deathSignal, ...spawnOptions } = options;
  const [file, ...rest] = helperCommandLine(path, args, deathSignal);
  const child = spawn(file as string, rest, spawnOptions);
  if (priority === "low" && !lowTools().nice && child.pid !== undefined)
    try {
      setPriority(child.pid, LOWEST_PRIORITY);
    } catch {
      // It ended already: nothing left to slow down.
    }
  live.add(child);
  const forget = () => live.delete(child);
  child.once("exit", forget);
  child.once("error", forget);
  return child;
}

export interface RunHelper {
  cwd?: string;
  /** Written to the program's standard input, which is then closed. */
  input?: string;
  /** Ends the wait for a turn, or the program (SIGTERM), with an AbortError. */
  signal?: AbortSignal;
  /** The program is killed after running this long (its wait for a turn not counted). */
  timeoutMs?: number;
}

export interface HelperOutput {
  stdout: Buffer;
  /** The end of its standard error (warnings of a run that succeeded). */
  stderr: string;
}

/** Work whose helper runs let every other run go first (`inBatch`). */
const batches = new AsyncLocalStorage<true>();

interface Waiter {
  go(): void;
  fail(error: Error): void;
}

/** One short helper run at a time: a request's, then a job's, then a batch's, each in order. */
const turns = {
  busy: false,
  lines: { request: [] as Waiter[], job: [] as Waiter[], batch: [] as Waiter[] },
};

function nextTurn() {
  const { request, job, batch } = turns.lines;
  const next = request.shift() ?? job.shift() ?? batch.shift();
  if (next) next.go();
  else turns.busy = false;
}

const lineOf = () =>
  batches.getStore()
    ? turns.lines.batch
    : runsInBackground()
      ? turns.lines.job
      : turns.lines.request;

/** Resolves with the function that ends this turn, once it is this run's turn. */
function takeTurn(signal?: AbortSignal): Promise<() => void> {
  signal?.throwIfAborted();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    nextTurn();
  };
  if (!turns.busy) {
    turns.busy = true;
    return Promise.resolve(end);
  }
  const line = lineOf();
  return new Promise((resolve, reject) => {
    const leave = () => {
      const at = line.indexOf(waiter);
      if (at >= 0) line.splice(at, 1);
      signal?.removeEventListener("abort", abort);
    };
    const abort = () => {
      leave();
      reject(signal?.reason);
    };
    const waiter: Waiter = {
      go() {
        leave();
        resolve(end);
      },
      fail(error) {
        leave();
        reject(error);
      },
    };
    line.push(waiter);
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/**
 * Runs a program to its end, in its turn, and resolves with its output. A missing program
 * rejects as spawn does (ENOENT), a failing one with HelperFailed, one ended by `signal` with
 * an AbortError and one ended by `stopHelpers` with HelperStopped.
 */
export async function runHelper(
  command: string,
  args: readonly string[],
  options: RunHelper = {},
): Promise<HelperOutput> {
  if (stopping) throw new HelperStopped(command);
  const endTurn = await takeTurn(options.signal);
  try {
    return await runNow(command, args, options);
  } finally {
    endTurn();
  }
}

function runNow(command: string, args: readonly string[], options: RunHelper) {
  return new Promise<HelperOutput>((resolve, reject) => {
    const child = startHelper(command, args, {
      cwd: options.cwd,
      signal: options.signal,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    let failed = false;
    child.on("error", (error) => {
      failed = true;
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (failed) return;
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else if (stoppedHere.has(child)) reject(new HelperStopped(command));
      else reject(new HelperFailed(command, code, signal, stderr));
    });
    if (options.input !== undefined) {
      // A program that exits without reading all of it closes the pipe: its exit tells why.
      child.stdin?.on("error", () => undefined);
      child.stdin?.end(options.input);
    }
  });
}

/**
 * Runs `work` as a batch nobody waits for: its helper runs go after every other run, and its
 * database statements give way to requests (`inBackground`).
 */
export function inBatch<T>(work: () => Promise<T>): Promise<T> {
  return inBackground(() => batches.run(true, work));
}

let inTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` as a batch (`inBatch`) once the batch given here before it has ended,
 * however that ended: the first start's batches one after another, not beside each other. Once
 * the process stops it starts no more, and rejects with HelperStopped.
 */
export function batchInTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = inTurn.then(() => {
    if (stopping) throw new HelperStopped("a batch");
    return inBatch(work);
  });
  inTurn = run.catch(() => undefined);
  return run;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));

/**
 * Ends every helper of this process: SIGTERM, then SIGKILL for any still running after a
 * grace. Runs still waiting for their turn, and any started from now on, end with
 * HelperStopped: the process is stopping.
 */
export async function stopHelpers(graceMs = STOP_GRACE_MS): Promise<void> {
  stopping = true;
  for (const waiter of Object.values(turns.lines).flat())
    waiter.fail(new HelperStopped("a waiting helper"));
  const running = [...live];
  for (const child of running) {
    stoppedHere.add(child);
    child.kill("SIGTERM");
  }
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([Promise.all(running.map(exited)), grace]);
  clearTimeout(timer);
  const left = running.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of left) child.kill("SIGKILL");
  await Promise.all(left.map(exited));
}

/**
 * Writes an executable shell script at `path` that runs `program`, with the arguments it is
 * given, as a helper: for a launcher that takes a program's path and nothing before it
 * (Playwright's `executablePath`), so that Chromium too runs low and dies with the process
 * that launched it.
 */
export async function writeHelperLauncher(path: string, program: string): Promise<void> {
  const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
  const line = helperCommandLine(program, []).map(quote).join(" ");
  await writeFile(path, `#!/bin/sh\nexec ${line} "$@"\n`);
  await chmod(path, 0o700);
}
