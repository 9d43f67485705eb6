/**
 * `npm run bench:first-load`: what a visitor's browser downloads before the two sign-in pages
 * are usable. Loads /login and /student/login in Chromium with an empty cache, as a browser
 * that takes brotli, and sums the bytes that crossed the network (compressed) per kind of file.
 * With Lighthouse installed, adds its mobile performance score for each page.
 *
 * Against BENCH_URL when set (a server already running); otherwise it starts the server on a
 * throwaway data directory and BENCH_PORT (3310), serving the build in WEB_DIST or
 * apps/web/dist (`npm run build`). Fails when a page's JavaScript is over the budget or a
 * script over 1 KB comes uncompressed. BENCH_ACCEPT_ENCODING=identity measures the same pages
 * uncompressed; BENCH_VERBOSE=1 lists every script with its size.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { chromiumLaunch } from "../e2e/chromium.ts";

const root = new URL("..", import.meta.url).pathname;
const PAGES = [
  { path: "/login", ready: "Welcome back" },
  { path: "/student/login", ready: "Student Login" },
];
/** The budget of issue 7: compressed JavaScript before a sign-in page is usable. */
const JS_BUDGET = 170 * 1024;

interface Load {
  path: string;
  /** Compressed bytes per kind: script, stylesheet, document, other. */
  bytes: Record<string, number>;
  scripts: number;
  /** Scripts over 1 KB that came uncompressed: the build's .br/.gz files are missing. */
  uncompressed: string[];
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
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
        // The demo's recordings would share the cores with the page loads being measured.
        DEMO_RECORDINGS: "off",
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

async function measureLoad(browser: Browser, base: string, page: (typeof PAGES)[number]) {
  // A new context has an empty cache: everything the page needs crosses the network.
  const context = await browser.newContext({
    // BENCH_ACCEPT_ENCODING=identity shows what the same page costs uncompressed.
    extraHTTPHeaders: { "Accept-Encoding": process.env.BENCH_ACCEPT_ENCODING ?? "br, gzip" },
  });
  const tab = await context.newPage();
  const load: Load = { path: page.path, bytes: {}, scripts: 0, uncompressed: [] };
  const pending: Promise<void>[] = [];
  tab.on("requestfinished", (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const type = request.resourceType();
        const kind = ["script", "stylesheet", "document"].includes(type) ? type : "other";
        load.bytes[kind] = (load.bytes[kind] ?? 0) + sizes.responseBodySize;
        if (type === "script") {
          load.scripts += 1;
          if (process.env.BENCH_VERBOSE)
            console.log(page.path, sizes.responseBodySize, request.url());
          const encoding = await response?.headerValue("content-encoding");
          if (!encoding && sizes.responseBodySize > 1024) load.uncompressed.push(request.url());
        }
      })(),
    );
  });
  await tab.goto(`${base}${page.path}`, { waitUntil: "networkidle" });
  // Usable: the page's own heading is on screen (its lazy chunk has loaded and rendered).
  await tab.getByRole("heading", { name: page.ready }).waitFor();
  await tab.waitForLoadState("networkidle");
  await Promise.all(pending);
  await context.close();
  return load;
}

/** The part of Lighthouse's Node API used here (the package is optional). */
type Lighthouse = (
  url: string,
  flags: { port: number; onlyCategories: string[]; logLevel: string },
) => Promise<{ lhr: { categories: Record<string, { score: number | null }> } } | undefined>;

/** Lighthouse's mobile performance score (its default: a throttled phone), or why there is none. */
async function lighthouseScore(url: string): Promise<string> {
  let lighthouse: Lighthouse;
  try {
    // In a variable, the type check does not look for a package that may be absent.
    // LIGHTHOUSE_MODULE: a Lighthouse installed elsewhere (the path of its core/index.js).
    const name = process.env.LIGHTHOUSE_MODULE ?? "lighthouse";
    lighthouse = ((await import(name)) as { default: Lighthouse }).default;
  } catch {
    return "n/a (lighthouse not installed)";
  }
  const port = 9333;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...chromiumLaunch.args, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, {
      port,
      onlyCategories: ["performance"],
      logLevel: "error",
    });
    const score = result?.lhr.categories.performance?.score;
    return score === null || score === undefined ? "n/a" : String(Math.round(score * 100));
  } finally {
    await browser.close();
  }
}

const kb = (bytes = 0) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL.replace(/\/$/, ""), stop: async () => {} }
    : await startServer();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: chromiumLaunch.args,
  });
  const rows: (Load & { score: string })[] = [];
  try {
    for (const page of PAGES) {
      const load = await measureLoad(browser, server.url, page);
      rows.push({ ...load, score: await lighthouseScore(`${server.url}${page.path}`) });
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log(
    "page            JS (compressed)  files  CSS         HTML       other      Lighthouse",
  );
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(15)} ${kb(r.bytes.script).padStart(15)} ${String(r.scripts).padStart(6)}  ${kb(r.bytes.stylesheet).padEnd(11)} ${kb(r.bytes.document).padEnd(10)} ${kb(r.bytes.other).padEnd(10)} ${r.score}`,
    );
  }
  const uncompressed = [...new Set(rows.flatMap((r) => r.uncompressed))];
  if (uncompressed.length > 0 && !process.env.BENCH_ACCEPT_ENCODING) {
    console.error(`sent uncompressed:\n  ${uncompressed.join("\n  ")}`);
    process.exitCode = 1;
  }
  const over = rows.filter((r) => (r.bytes.script ?? 0) > JS_BUDGET);
  if (over.length > 0) {
    console.error(
      `over the ${kb(JS_BUDGET)} JavaScript budget: ${over.map((r) => r.path).join(", ")}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
