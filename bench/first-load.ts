/**
 * `npm run bench:first-load`: what a browser with an empty cache downloads before the pages
 * people wait on are usable (e2e/first-load.ts: the sign-in pages, a student's home and a
 * teacher's), as a browser that takes brotli, summed per kind of file from the bytes that
 * crossed the network (compressed). `npm test` holds the same pages to the same budgets
 * (e2e/first-load.spec.ts); `npm run bench:lighthouse` scores them.
 *
 * Against BENCH_URL when set (a server already running, with the demo world); otherwise it
 * starts the server on a throwaway data directory and BENCH_PORT (3310), serving the build in
 * WEB_DIST or apps/web/dist (`npm run build`). Fails when a page's JavaScript is over its budget
 * or a script over 1 KB comes uncompressed. BENCH_ACCEPT_ENCODING=identity measures the same
 * pages uncompressed; BENCH_VERBOSE=1 lists every script with its size.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunch } from "../e2e/chromium.ts";
import { FIRST_LOAD_PAGES, type FirstLoad, kb, measureFirstLoad } from "../e2e/first-load.ts";
import { NO_BACKGROUND_WORK, runIfMain } from "./bench-setup.ts";

const root = new URL("..", import.meta.url).pathname;

/**
 * The server on a fresh demo world serving the web build (WEB_DIST or apps/web/dist), or the one
 * at BENCH_URL; with no background work sharing the cores with the pages being measured.
 */
export async function startWebServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_URL)
    return { url: process.env.BENCH_URL.replace(/\/$/, ""), stop: async () => {} };
  const webDist = process.env.WEB_DIST ?? join(root, "apps/web/dist");
  if (!existsSync(join(webDist, "index.html"))) {
    throw new Error(`No web build in ${webDist}: run \`npm run build\` first.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "refrain-first-load-"));
  const port = process.env.BENCH_PORT ?? "3310";
  // The same Node and loader flags as this script, so the server runs as `npm start` would.
  const child: ChildProcess = spawn(
    process.execPath,
    [...process.execArgv, "apps/server/src/main.ts"],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: port,
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        LOG_LEVEL: "warn",
        ...NO_BACKGROUND_WORK,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (/Refrain is running/.test(output)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.removeAllListeners("exit");
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const server = await startWebServer();
  const browser = await chromium.launch(chromiumLaunch);
  const rows: (FirstLoad & { name: string; budget: number; goal: number })[] = [];
  try {
    for (const page of FIRST_LOAD_PAGES) {
      const load = await measureFirstLoad(
        browser,
        server.url,
        page,
        process.env.BENCH_ACCEPT_ENCODING,
      );
      if (process.env.BENCH_VERBOSE)
        for (const script of load.scripts) console.log(page.name, script.bytes, script.url);
      rows.push({ ...load, name: page.name, budget: page.budget, goal: page.goal });
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log(
    "page            JS (compressed)  files  budget     goal       CSS         HTML       other",
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(15)} ${kb(r.bytes.script).padStart(15)} ${String(r.scripts.length).padStart(6)}  ${kb(r.budget).padEnd(10)} ${kb(r.goal).padEnd(10)} ${kb(r.bytes.stylesheet).padEnd(11)} ${kb(r.bytes.document).padEnd(10)} ${kb(r.bytes.other)}`,
    );
  }
  const uncompressed = [
    ...new Set(rows.flatMap((r) => r.scripts.filter((s) => !s.encoded && s.bytes > 1024))),
  ].map((s) => s.url);
  if (uncompressed.length > 0 && !process.env.BENCH_ACCEPT_ENCODING) {
    console.error(`sent uncompressed:\n  ${uncompressed.join("\n  ")}`);
    process.exitCode = 1;
  }
  const over = rows.filter((r) => (r.bytes.script ?? 0) > r.budget);
  if (over.length > 0 && !process.env.BENCH_ACCEPT_ENCODING) {
    console.error(`over the JavaScript budget: ${over.map((r) => r.name).join(", ")}`);
    process.exitCode = 1;
  }
}

runIfMain(import.meta.url, main);
