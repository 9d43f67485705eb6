import type { Page } from "@playwright/test";
import { expect, screenshot, test } from "./fixtures.ts";

async function expectPdf(page: Page, href: string | null) {
  expect(href).toMatch(/^\/media\/resources\/.+\.pdf$/);
  const answer = await page.request.get(href ?? "");
  expect(answer.status(), href ?? "").toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  expect((await answer.body()).subarray(0, 5).toString()).toBe("%PDF-");
}

test.describe("Printable Resources", () => {
  test("each tab shows its printables, and the sheets tab loads its data only when opened", async ({
    page,
    ownClass,
  }) => {
    const dataCalls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/teacher/resources" && request.headers()["x-requested-with"])
        dataCalls.push(url.search);
    });
    await ownClass();

    await page.getByRole("menuitem", { name: "Resources" }).click();
    await page.getByRole("menuitem", { name: "Printable Resources" }).click();
    await expect(page).toHaveURL("/teacher/resources");
    await expect(page.getByRole("heading", { name: "Boost Fluency 50-100%" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Planner" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const images = page.getByRole("tabpanel").getByRole("img");
    await expect(images).toHaveCount(2);
    for (const image of await images.all()) {
      await expect
        .poll(() => image.evaluate((el: HTMLImageElement) => el.naturalWidth))
        .toBeGreaterThan(0);
    }
    await screenshot(page, "lessons-resources-planner");

    await page.goto("/teacher/resources?tab=boost-fluency");
    await expect(page.getByRole("tab", { name: "Planner" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    await page.getByRole("tab", { name: "Fluency Chart" }).click();
    await expect(page).toHaveURL("/teacher/resources?tab=chart");
    const chart = page.getByRole("link", { name: "Download the Fluency Chart (PDF)" });
    await expectPdf(page, await chart.getAttribute("href"));
    await screenshot(page, "lessons-resources-chart");

    await page.getByRole("tab", { name: "Curriculum" }).click();
    await expect(page).toHaveURL("/teacher/resources?tab=curriculum");
    await expectPdf(
      page,
      await page
        .getByRole("link", { name: "Download the Curriculum Overview (PDF)" })
        .getAttribute("href"),
    );

    await page.getByRole("tab", { name: "Implementation" }).click();
    await expect(page).toHaveURL("/teacher/resources?tab=implementation");
    for (const name of ["Implementation Guide (PDF)", "Fluency Rubric (PDF)"]) {
      await expectPdf(page, await page.getByRole("link", { name }).getAttribute("href"));
    }
    await screenshot(page, "lessons-resources-implementation");
    expect(dataCalls).toEqual([]);

    await page.getByRole("tab", { name: "Fluency Sheets" }).click();
    await expect(page).toHaveURL("/teacher/resources?tab=sheets&level=1");
    const rows = page.getByRole("tabpanel").getByRole("rowgroup").nth(1).getByRole("row");
    await expect(rows).toHaveCount(6);
    await expect(rows.first()).toContainText("First Grade");
    expect(dataCalls).toHaveLength(1);
    await screenshot(page, "lessons-resources-sheets");

    await page.getByRole("link", { name: "Third Grade" }).click();
    await expect(page).toHaveURL("/teacher/resources?tab=sheets&level=3");
    await expect(page.getByRole("link", { name: "Third Grade" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(rows).toHaveCount(6);
    for (const row of await rows.all()) await expect(row).toContainText("Third Grade");
    const sheet = rows.first().getByRole("link", { name: /Open PDF/ });
    await expect(sheet).toHaveAttribute("target", "_blank");
    const href = await sheet.getAttribute("href");
    expect(href).toMatch(/^\/media\/resources\/fluency-sheets\/\d{4}-\d{2}\/g3-[a-z0-9-]+\.pdf$/);
    await expectPdf(page, href);
    await screenshot(page, "lessons-resources-sheets-grade-3");
  });

  test("at tablet width the tabs and the sheets table fit", async ({ page, ownClass }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await ownClass();
    await page.goto("/teacher/resources?tab=sheets&level=5");
    await expect(page.getByRole("tabpanel").getByRole("row")).toHaveCount(7);
    await screenshot(page, "lessons-resources-tablet-sheets");
    await page.goto("/teacher/resources");
    await expect(page.getByRole("tabpanel").getByRole("img")).toHaveCount(2);
    await screenshot(page, "lessons-resources-tablet-planner");
  });
});
