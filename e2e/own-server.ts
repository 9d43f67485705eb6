import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../apps/server/src/free-port.ts";
import { test as base } from "./fixtures.ts";
import { journeyServerEnv } from "./server-env.ts";

/**
 * A server of the journey's own on a fresh demo world, for a journey that changes the demo
 * district as a whole, which no account of its own can hold: a roster import adopts ms.rivera's
 * class, adds schools to the district and teachers to its schools, all of which other journeys
 * on the run's shared server read. Its pages are the same built web app; the journey's page
 * opens them at this server's address (`baseURL`). One per worker: the spec runs its tests in
 * one worker (`test.describe.configure({ mode: "default" })`), so it starts once.
 */

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** What main.ts prints once the server listens, its demo world made. */
const RUNNING = "Refrain is running at";

/** Resolves once the server says it runs; fails if it exits first or says nothing in time. */
function untilRunning(server: ChildProcess, timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The journey's server did not start within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const exited = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`The journey's server exited (${code}) before it ran`));
    };
    server.once("exit", exited);
    let said = "";
    const listen = (chunk: string) => {
      said += chunk;
      if (!said.includes(RUNNING)) return;
      clearTimeout(timer);
      server.off("exit", exited);
      // Whatever it prints from here on is let go, so its output never fills up.
      server.stdout?.off("data", listen).resume();
      resolve();
    };
    server.stdout?.setEncoding("utf8").on("data", listen);
  });
}

export const test = base.extend<object, { ownServer: { url: string } }>({
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first argument.
    async ({}, use) => {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), "refrain-e2e-own-"));
      // The settings every journey server has (server-env.ts), and none of what this world does
      // not use: no mail server (mail waits in the outbox), no single sign-on. Never a PostgreSQL server
      // the shared one may use: its world is its own PGlite.
      const { DATABASE_URL: _shared, ...inherited } = process.env;
      const server = spawn(process.execPath, ["apps/server/src/main.ts"], {
        cwd: repoRoot,
        env: {
          ...inherited,
          ...journeyServerEnv,
          PORT: String(port),
          DATA_DIR: dataDir,
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      try {
        // Creating the demo world takes about 30 s on two idle cores.
        await untilRunning(server, 150_000);
        await use({ url: `http://localhost:${port}` });
      } finally {
        if (server.exitCode === null) {
          server.kill("SIGTERM");
          await once(server, "exit");
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.url);
  },
});

export { expect, screenshot, signInAs } from "./fixtures.ts";
