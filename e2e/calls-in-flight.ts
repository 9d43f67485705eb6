import type { Page, Request } from "@playwright/test";
import { expect, startDrawnApp } from "./fixtures.ts";

/**
 * For a journey that opens a page as another account and then turns the session back (Return
 * to Admin): a call of that page answered after the session turned is refused (401, 403) and
 * fails the console check. Set up before the click that opens the page; `settled()` then waits
 * until the page's calls have their answers.
 *
 * Network idle does not prove it: it is reached once per document, and the page polls. The
 * demo's readings stay queued on the journeys' server (DEMO_RECORDINGS=off), so a page listing
 * them asks again every 3 s for as long as it is open.
 */
export function watchCalls(
  page: Page,
  calls: {
    /** The page's tutorial popup (help area), which it asks for with its other calls. */
    tutorial: string;
    /** The call the page polls. */
    polled: string;
  },
) {
  const onTheirWay = new Set<Request>();
  const held = new Set<Request>();
  page.on("request", (request) => onTheirWay.add(request));
  page.on("requestfinished", (request) => onTheirWay.delete(request));
  page.on("requestfailed", (request) => onTheirWay.delete(request));
  // The popup mounts with the page's other parts and is answered last (fixtures.ts's guard
  // fetches it before the page gets it): once it has its answer, every first call was made.
  const tutorialAnswered = page.waitForResponse(`**/media/tutorials/${calls.tutorial}`);
  // A journey that fails before `settled()` leaves it unanswered: its own error says why.
  tutorialAnswered.catch(() => undefined);
  return {
    async settled() {
      // A page the server drew (a student's, decision 0040) came with its first calls'
      // answers, the tutorial's among them; as its app takes it over it asks again those that
      // may have changed.
      if ((await page.locator("script#prerendered-styles").count()) > 0) await startDrawnApp(page);
      else await tutorialAnswered;
      // From now on the page's polls are held: they never reach the server, and the page's
      // leaving ends them.
      await page.route(calls.polled, (route) => {
        held.add(route.request());
      });
      await expect
        .poll(() => [...onTheirWay].every((request) => held.has(request)), {
          message: "every call of the page has its answer",
        })
        .toBe(true);
    },
  };
}
