/** What the fixtures check on every page a journey opens: accessibility, once it has settled. */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Frame, Page } from "@playwright/test";
import type axe from "axe-core";

/** A serious or critical accessibility violation axe-core found on a page of the app. */
export interface AxeFinding {
  path: string;
  rule: string;
  impact: string;
  help: string;
  elements: string[];
}

/**
 * The kinds of page this run's journeys have checked, shared by its workers through files named
 * by a digest of the kind, in the directory playwright.config.ts makes for the run. Journeys
 * reach the same pages again and again (the home, `/`, 111 times in one run, most of them showing
 * the same parts with other data, or its loading state), and each axe run costs the browser a
 * third of a second or more: of 712 checks in one run of every journey, 340 were of a kind
 * checked already, and checking each kind once took the journeys' worker time from 3,590 s to
 * 2,823. The walk of every page (every-page.spec.ts) still runs the whole WCAG check on each page
 * at two widths.
 */
const checkedKinds = {
  dir: process.env.REFRAIN_E2E_AXE_DIR,
  file(kind: string) {
    return join(this.dir ?? "", createHash("sha256").update(kind).digest("hex"));
  },
  has(kind: string) {
    return this.dir !== undefined && existsSync(this.file(kind));
  },
  add(kind: string) {
    if (this.dir !== undefined) writeFileSync(this.file(kind), kind);
  },
};

/**
 * What kind of page a check sees: the route (page-urls.json's pattern, or the path), the width
 * (the layouts change at 900 px), the language, the open dialogs and selected tabs, whether a
 * field shows an error, and which elements (by tag and role) the page holds, not how many or
 * with what text. The same page with other data is the same kind; the same page with a form's
 * errors, a menu, a table instead of its empty state or its loading state is another.
 */
export async function pageKind(page: Page): Promise<string> {
  const path = new URL(page.url()).pathname;
  const route = ROUTE_PATTERNS.find(({ regex }) => regex.test(path))?.pattern ?? path;
  const state = await page.evaluate(() => {
    const parts = new Set<string>();
    for (const element of document.body.querySelectorAll("*")) {
      const role = element.getAttribute("role");
      parts.add(role ? `${element.tagName}[${role}]` : element.tagName);
    }
    const texts = (selector: string) =>
      [...document.querySelectorAll(selector)].map((element) => element.textContent ?? "").sort();
    return [
      innerWidth < 900 ? "narrow" : "wide",
      document.documentElement.lang,
      texts('[role="dialog"] h2, [role="alertdialog"] h2').join(","),
      texts('[role="tab"][aria-selected="true"]').join(","),
      document.querySelector('[aria-invalid="true"]') ? "invalid" : "",
      [...parts].sort().join(" "),
    ].join("|");
  });
  return `${route}|${state}`;
}

/**
 * The web app's routes (apps/web/src/app/page-urls.test.ts keeps the list whole), fewest
 * parameters first.
 */
