import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isTutorialName, TUTORIAL_NAMES, type TutorialName } from "@refrain/domain";
import pino from "pino";
import { mediaStore } from "../../adapters/storage.ts";
import { ConfigError, loadConfig } from "../../config.ts";
import { freePort } from "../../free-port.ts";
import { recordTutorials } from "./recorder.ts";

/**
 * `npm run tutorials [name…]` records the named tutorials' videos (all of them when none is
 * named) into the media store of this configuration (DATA_DIR, or the bucket of MEDIA_STORE=s3).
 * Without `--url` it starts a server of its own on a free port over the same DATA_DIR, so that
 * server must not be running (PGlite opens a data folder once); with `--url http://…` it records
 * a running server, which must share the media store. The server's own background run calls it
 * with `--url` and `--nice`.
 */
const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));
const STARTUP_MS = 120_000;

/**
 * A server over this configuration's data, that makes nothing in the background (no videos,
 * tracks or demo recordings) and listens on 127.0.0.1 only: the recording's cores are its own.
 */
async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
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
    options: { url: { type: "string" }, nice: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  // The server's background run: Chromium, espeak-ng and ffmpeg inherit the lowest priority.
  if (values.nice) setPriority(19);
  const unknown = positionals.filter((n) => !isTutorialName(n));
  if (unknown.length > 0)
    throw new ConfigError(
      `Unknown tutorial ${unknown.join(", ")}: choose from ${TUTORIAL_NAMES.join(", ")}`,
    );
  const names = positionals.length > 0 ? (positionals as TutorialName[]) : TUTORIAL_NAMES;
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  // Stopped (the server that started it is closing, or Ctrl+C): the browser closes, nothing
  // more is begun, and a server of its own stops too.
  const stopping = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stopping.abort());
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
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
