import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

const root = new URL("..", import.meta.url).pathname;

/** A line of the server's JSON log (pino): its level, message and time, and the fields a bench reads. */
export interface ServerLogEntry {
  level: number;
  msg?: string;
  time: number;
  [field: string]: unknown;
}

/**
 * Starts the server as its own process (`node <nodeFlags> apps/server/src/main.ts`) with `env`
 * over this process's, resolving once it says it is running. Each JSON line it logs goes to
 * `onLog`, its warnings and errors (a failed job, the queue's own) also to stderr as they come.
 */
export function startServer(
  env: Record<string, string>,
  nodeFlags: string[],
  onLog: (entry: ServerLogEntry, line: string) => void,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, "apps/server/src/main.ts"], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      if (line.includes("Refrain is running")) resolve(child);
      if (!line.startsWith("{")) return;
      const entry = JSON.parse(line) as ServerLogEntry;
      if (entry.level >= 40) process.stderr.write(`server: ${line}\n`);
      onLog(entry, line);
    });
  });
}

/** Stops a server process (SIGTERM) and waits for it to exit; one that is gone already is left. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