const ROUTE_PATTERNS = Object.keys(
  JSON.parse(readFileSync(new URL("page-urls.json", import.meta.url), "utf8")) as object,
)
  .map((pattern) => ({
    pattern,
    parameters: pattern.split(":").length,
    regex: new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`),
  }))
  .sort((a, b) => a.parameters - b.parameters);

/**
 * Runs axe-core on what the page shows now, if it is one of the app's pages (not a PDF, not the
 * sign-in provider's page), and returns its serious and critical violations. Transitions finish
 * first: a dialog's or a menu's half-faded text would read as low contrast.
 */
export async function axeFindings(
  page: Page,
  appOrigin: string,
  opts: { whileTestRuns?: boolean } = {},
): Promise<AxeFinding[]> {
  const url = page.url();
  if (page.isClosed() || !url.startsWith(appOrigin)) return [];
  // Not an HTML page, or one whose document has not changed since its last whole check (the
  // check before a goto and the one at a journey's end often follow a settled page's check with
  // nothing in between): its findings are recorded already.
  const toCheck = await page
    .evaluate(() => {
      const watched = window as unknown as WatchedWindow;
      const unchanged = watched.axeChecked === location.href && watched.axeSawChange === false;
      return document.contentType === "text/html" && !unchanged;
    })
    .catch(() => false);
  if (!toCheck) return [];
  const kind = await pageKind(page).catch(() => null);
  if (kind === null || checkedKinds.has(kind)) return [];
  for (let attempt = 1; ; attempt++) {
    const { results, changed } = await watchedRun(page, opts.whileTestRuns ?? false);
    if (opts.whileTestRuns && changed) return [];
    // The journey goes on meanwhile: a page left during the check (even for a moment's
    // about:blank) was not the page checked; the page it went to gets its own check.
    if (!results || page.isClosed() || page.url() !== url) return [];
    if (!changed) checkedKinds.add(kind);
    const found = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    // A page that moved under a settled check may have been seen half faded: a dialog's fade can
    // begin only after the wait for transitions (Mantine starts it at a later animation frame,
    // which a loaded machine delays), and axe then reads its text as low contrast. What such a
    // run found is checked again once the page is still; a page that never stops changing keeps
    // its third run's findings.
    if (changed && found.length > 0 && attempt < 3) continue;
    return found.map((violation) => ({
      path: new URL(url).pathname,
      rule: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      elements: violation.nodes.map(openingTag),
    }));
  }
}

/**
 * One axe run once transitions are done, and whether the document changed while it ran.
 * What changes in the document from here on is watched: a check made while the journey goes on
 * can catch what the journey just started (a dialog opening, a button changing colour), and
 * whatever changed during it is checked again later, at the journey's next settled page,
 * screenshot or end, when the journey waits for the check. The watch stays on after the run, so
 * that the next check knows whether anything changed since this one.
 */
async function watchedRun(
  page: Page,
  whileTestRuns: boolean,
): Promise<{ results: axe.AxeResults | null; changed: boolean }> {
  await animationsDone(page);
  await page.evaluate(() => {
    const watched = window as unknown as WatchedWindow;
    watched.axeChecked = undefined;
    watched.axeWatch?.disconnect();
    watched.axeWatch = new MutationObserver(() => {
      watched.axeSawChange = true;
    });
    watched.axeWatch.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    // The journey may have started a fade between the wait above and this watch (CI's
    // screening-monitoring journey: a plan dialog's half-faded text read as low contrast, and
    // the fade had ended before the run did, so nothing looked changed). A fade running now, or
    // one starting during the run without a change to the document, counts as a change.
    if (!watched.axeSawMotion) {
      watched.axeSawMotion = () => {
        watched.axeSawChange = true;
      };
      document.addEventListener("transitionrun", watched.axeSawMotion, true);
      document.addEventListener("animationstart", watched.axeSawMotion, true);
    }
    watched.axeSawChange = document
      .getAnimations()
      .some(
        (animation) =>
          (animation.playState === "running" || animation.pending) &&
          animation.effect?.getComputedTiming().endTime !== Infinity,
      );
  });
  // A check made while the journey goes on is thrown away when the page changed during it: one
  // that changed while axe-core was being loaded into it (about half of the checks load it) is
  // not run at all. In ten journey files 23 of 41 such checks were thrown away.
  await loadAxe(page);
  if (
    whileTestRuns &&
    (await page
      .evaluate(() => (window as unknown as WatchedWindow).axeSawChange !== false)
      .catch(() => true))
  )
    return { results: null, changed: true };
  const results = await runAxe(page);
  const changed = await page
    .evaluate(() => {
      const watched = window as unknown as WatchedWindow;
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === "running" &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      const changedDuringRun = watched.axeSawChange !== false || moving;
      if (!changedDuringRun) watched.axeChecked = location.href;
      return changedDuringRun;
    })
    .catch(() => true);
  return { results, changed };
}

/**
 * Waits until no transition has run for a while. A closing menu starts its fade only after its
 * close delay, so one wait for the animations running now can still let axe (or a screenshot)
 * see it half faded. The delay itself shows nothing in the page to wait on, hence a quiet time
 * (300 ms, 3 s at most) rather than an event; it holds no assertion back, only a check.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .filter((animation) => animation.playState === "running" || animation.pending);
    const giveUpAt = Date.now() + 3000;
    let quietChecks = 0;
    while (quietChecks < 3 && Date.now() < giveUpAt) {
      const now = running();
      quietChecks = now.length === 0 ? quietChecks + 1 : 0;
      await Promise.race([
        Promise.all(now.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, now.length === 0 ? 100 : 2000)),
      ]);
    }
  });
}

/** What a page's window holds between checks: which document was checked, and what changed since. */
interface WatchedWindow {
  axeChecked?: string;
  axeSawChange?: boolean;
  axeWatch?: MutationObserver;
  axeSawMotion?: () => void;
}

/**
 * axe-core's minified build (654 KB), not the readable one its `source` holds (1.48 MB): every
 * document a journey checks starts it anew, and on a fresh page of a quiet machine it started in
 * 301 ms against 431 (medians of 10). Its rules are the same.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** axe-core in the page's document, unless it is there already. */
async function loadAxe(page: Page) {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
}

/**
 * axe-core run in the page itself. @axe-core/playwright injected its 650 KB source into every
 * frame and opened a blank page to finish each run; on two cores that was more than half of all
 * the journeys' time. Here the source goes in once per document (the web app's route changes keep
 * it), and only violations come back. No preload: axe would copy the video player's shadow-root
 * styles into a <style> of its own without the page's nonce, which the CSP refuses with a console
 * error. The app's only frames are mailed letters in sandboxed
 * frames without scripts, which axe could not enter anyway and which are not the app's pages.
 */
async function runAxe(
  page: Page,
  rules: "serious" | "wcag" = "serious",
): Promise<axe.AxeResults | null> {
  await loadAxe(page);
  // Null when another document replaced this one since: that document gets its own check.
  return page.evaluate(
    ({ exclude, rules, tags }) => {
      const inPage = (window as unknown as { axe?: typeof axe & AxeInternals }).axe;
      if (!inPage) return null;
      const options: axe.RunOptions = {
        iframes: false,
        preload: false,
        resultTypes: ["violations"],
      };
      if (rules === "wcag") options.runOnly = { type: "tag", values: tags };
      else {
        // Only serious and critical violations fail a journey, so a rule whose every violation
        // is minor or moderate (axe-core states each rule's impact) cannot fail one: it is not
        // run. That leaves out `region` and the landmark rules, which walk the whole page; over
        // the same journeys the checks took about 40 % less time and found the very same
        // serious and critical violations. A rule without a stated impact still runs.
        const cannotFail = inPage._audit.rules
          .filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
          .map((rule) => [rule.id, { enabled: false }]);
        options.rules = Object.fromEntries(cannotFail);
      }
      return inPage.run({ exclude: [exclude] }, options);
    },
    { exclude: 'iframe[sandbox]:not([sandbox*="allow-scripts"])', rules, tags: WCAG_TAGS },
  );
}

/**
 * axe-core's tags of the WCAG 2.0, 2.1 and 2.2 level A and AA success criteria (it has no rule of
 * 2.2 level A, and logs a tag it does not know).
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Every violation of a WCAG 2.2 level A or AA rule on what the page shows now, of any impact:
 * the whole check, for the journey that looks at every page (every-page.spec.ts), which waits
 * for the page to settle itself.
 */
export async function wcagViolations(page: Page): Promise<AxeFinding[]> {
  const results = await runAxe(page, "wcag");
  const path = new URL(page.url()).pathname;
  return (results?.violations ?? []).map((violation) => ({
    path,
    rule: violation.id,
    impact: violation.impact ?? "",
    help: violation.help,
    elements: violation.nodes.map(openingTag),
  }));
}

/** The element's opening tag says more than Mantine's generated class names and ids. */
const openingTag = (node: axe.NodeResult) => node.html.slice(0, node.html.indexOf(">") + 1);

/** What runAxe reads of axe-core's own rule table (not in its typings). */
interface AxeInternals {
  _audit: { rules: { id: string; impact?: string }[] };
}

/** How long a page must be quiet (no navigation, no request under way) to count as settled. */
const QUIET_MS = 500;

/**
 * Calls `settled` once the page has been quiet for QUIET_MS after each navigation of its main
 * frame: a click that loads another page, a form post, or the web app's own route changes
 * (pushState, which Playwright reports as a navigation too). Returns a function that stops it.
 */
export function whenNavigationsSettle(page: Page, settled: () => void): () => void {
  let waiting = false;
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rearm = () => {
    clearTimeout(timer);
    if (!waiting || inFlight > 0) return;
    timer = setTimeout(() => {
      waiting = false;
      settled();
    }, QUIET_MS);
  };
  const onNavigated = (frame: Frame) => {
    if (frame !== page.mainFrame()) return;
    waiting = true;
    rearm();
  };
  const onRequest = () => {
    inFlight += 1;
    clearTimeout(timer);
  };
  const onDone = () => {
    inFlight = Math.max(0, inFlight - 1);
    rearm();
  };
  page.on("framenavigated", onNavigated);
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  return () => {
    clearTimeout(timer);
    page.off("framenavigated", onNavigated);
    page.off("request", onRequest);
    page.off("requestfinished", onDone);
    page.off("requestfailed", onDone);
  };
}
