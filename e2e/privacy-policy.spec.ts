import { expect, screenshot, test } from "./fixtures.ts";

test.describe("the privacy policy", () => {
  test("is linked from every page's footer and from the sign-up form, and states this deployment's facts", async ({
    page,
  }) => {
    await page.goto("/pricing");
    // The footer is drawn under a loader first and moves down when the page arrives: a click
    // aimed at it before then can land on whatever takes its place.
    await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
    for (const section of [
      "Our promise",
      "What we collect and why",
      "Who can see what",
      "Consent to record",
      "How long we keep it",
      "Seeing everything we hold",
      "Deletion",
      "Who else receives information",
      "Contact",
    ])
      await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
    // The journeys' server sends mail through SMTP and offers single sign-on: both are named.
    const others = page.getByRole("region", { name: "Who else receives information" });
    await expect(others.getByRole("cell", { name: "Our mail server" })).toBeVisible();
    await expect(others.getByRole("cell", { name: "Stripe" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "privacy@refrain.example.com" })).toBeVisible();
    await screenshot(page, "privacy-policy");

    await page.goto("/sign-up");
    const opened = page.context().waitForEvent("page");
    await page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).click();
    const policy = await opened;
    await expect(policy.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
    await policy.close();
  });

  test("the accessibility page is linked beside it and reports each WCAG 2.2 criterion", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(page.getByRole("heading", { name: "Accessibility", level: 1 })).toBeVisible();
    for (const section of [
      "Our target",
      "About this report",
      "How we test",
      "Known exceptions",
      "WCAG 2.2 report",
      "Contact",
    ])
      await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
    await expect(page.getByText(/WCAG\) 2\.2 at Level AA/)).toBeVisible();

    // The VPAT's two tables, named by their captions, a header row over one row per criterion:
    // 31 at Level A, and 4.1.1, which the VPAT keeps though WCAG 2.2 removed it; 24 at AA.
    const levelA = page.getByRole("table", { name: "Table 1: Success Criteria, Level A" });
    const levelAA = page.getByRole("table", { name: "Table 2: Success Criteria, Level AA" });
    await expect(levelA.getByRole("row")).toHaveCount(33);
    await expect(levelAA.getByRole("row")).toHaveCount(25);
    await expect(levelA.getByRole("columnheader")).toHaveText([
      "Criteria",
      "Conformance Level",
      "Remarks and Explanations",
    ]);
    const dragging = levelAA.getByRole("row", { name: /2\.5\.7 Dragging Movements/ });
    await expect(dragging.getByRole("cell").first()).toHaveText("Partially Supports");
    await expect(page.getByRole("link", { name: "privacy@refrain.example.com" })).toBeVisible();
    // From the top, so the full-page capture does not draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "accessibility");

    await page.setViewportSize({ width: 820, height: 1180 });
    await expect(levelAA.getByRole("rowheader", { name: /2\.5\.8 Target Size/ })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "accessibility-tablet");
  });

  test("reads well at tablet width", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { name: "Deletion", level: 2 })).toBeVisible();
    await screenshot(page, "privacy-policy-tablet");
  });
});
