import { expect, screenshot, test } from "./fixtures.ts";

const LESSONS_BY_LEVEL = "**/teacher/lessons/assign/lessons_by_level";

test.describe("Worksheets", () => {
  test("the table hides benchmarks, filters on the search, sorts, and links each lesson's PDF", async ({
    page,
    ownClass,
  }) => {
    await ownClass();
    // Hold the answer back until the loading row was seen: a fixed delay races a busy machine.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(LESSONS_BY_LEVEL, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/teacher/worksheets");
    await expect(page.getByText("Loading Lessons...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Worksheets", level: 1 })).toBeVisible();

    const body = page.getByRole("rowgroup").nth(1);
    const rows = body.getByRole("row");
    await expect(rows).toHaveCount(36);
    await expect(body).not.toContainText(/benchmark/i);
    await expect(rows.first()).toContainText("Kindergarten");
    await screenshot(page, "lessons-worksheets");

    await page.getByRole("button", { name: "Title" }).click();
    await expect(page.getByRole("columnheader", { name: "Title" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const titles = await rows.locator("td:nth-child(2)").allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    await page.getByRole("button", { name: "Reading Level" }).click();
    await page.getByRole("button", { name: "Reading Level" }).click();
    await expect(page.getByRole("columnheader", { name: "Reading Level" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(rows.first()).toContainText("Fifth Grade");

    await page.getByRole("textbox", { name: "Search worksheets" }).fill("drip");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Drip Drop Journey");
    await expect(rows.first()).toContainText("Second Grade");
    await screenshot(page, "lessons-worksheets-search");

    const link = rows.first().getByRole("link", { name: /Drip Drop Journey worksheet/ });
    await expect(link).toHaveAttribute("target", "_blank");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/media\/lessons\/\d+\/worksheet\.pdf$/);
    const pdf = await page.request.get(href ?? "");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    await page.getByRole("textbox", { name: "Search worksheets" }).fill("no such song");
    await expect(page.getByText("No worksheets match your search.")).toBeVisible();
  });

  test("a failed load shows an empty table and no message", async ({
    page,
    consoleGuard,
    ownClass,
  }) => {
    consoleGuard.allow(/status of 500/);
    await ownClass();
    await page.route(LESSONS_BY_LEVEL, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Something went wrong on our side." }),
      }),
    );
    await page.goto("/teacher/worksheets");
    await expect(page.getByText("No worksheets to show.")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("Loading Lessons...")).toHaveCount(0);
    await screenshot(page, "lessons-worksheets-failed");
  });
});
