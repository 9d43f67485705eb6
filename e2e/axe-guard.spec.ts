import { expect, test } from "./fixtures.ts";

/** A tiny page of the app's origin, served by the browser's router rather than the server. */
const probePage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;

test.describe("the accessibility guard", () => {
  // Before pages reached by clicking were checked, nothing looked at that page: no finding.
  test("checks a page reached by a click, even one the test never waits on or checks itself", async ({
    page,
    axeGuard,
  }) => {
    await page.route("/axe-probe/start", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: probePage("Start", '<a href="/axe-probe/unnamed-button">Next</a>'),
      }),
    );
    // The page holds its violation long enough to settle and be checked, then moves on by
    // itself the way the web app does (pushState) to a page without one.
    await page.route("/axe-probe/unnamed-button", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: probePage(
          "Unnamed button",
          `<button type="button"></button><script>
setTimeout(() => {
  history.pushState(null, "", "/axe-probe/done");
  document.querySelector("main").innerHTML = "<h1>Done</h1>";
  document.title = "Done";
}, 4000);
</script>`,
        ),
      }),
    );
    await page.goto("/axe-probe/start");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Done" })).toBeVisible({ timeout: 10_000 });
    // An unnamed button is a critical violation; taking the finding keeps it from failing us.
    const found = await axeGuard.takeFindings();
    expect(found.map(({ path, rule }) => `${path} ${rule}`)).toEqual([
      "/axe-probe/unnamed-button button-name",
    ]);
  });
  // A page checked once is not checked again until its document changes: a change after the
  // check, without any navigation, is checked before the next page.
  test("checks a page again once it changed after its check", async ({ page, axeGuard }) => {
    await page.route("/axe-probe/changes", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: probePage(
          "Changes",
          `<button type="button" id="add">Add a button</button><script>
document.querySelector("#add").addEventListener("click", () => {
  document.querySelector("main").append(document.createElement("button"));
});
</script>`,
        ),
      }),
    );
    await page.route("/axe-probe/next", (route) =>
      route.fulfill({ contentType: "text/html", body: probePage("Next", "") }),
    );
    await page.goto("/axe-probe/changes");
    // The settled page's check has run, and found nothing.
    await page.waitForFunction(
      () => (window as unknown as { axeChecked?: string }).axeChecked === location.href,
    );
    await page.getByRole("button", { name: "Add a button" }).click();
    await page.goto("/axe-probe/next");
    const found = await axeGuard.takeFindings();
    expect(found.map(({ path, rule }) => `${path} ${rule}`)).toEqual([
      "/axe-probe/changes button-name",
    ]);
  });
});
