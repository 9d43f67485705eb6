import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TUTORIALS, type TutorialName } from "@refrain/domain";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { writeHelperLauncher } from "../../adapters/helper-process.ts";
import type { Storage } from "../../adapters/storage.ts";
import type { Log } from "../../core/jobs.ts";
import { demoLogins, planWorld } from "../../demo/plan/world.ts";
import { loggableError } from "../../plugins/error-log.ts";
import {
  assembleTutorialVideo,
  CHROMIUM,
  type Slide,
  tutorialVideoKeys,
} from "./tutorial-videos.ts";
import { makeAndStoreVideo } from "./video-tools.ts";

/**
 * Drives the real app in Debian's Chromium to make the tutorial videos: signed in as the demo
 * account of each tutorial's role, it opens the tutorial's page at 1280×800 and takes one
 * screenshot for the intro and one per tour step with the step's `[data-tour]` control
 * highlighted (highlight.browser.js), then hands them to `assembleTutorialVideo`. Only demo
 * accounts are ever recorded: the pictures show the demo world, never a real class. Each
 * account is signed out when its tutorials are done or the recording is stopped, and what is
 * logged of a failure goes through `loggableError`: Playwright's messages quote the request's
 * headers, the session's cookie among them.
 */
const VIEWPORT = { width: 1280, height: 800 };
const HIGHLIGHT_SCRIPT = fileURLToPath(new URL("./highlight.browser.js", import.meta.url));
/**
 * How long a page may take to show all its steps' controls. It was 5 s for the first and 1 s for
 * each later one, and the first pages of a first start (the class summary, then the roster)
 * were recorded without their highlights (issue 37): a cold Chromium at the lowest priority,
 * beside the first start's batches, drew them later. A control truly missing costs this once.
 */
const CONTROLS_MS = 30_000;
/** A page that polls never goes quiet: after this long it is taken as it is. */
const QUIET_MS = 5000;
/** Signing out when stopped: the recorder has 3 s in all to end (record-tutorials.ts). */
const SIGN_OUT_MS = 1500;

/** What highlight.browser.js adds to the page. */
interface TourWindow {
  refrainTour: {
    highlight(selector: string, title: string): boolean;
    banner(title: string): void;
    clear(): void;
  };
}

type Role = "teacher" | "student";

/**
 * The demo account a tutorial of `role` is recorded as: the first demo login of that role
 * (`demoAccountUsernames` names the same two).
 */
function demoAccount(role: Role) {
  const logins = demoLogins();
  if (role === "teacher") {
    const teacher = logins.find((l) => l.role === "Teacher");
    if (!teacher) throw new Error("The demo world has no teacher");
    return { path: "/login", body: { login: teacher.login, password: teacher.password } };
  }
  const student = logins.find((l) => l.role === "Student");
  const plan = planWorld("demo");
  const planned = plan.users.find((u) => u.role === "student" && u.username === student?.login);
  const teacher = plan.users.find((u) => u.key === planned?.teacherKey);
  if (!student || !teacher) throw new Error("The demo world has no student");
  return {
    path: "/student/login",
    // Step 3 with the username signs in a student of either kind of class.
    body: {
      step: 3,
      type: "input",
      teacher: teacher.username,
      student: student.login,
      password: student.password,
    },
  };
}

/** Ends the session `signIn` started; never throws. */
type SignOut = () => Promise<void>;

/**
 * Signs the context in through the API, as the web app would: the page's CSRF token first.
 * Resolves with the signing out, which sends the session's own token (a sign-in changes it).
 */
async function signIn(page: Page, role: Role, log: Log): Promise<SignOut> {
  const account = demoAccount(role);
  await page.goto("/student/login", { waitUntil: "load" });
  const html = await page.content();
  if (html.includes("The web app is not built yet"))
    throw new Error("The web app is not built: run `npm run build` first");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const answer = await page.request.post(account.path, {
    data: account.body,
    headers: { "X-CSRF-Token": token ?? "", "X-Requested-With": "XMLHttpRequest" },
  });
  if (!answer.ok()) throw new Error(`Signing in as the demo ${role} failed: ${answer.status()}`);
  const signedIn = answer.headers()["x-csrf-token"] ?? "";
  let out: Promise<void> | undefined;
  return () => {
    out ??= page.request
      .post("/logout", {
        headers: { "X-CSRF-Token": signedIn, "X-Requested-With": "XMLHttpRequest" },
        timeout: SIGN_OUT_MS,
      })
      .then(
        (reply) => {
          if (!reply.ok()) log.warn({ role, status: reply.status() }, "signing out failed");
        },
        (error: unknown) => log.warn({ role, error: loggableError(error) }, "signing out failed"),
      );
    return out;
  };
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: QUIET_MS }).catch(() => undefined);
  // The web font's text is drawn before the screenshot, not the fallback's.
  await page.evaluate("document.fonts.ready");
}

/**
 * The intro's screenshot and one per step, once the page shows every step's control or
 * `controlsMs` has passed; a step whose control is absent is shown unmarked, and logged.
 */
