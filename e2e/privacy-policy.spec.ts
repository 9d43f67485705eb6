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

  test("reads well at tablet width", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { name: "Deletion", level: 2 })).toBeVisible();
    await screenshot(page, "privacy-policy-tablet");
  });
});
