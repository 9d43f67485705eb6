import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isTutorialName, TUTORIAL_NAMES, type TutorialName } from "@refrain/domain";
import pino from "pino";
import { setHelperPriority, startHelper, stopHelpers } from "../../adapters/helper-process.ts";
import { mediaStore } from "../../adapters/storage.ts";
import { ConfigError, loadConfig } from "../../config.ts";
import { freePort } from "../../free-port.ts";
import { loggableError } from "../../plugins/error-log.ts";
import { recordTutorials } from "./recorder.ts";

/**
 * `npm run tutorials [name…]` records the named tutorials' videos (all of them when none is
 * named) into the media store of this configuration (DATA_DIR, or the bucket of MEDIA_STORE=s3).
 * Without `--url` it starts a server of its own on a free port over the same DATA_DIR, so that
 * server must not be running (PGlite opens a data folder once); with `--url http://…` it records
 * a running server, which must share the media store. The server's own background run calls it
 * with `--url`, as a helper (adapters/helper-process.ts): at the lowest priority, which
 * Chromium, espeak-ng and ffmpeg inherit, and sent SIGTERM when that server dies.
 */
const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));
const STARTUP_MS = 120_000;
/** Stopped, it signs out, closes the browser and ends within this long, whatever hangs. */
const STOP_MS = 3000;

/**
 * A server over this configuration's data, that makes nothing in the background (no videos,
 * tracks or demo recordings) and listens on 127.0.0.1 only: the recording's cores are its own.
 * A helper sent SIGTERM when this process dies, so that it closes its database itself.
 */
async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startHelper(process.execPath, [MAIN], {
    deathSignal: "TERM",
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      TUTORIAL_VIDEOS: "off",
      TUTOR_VIDEOS: "off",
      LESSON_TRACKS: "on-request",
      DEMO_RECORDINGS: "off",
      LOG_LEVEL: "warn",
      // Nobody balances load onto it: stopped, it closes at once.
      SHUTDOWN_DRAIN_SECONDS: "0",
    },
  });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(
      `The server stopped (exit ${code}) before it listened: is one running over the same DATA_DIR? Then pass --url.`,
    );
  });
  // Handled here too: once the server is up, its exit (when stopped at the end) is expected.
  exited.catch(() => undefined);
  const deadline = Date.now() + STARTUP_MS;
  const up = (async () => {
    while (Date.now() < deadline) {
      const ok = await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The server did not answer at ${url} within ${STARTUP_MS / 1000} s`);
  })();
  try {
    await Promise.race([up, exited]);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return { url, child };
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { url: { type: "string" } },
    allowPositionals: true,
  });
  const unknown = positionals.filter((n) => !isTutorialName(n));
  if (unknown.length > 0)
    throw new ConfigError(
      `Unknown tutorial ${unknown.join(", ")}: choose from ${TUTORIAL_NAMES.join(", ")}`,
    );
  const names = positionals.length > 0 ? (positionals as TutorialName[]) : TUTORIAL_NAMES;
  const config = loadConfig();
  setHelperPriority(config.HELPER_PRIORITY);
  const log = pino({ level: config.LOG_LEVEL });
  // Stopped (the server that started it is closing or died, or Ctrl+C): the account signs out,
  // the browser closes, nothing more is begun, and a server of its own stops too. Whatever
  // hangs, the process ends in STOP_MS; its helpers, Chromium among them, die with it.
  const stopping = new AbortController();
  // Kept for every signal, not once: a parent killed with SIGKILL sends its death signal once
  // for each of its threads as they end, and a second SIGTERM must not end the sign-out.
  const stop = () => {
    if (stopping.signal.aborted) return;
    stopping.abort();
    setTimeout(() => process.exit(1), STOP_MS).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, stop);
  const server = values.url ? null : await startServer();
  try {
    const url = values.url ?? (server?.url as string);
    log.info({ url, tutorials: names }, "recording tutorial videos");
    const { failed } = await recordTutorials({
      url,
      store: mediaStore(config),
      names,
      log,
      signal: stopping.signal,
    });
    if (failed.length > 0 || stopping.signal.aborted) process.exitCode = 1;
  } finally {
    if (server) {
      server.child.kill("SIGTERM");
      await once(server.child, "exit");
    }
    await stopHelpers();
  }
}

main().catch((error: unknown) => {
  // Through loggableError: a Playwright message quotes request headers, cookies among them.
  process.stderr.write(`${loggableError(error).message}\n`);
  process.exit(1);
});