async function captureSlides(
  page: Page,
  name: TutorialName,
  dir: string,
  log: Log,
  controlsMs: number,
) {
  const tutorial = TUTORIALS[name];
  await page.goto(tutorial.path, { waitUntil: "load" });
  const deadline = performance.now() + controlsMs;
  for (const step of tutorial.steps)
    await page
      .locator(`[data-tour="${step.target}"]`)
      .first()
      .waitFor({ state: "visible", timeout: Math.max(1, deadline - performance.now()) })
      .catch(() => undefined);
  await settle(page);
  const shot = async (id: string) => {
    const image = join(dir, `${id}.png`);
    await page.screenshot({ path: image, animations: "disabled", caret: "hide" });
    return image;
  };
  await page.evaluate(
    (title) => (globalThis as unknown as TourWindow).refrainTour.banner(title),
    tutorial.title,
  );
  const slides: Slide[] = [{ id: "intro", image: await shot("intro"), text: tutorial.intro }];
  const missing: string[] = [];
  for (const step of tutorial.steps) {
    const selector = `[data-tour="${step.target}"]`;
    const found = await page.evaluate(
      ([s, title]) => (globalThis as unknown as TourWindow).refrainTour.highlight(s, title),
      [selector, step.title] as const,
    );
    if (!found) {
      missing.push(step.target);
      await page.evaluate(() => (globalThis as unknown as TourWindow).refrainTour.clear());
    }
    slides.push({ id: step.target, image: await shot(step.target), text: step.text });
  }
  if (missing.length > 0)
    log.warn(
      { tutorial: name, path: tutorial.path, missing },
      "tutorial steps whose control is not on the page: recorded without a highlight",
    );
  return slides;
}

/** Records one tutorial and stores it (makeAndStoreVideo: the video last). */
async function recordOne(
  page: Page,
  name: TutorialName,
  store: Storage,
  log: Log,
  controlsMs: number,
  signal?: AbortSignal,
) {
  const made = await makeAndStoreVideo(
    store,
    tutorialVideoKeys(name),
    "refrain-tutorial-",
    async (dir) =>
      assembleTutorialVideo(await captureSlides(page, name, dir, log, controlsMs), dir, signal),
  );
  log.info(
    {
      tutorial: name,
      seconds: Math.round(made.duration * 10) / 10,
      bytes: made.bytes,
      ms: made.ms,
    },
    "tutorial video made",
  );
}

async function newContext(browser: Browser, url: string) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    // The pages' charts draw at once rather than animating into place.
    reducedMotion: "reduce",
    locale: "en-US",
    colorScheme: "light",
  });
  await context.addInitScript({ path: HIGHLIGHT_SCRIPT });
  await hideTutorialPopups(context);
  return context;
}

/** The tutorial popup would cover the page it explains: the recorded pages never show it. */
async function hideTutorialPopups(context: BrowserContext) {
  await context.route(/\/media\/tutorials\/[^/]+$/, async (route) => {
    const response = await route.fetch();
    const body: unknown = await response.json().catch(() => null);
    if (
      typeof body === "object" &&
      body !== null &&
      "data" in body &&
      typeof body.data === "object" &&
      body.data !== null
    ) {
      Object.assign(body.data, { show: false });
      await route.fulfill({ response, json: body });
    } else await route.fulfill({ response });
  });
}

/**
 * Records `names` (one at a time, in one browser) against the app at `url` and stores them in
 * `store`. A tutorial that fails is logged and left out; the others go on. `signal` stops the
 * recording (the server is stopping): the account signs out, the browser closes and nothing
 * more is begun.
 */
export async function recordTutorials(options: {
  url: string;
  store: Storage;
  names: readonly TutorialName[];
  log: Log;
  signal?: AbortSignal;
  /** How long a page may take to show its steps' controls (CONTROLS_MS). */
  controlsMs?: number;
}): Promise<{ made: TutorialName[]; failed: TutorialName[] }> {
  const { url, store, names, log, signal, controlsMs = CONTROLS_MS } = options;
  const made: TutorialName[] = [];
  const failed: TutorialName[] = [];
  // Chromium through a launcher that starts it as a helper: low, and killed with this process
  // even by SIGKILL. Playwright starts it in a process group of its own, tied to this process
  // by nothing else than its DevTools pipe.
  const launcherDir = await mkdtemp(join(tmpdir(), "refrain-chromium-"));
  const launcher = join(launcherDir, "chromium");
  await writeHelperLauncher(launcher, CHROMIUM);
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: launcher,
      // Stopping is the caller's, through `signal`, so that a stop is not taken for a failure.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--mute-audio",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  } catch (error) {
    await rm(launcherDir, { recursive: true, force: true });
    throw error;
  }
  /** The session of the role being recorded, once signed in. */
  let session: Promise<SignOut | undefined> = Promise.resolve(undefined);
  const stop = async () => {
    const signOut = await session;
    await signOut?.();
    await browser.close();
  };
  const onAbort = () => void stop().catch(() => undefined);
  signal?.addEventListener("abort", onAbort, { once: true });
  const record = async (page: Page, name: TutorialName) => {
    try {
      await recordOne(page, name, store, log, controlsMs, signal);
      made.push(name);
    } catch (error) {
      if (signal?.aborted) return;
      failed.push(name);
      log.error({ error: loggableError(error), tutorial: name }, "recording a tutorial failed");
    }
  };
  try {
    for (const role of ["teacher", "student"] as const) {
      const ofRole = names.filter((n) => TUTORIALS[n].role === role);
      if (ofRole.length === 0 || signal?.aborted) continue;
      const context = await newContext(browser, url);
      let signOut: SignOut | undefined;
      try {
        const page = await context.newPage();
        const signingIn = signIn(page, role, log);
        session = signingIn.catch(() => undefined);
        signOut = await signingIn;
        for (const name of ofRole) if (!signal?.aborted) await record(page, name);
      } catch (error) {
        if (!signal?.aborted) {
          failed.push(...ofRole.filter((n) => !made.includes(n) && !failed.includes(n)));
          log.error({ error: loggableError(error), role }, "recording tutorials failed");
        }
      } finally {
        await signOut?.();
        session = Promise.resolve(undefined);
        await context.close().catch(() => undefined);
      }
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    await browser.close();
    await rm(launcherDir, { recursive: true, force: true });
  }
  return { made, failed };
}
