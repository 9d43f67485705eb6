import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { mailPortFor } from "./mail-sink.ts";
import { oidcProvidersSetting } from "./oidc-provider.ts";

// E2E_PORT and WEB_DIST let several checkouts' journeys run side by side on one machine.
const port = process.env.E2E_PORT ?? "3100";
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
// Workers load this file again: the variable keeps them on the server's one fresh data dir.
process.env.REFRAIN_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "refrain-e2e-"));
// Where the run's mail server (mail-sink.ts) leaves each message it receives.
process.env.REFRAIN_E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), "refrain-e2e-mail-"));

/**
 * Journeys against the real server (which serves the built web app: run
 * `npm run build -w apps/web` first) in Debian's Chromium, never a downloaded browser.
 */
export default defineConfig({
  testDir: ".",
  outputDir: "test-results",
  // Every journey that changes a class makes its own (fixtures.ts `ownClass`), so the journeys
  // run in any order (`--shuffle` proves it) and side by side. On two shared cores all of them
  // took 4.0 to 6.0 minutes with two workers, 6.1 to 6.7 with one.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  // A journey is never tried again: one that fails on a loaded machine waits on time rather than
  // on what the page shows, and is fixed where it waits.
  retries: 0,
  // The local OpenID Connect provider that single sign-on journeys sign in at, and the mail
  // server that receives every e-mail.
  globalSetup: ["./oidc-provider.ts", "./mail-sink.ts"],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: "on",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // The Node this runs on (the project's), named, not looked up on PATH.
    command: `"${process.execPath}" apps/server/src/main.ts`,
    cwd: repoRoot,
    url: `http://localhost:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The journeys sign in more often than one person would in 15 minutes. The accounts they
    // make for themselves (fixtures.ts `ownClass`) say which address they sign up from through
    // the loopback proxy, so the sign-ups per address limit holds no journey back.
    env: {
      PORT: port,
      ...(process.env.WEB_DIST && { WEB_DIST: process.env.WEB_DIST }),
      DATA_DIR: process.env.REFRAIN_E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      // Making all 46 lesson tracks takes both cores for over a minute: only those a journey plays.
      LESSON_TRACKS: "on-request",
      // The demo's recordings would keep both cores busy for minutes; the journeys record their own.
      DEMO_RECORDINGS: "off",
      // Recording the tutorials would take Chromium and both cores; the tutor videos a journey
      // opens are made when their list is first asked for.
      TUTORIAL_VIDEOS: "off",
      TUTOR_VIDEOS: "on-request",
      LOGIN_LIMIT_PER_IP: "1000",
      // Journeys end their servers at once: no load balancer waits for them to drain.
      SHUTDOWN_DRAIN_SECONDS: "0",
      TRUST_PROXY: "loopback",
      OIDC_PROVIDERS: oidcProvidersSetting(port),
      SMTP_URL: `smtp://127.0.0.1:${mailPortFor(port)}`,
      // Every minute rather than on Fridays, so a journey receives a real weekly report
      // (families-weekly.spec.ts); each student still gets one a week.
      WEEKLY_REPORT_CRON: "* * * * *",
    },
  },
});
