import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { chromiumLaunch } from "./chromium.ts";
import { mailPortFor } from "./mail-sink.ts";
import { oidcProvidersSetting } from "./oidc-provider.ts";
import { journeyServerEnv } from "./server-env.ts";

// E2E_PORT and WEB_DIST let several checkouts' journeys run side by side on one machine.
const port = process.env.E2E_PORT ?? "3100";
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
// Workers load this file again: the variable keeps them on the server's one fresh data dir.
process.env.REFRAIN_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "refrain-e2e-"));
// Where the run's mail server (mail-sink.ts) leaves each message it receives.
process.env.REFRAIN_E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), "refrain-e2e-mail-"));
// Which kinds of page the run's accessibility checks have seen (page-checks.ts).
process.env.REFRAIN_E2E_AXE_DIR ??= mkdtempSync(join(tmpdir(), "refrain-e2e-axe-"));

/**
 * Journeys against the real server (which serves the built web app: run
 * `npm run build -w apps/web` first) in Debian's Chromium, never a downloaded browser.
 */
export default defineConfig({
  testDir: ".",
  outputDir: "test-results",
  // Every journey that changes a class makes its own (fixtures.ts `ownClass`), so the journeys
  // run in any order (`--shuffle` proves it) and side by side. On two shared cores all 119 took
  // 7.3 minutes with three workers and 7.5 to 8.1 with two (a third fills the time the others
  // wait on the server, ffmpeg or a timer), 6.1 to 6.7 with one when there were half as many.
  workers: 3,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  // A journey's own limit, there to end one that hangs: long journeys set theirs. On two cores
  // shared by three browsers and the server, journeys of 10 to 20 steps took 19 to 31 s in one
  // full run (the impersonation journey 30.6 s, over the old 30 s, on a page that was right),
  // so the default leaves them twice that.
  timeout: 60_000,
  // How long an assertion waits for what the page should show. Three browsers, the server, and
  // its ffmpeg and speech scoring share two cores here: typing a message and seeing it in the
  // e-mail preview took 0.7 s with the journey alone and 5.1 s in the full run, and Playwright's
  // 5 s default failed three journeys so (the preview, a school search, a kept-until line) whose
  // pages were right. Waiting longer for what must appear costs a passing journey nothing.
  expect: { timeout: 10_000 },
  // A journey is never tried again: one that fails on a loaded machine waits on time rather than
  // on what the page shows, and is fixed where it waits.
  retries: 0,
  // The local OpenID Connect provider that single sign-on journeys sign in at, and the mail
  // server that receives every e-mail.
  globalSetup: ["./oidc-provider.ts", "./mail-sink.ts"],
  use: {
    baseURL: `http://localhost:${port}`,
    // The pictures people look at are the journeys' own (fixtures.ts `screenshot`); one more
    // of every journey's last page cost the browser a capture and an encoding for nobody.
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunch,
    // The browser asks for less motion, which the app honours (motion.css): no spinner or
    // skeleton draws frames while a journey waits, and nothing is seen half faded. Over ten
    // journeys (28 tests) the browser, server and runner took 406 busy core-seconds instead of
    // 498, 215 s instead of 263. A journey about motion itself asks for it back.
    reducedMotion: "reduce",
  },
  webServer: {
    // The Node this runs on (the project's), named, not looked up on PATH.
    command: `"${process.execPath}" apps/server/src/main.ts`,
    cwd: repoRoot,
    url: `http://localhost:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      ...journeyServerEnv,
      PORT: port,
      ...(process.env.WEB_DIST && { WEB_DIST: process.env.WEB_DIST }),
      DATA_DIR: process.env.REFRAIN_E2E_DATA_DIR,
      // The accounts the journeys make for themselves (fixtures.ts `ownClass`) say which address
      // they sign up from through the loopback proxy, so the sign-ups per address limit holds no
      // journey back.
      TRUST_PROXY: "loopback",
      OIDC_PROVIDERS: oidcProvidersSetting(port),
      SMTP_URL: `smtp://127.0.0.1:${mailPortFor(port)}`,
      // Every minute rather than on Fridays, so a journey receives a real weekly report
      // (families-weekly.spec.ts); each student still gets one a week.
      WEEKLY_REPORT_CRON: "* * * * *",
    },
  },
});
