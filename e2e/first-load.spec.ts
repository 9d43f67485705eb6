import { expect, test } from "@playwright/test";
import { FIRST_LOAD_PAGES, kb, measureFirstLoad } from "./first-load.ts";

/**
 * The budgets of compressed JavaScript on the pages people wait on (issue 40). Bytes do not
 * depend on the machine's load, so unlike a time this fails the run the day a page grows past
 * its budget.
 */
test.describe("first load within its budget", () => {
  for (const page of FIRST_LOAD_PAGES) {
    test(`${page.name}: at most ${kb(page.budget)} of JavaScript (goal ${kb(page.goal)})`, async ({
      browser,
      baseURL,
    }) => {
      const load = await measureFirstLoad(browser, baseURL ?? "", page);
      const scripts = load.scripts
        .toSorted((a, b) => b.bytes - a.bytes)
        .map((script) => `${kb(script.bytes).padStart(9)} ${new URL(script.url).pathname}`);
      const total = load.bytes.script ?? 0;
      expect(
        total,
        `${page.name} downloads ${kb(total)}:\n${scripts.join("\n")}`,
      ).toBeLessThanOrEqual(page.budget);
      // A script the server sent uncompressed is the build's .br and .gz missing.
      expect(load.scripts.filter((s) => !s.encoded && s.bytes > 1024).map((s) => s.url)).toEqual(
        [],
      );
    });
  }
});
