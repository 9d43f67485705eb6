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
  // check that shows something new, without any navigation, is checked before the next page.
  test("checks a page again once it changed after its check", async ({ page, axeGuard }) => {
    await page.route("/axe-probe/changes", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: probePage(
          "Changes",
          `<button type="button" id="add">Add a switch</button><script>
document.querySelector("#add").addEventListener("click", () => {
  const unnamed = document.createElement("div");
  unnamed.setAttribute("role", "switch");
  unnamed.setAttribute("aria-checked", "false");
  document.querySelector("main").append(unnamed);
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
    await page.getByRole("button", { name: "Add a switch" }).click();
    await page.goto("/axe-probe/next");
    const found = await axeGuard.takeFindings();
    expect(found.map(({ path, rule }) => `${path} ${rule}`)).toEqual([
      "/axe-probe/changes aria-toggle-field-name",
    ]);
  });
  // The run checks each kind of page once (page-checks.ts, `pageKind`): the same parts with
  // other content are not checked again, other parts are.
  test("checks a kind of page once, and a page showing other parts again", async ({
    page,
    axeGuard,
  }) => {
    const unnamedButton = (attributes: string) =>
      probePage("Same kind", `<p>Press it</p><button type="button" ${attributes}></button>`);
    await page.route("/axe-probe/next", (route) =>
      route.fulfill({ contentType: "text/html", body: probePage("Next", "") }),
    );
    await page.route(
      ({ pathname }) => pathname === "/axe-probe/kind",
      (route) => {
        const shown = new URL(route.request().url()).searchParams.get("shown");
        const body =
          shown === "first"
            ? unnamedButton('class="first"')
            : shown === "same-parts"
              ? unnamedButton('class="same-parts"')
              : probePage(
                  "Same kind",
                  '<ul><li>Other parts</li></ul><button type="button" class="other-parts"></button>',
                );
        return route.fulfill({ contentType: "text/html", body });
      },
    );
    for (const shown of ["first", "same-parts", "other-parts"]) {
      await page.goto(`/axe-probe/kind?shown=${shown}`);
      await expect(page.getByRole("heading", { name: "Same kind" })).toBeVisible();
    }
    await page.goto("/axe-probe/next");
    const found = await axeGuard.takeFindings();
    expect(found.map(({ path, rule, elements }) => `${path} ${rule} ${elements.join()}`)).toEqual([
      '/axe-probe/kind button-name <button type="button" class="first">',
      '/axe-probe/kind button-name <button type="button" class="other-parts">',
    ]);
  });
});
