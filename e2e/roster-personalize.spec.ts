import { expect, screenshot, test } from "./fixtures.ts";
import { openFromMenu, shotFromTop, sideways } from "./journey-steps.ts";

test.describe("personalize learning", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("a teacher changes a setting for two students at once, and one student's level; both are kept and the roster agrees", async ({
    page,
    consoleGuard,
    ownClass,
  }) => {
    test.setTimeout(60_000);
    // The refusals below are made on purpose.
    consoleGuard.allow(/status of (404|503)/);
    await ownClass({ students: 4 });
    await page.goto("/");
    await openFromMenu(page, "Manage Students", "Personalize Learning");
    await expect(page).toHaveURL("/teacher/personalize");
    await expect(
      page.getByRole("heading", { name: "Personalize Learning", level: 1 }),
    ).toBeVisible();
    await expect(page).toHaveTitle("Personalize Learning · Refrain");

    const slower = (name: string) => page.getByLabel(`Slower lesson video for ${name}`);
    await expect(page.getByRole("row")).toHaveCount(5);
    for (const name of ["Ada Abbott", "Bilal Baker", "Carmen Castro", "Dmitri Dunn"])
      await expect(slower(name)).toHaveValue("inherit");

    // Two students, one by pointer and one by keyboard.
    await page.getByLabel("Select Ada Abbott").check();
    await page.getByLabel("Select Bilal Baker").focus();
    await page.keyboard.press("Space");
    await expect(page.getByLabel("Select Bilal Baker")).toBeChecked();
    expect(
      await page
        .getByLabel("Select all students")
        .evaluate((box) => (box as HTMLInputElement).indeterminate),
    ).toBe(true);
    await expect(page.getByText("2 students selected")).toBeVisible();

    const bulk = page.getByRole("region", { name: "Change several at once" });
    const change = bulk.getByLabel("Change", { exact: true });
    const setTo = bulk.getByLabel("Set to", { exact: true });
    await change.selectOption({ label: "Slower lesson video" });
    await setTo.selectOption({ label: "On" });

    // A refusal changes nobody and keeps what the teacher chose.
    await page.route("/teacher/students", async (route) => {
      const body = route.request().postDataJSON() as { verb?: string } | null;
      if (body?.verb !== "updateMany") return route.fallback();
      return route.fulfill({
        status: 404,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Not found" }),
      });
    });
    await bulk.getByRole("button", { name: "Apply to 2 students" }).click();
    await expect(bulk.getByRole("alert")).toHaveText(
      "Nothing was changed. A student is no longer in your class; the list has been read again.",
    );
    await expect(change).toHaveValue("slow_video");
    await expect(setTo).toHaveValue("1");
    await expect(page.getByLabel("Select Ada Abbott")).toBeChecked();
    await expect(slower("Ada Abbott")).toHaveValue("inherit");
    await screenshot(page, "roster-personalize-refused");
    await page.unroute("/teacher/students");

    await bulk.getByRole("button", { name: "Apply to 2 students" }).click();
    await expect(bulk.getByRole("status").filter({ hasText: "Saved:" })).toHaveText(
      "Saved: Slower lesson video is now On for Ada Abbott and Bilal Baker.",
    );
    await expect(bulk.getByRole("alert")).toHaveCount(0);
    await expect(slower("Ada Abbott")).toHaveValue("1");
    await expect(slower("Bilal Baker")).toHaveValue("1");
    await expect(slower("Carmen Castro")).toHaveValue("inherit");

    // One student's level, changed in the table, is saved at once.
    const carmen = page.getByRole("row").filter({ has: page.getByLabel("Select Carmen Castro") });
    await page.getByLabel("Reading Level for Carmen Castro").selectOption({ label: "Third Grade" });
    await expect(carmen.getByRole("status")).toHaveText("Saved: Carmen Castro");
    // A refused single change stays chosen, marked, with a way to try again.
    const dmitri = page.getByRole("row").filter({ has: page.getByLabel("Select Dmitri Dunn") });
    const dmitriLevel = page.getByLabel("Reading Level for Dmitri Dunn");
    await page.route("/teacher/students", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "The server is busy. Try again." }),
      }),
    );
    await dmitriLevel.selectOption({ label: "Kindergarten" });
    await expect(dmitri.getByRole("alert")).toContainText(
      "Not saved: The server is busy. Try again.",
    );
    await expect(dmitriLevel).toHaveValue("6");
    await expect(dmitriLevel).toHaveAttribute("aria-invalid", "true");
    await page.unroute("/teacher/students");
    await dmitri.getByRole("button", { name: "Try again" }).click();
    await expect(dmitri.getByRole("status")).toHaveText("Saved: Dmitri Dunn");
    await expect(dmitri.getByRole("alert")).toHaveCount(0);
    await expect(dmitriLevel).toHaveValue("6");
    await expect(dmitriLevel).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Dmitri Dunn could not be saved")).toBeHidden();
    await shotFromTop(page, "roster-personalize-1024");
    expect((await sideways(page)).page).toBe(0);

    // A student's reading view, set here for their lessons, is saved as it is chosen.
    const readingView = page.getByRole("button", { name: "Reading view for Bilal Baker" });
    const viewPanel = page.getByRole("dialog", { name: "Reading view for Bilal Baker" });
    await readingView.click();
    await viewPanel.getByRole("switch", { name: "Dyslexia-friendly layout" }).check();
    await expect(viewPanel.getByRole("status")).toHaveText("Saved: Bilal Baker");
    await expect(viewPanel.getByRole("switch", { name: "Dyslexia-friendly layout" })).toBeChecked();
    await screenshot(page, "roster-personalize-reading-view");
    await page.keyboard.press("Escape");
    await expect(viewPanel).toBeHidden();

    // Kept: a fresh load shows the same.
    await page.reload();
    await readingView.click();
    await expect(viewPanel.getByRole("switch", { name: "Dyslexia-friendly layout" })).toBeChecked();
    await expect(viewPanel.getByRole("switch", { name: "Line focus" })).not.toBeChecked();
    await page.keyboard.press("Escape");
    await expect(slower("Ada Abbott")).toHaveValue("1");
    await expect(slower("Bilal Baker")).toHaveValue("1");
    await expect(slower("Carmen Castro")).toHaveValue("inherit");
    await expect(page.getByLabel("Reading Level for Carmen Castro")).toHaveValue("9");
    await expect(page.getByLabel("Reading Level for Dmitri Dunn")).toHaveValue("6");
    await expect(page.getByLabel("Select Ada Abbott")).not.toBeChecked();

    // The roster's More Settings show the same values.
    await page.goto("/teacher/roster");
    const rows = page.locator("tbody tr[data-row-key]");
    await expect(rows).toHaveCount(4);
    await rows.first().getByRole("button", { name: "More settings for Ada Abbott" }).click();
    await expect(
      page
        .getByRole("radiogroup", { name: "Slower lesson video" })
        .getByRole("radio", { name: "On" }),
    ).toBeChecked();
    await expect(rows.nth(2).getByRole("combobox", { name: "Reading Level" })).toHaveValue("9");

    // A tablet held upright: the table scrolls inside its frame, the page does not.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto("/teacher/personalize");
    await expect(slower("Bilal Baker")).toHaveValue("1");
    await page.getByLabel("Select all students").check();
    await expect(page.getByText("4 students selected")).toBeVisible();
    const scroll = await sideways(page);
    expect(scroll.page).toBe(0);
    expect(scroll.table).toBeGreaterThan(0);
    await expect(page.getByLabel("Select Dmitri Dunn")).toBeInViewport();
    await expect(
      page.getByRole("region", { name: "Change several at once" }).getByRole("button", {
        name: "Apply to 4 students",
      }),
    ).toBeInViewport();
    await screenshot(page, "roster-personalize-768");
  });

  test("a teacher without students is sent to Add or Edit Students", async ({ page, ownClass }) => {
    await ownClass();
    await page.goto("/teacher/personalize");
    await expect(page.getByText("No students yet")).toBeVisible();
    await screenshot(page, "roster-personalize-empty");
    await page.getByRole("link", { name: "Add or Edit Students" }).click();
    await expect(page).toHaveURL("/teacher/roster");
  });
});
