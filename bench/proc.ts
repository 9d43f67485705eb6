import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** How long one clock tick of /proc's CPU times is, in seconds. */
export const TICK_S = 1 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/**
 * The fields of /proc/<pid>/stat after the command name (which may hold spaces), the process
 * state first: field n of proc(5) is at index n - 3. Undefined once the process is gone.
 */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** User and system CPU of a process, in clock ticks (stat fields 14 and 15). */
export function cpuTicks(pid: number): number {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
}

/** CPU of a process's ended children it waited for (a worker's ffmpeg), in clock ticks. */
export function childTicks(pid: number): number {
  const fields = statFields(pid);
  return fields ? Number(fields[13]) + Number(fields[14]) : 0;
}

/** The running processes whose parent is `parent` (stat field 4). */
export function childPids(parent: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && Number(statFields(name)?.[1]) === parent)
    .map(Number);
}

/** The postmaster of a data directory and its children: PostgreSQL's whole CPU. */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  return [postmaster, ...childPids(postmaster)];
}
