// How the project's scripts start their children and go down with whoever started them. Node
// built-ins only, and nothing newer than Node 18: scripts/ensure.mjs runs it on the machine's
// own Node before the project's exists.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { constants } from "node:os";

const SETPRIV = "/usr/bin/setpriv";

/** The parent of `pid` from /proc (Linux); null where there is no such process or no /proc. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

function nameOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/**
 * Calls `onGone` once whoever started this process is gone, even by `kill -9`, which no signal
 * announces. npm runs a script through `sh -c`, and Debian's dash stays in between instead of
 * exec-ing the command, so under a shell the process to outlive is the shell's parent (npm).
 */
export function watchParent(onGone) {
  const parent = process.ppid;
  const shell = /^(sh|dash|bash|zsh|ksh)$/.test(nameOf(parent));
  const grandparent = shell ? parentOf(parent) : null;
  const timer = setInterval(() => {
    const orphaned =
      process.ppid !== parent || (grandparent !== null && parentOf(parent) !== grandparent);
    if (!orphaned) return;
    clearInterval(timer);
    onGone();
  }, 500);
  timer.unref();
}

/**
 * `[command, args]` so that the child gets `signal` when this process dies, however it dies
 * (Linux's parent-death signal, set by util-linux's setpriv, which then execs the command: the
 * child keeps its pid). Elsewhere the command is run as it is.
 */
export function withDeathSignal(command, args, signal = "INT") {
  return existsSync(SETPRIV)
    ? [SETPRIV, ["--pdeathsig", signal, "--", command, ...args]]
    : [command, args];
}

/**
 * Runs one child to its end and exits with its status: Ctrl-C and kill's signals reach it, and
 * it is stopped as by Ctrl-C when this process, or the npm that started it, is gone.
 */
export function runToEnd(command, args, options = {}) {
  const [file, argv] = withDeathSignal(command, args);
  const child = spawn(file, argv, { stdio: "inherit", ...options });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
    process.on(signal, () => child.kill(signal));
  watchParent(() => child.kill("SIGINT"));
  child.on("error", (error) => {
    console.error(`Could not start ${command}: ${error.message}`);
    process.exit(1);
  });
  // A child ended by a signal exits as a shell reports it: 128 and the signal's number.
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return child;
}

/**
 * `[command, args]` that run npm on the given Node: the npm that started this script (its
 * `npm_execpath`), else the `npm` on PATH, which then finds that Node first on PATH.
 */
export function npmOn(node, args) {
  const cli = process.env.npm_execpath;
  return cli && /\.c?js$/.test(cli) && existsSync(cli) ? [node, [cli, ...args]] : ["npm", args];
}
