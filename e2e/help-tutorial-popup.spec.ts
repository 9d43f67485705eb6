import { expect, screenshot, test } from "./fixtures.ts";

test.use({ tutorialPopups: true });

test("a new teacher meets the roster tutorial once, takes the tour, completes the step and does not see it again", async ({
  page,
  ownClass,
}) => {
  await ownClass({ students: 3 });
  // The home page greets the new teacher with its own tutorial; closing it only hides it.
  const home = page.getByRole("dialog", { name: "Your class at a glance" });
  await expect(home).toBeVisible();
  await home.getByRole("button", { name: "Close" }).click();
  await expect(home).toHaveCount(0);

  await page.goto("/teacher/roster");
  const popup = page.getByRole("dialog", { name: "Adding and editing students" });
  await expect(popup).toBeVisible();
  await expect(popup.getByText("Your roster is your class list.")).toBeVisible();
  await expect(popup.getByRole("button", { name: "Complete This Step" })).toBeVisible();
  await screenshot(page, "help-tutorial-popup");

  await popup.getByRole("button", { name: "Continue Tour" }).click();
  await expect(popup).toHaveCount(0);
  const step = page.locator("#driver-popover-content");
  await expect(step.getByText("Add students", { exact: true })).toBeVisible();
  await expect(step.getByText("Step 1 of 3")).toBeVisible();
  await expect(page.locator('[data-tour="roster-create"]')).toHaveClass(/driver-active-element/);
  await screenshot(page, "help-tutorial-tour");
  await step.getByRole("button", { name: "Next" }).click();
  await expect(step.getByText("Edit in place")).toBeVisible();
  await expect(page.locator('[data-tour="roster-table"]')).toHaveClass(/driver-active-element/);
  await step.getByRole("button", { name: "Next" }).click();
  await expect(step.getByText("Login cards")).toBeVisible();
  const completed = page.waitForResponse(
    (r) => r.url().endsWith("/media/tutorials/roster/complete") && r.ok(),
  );
  await step.getByRole("button", { name: "Complete This Step" }).click();
  await completed;
  await expect(step).toHaveCount(0);

  // The server remembers: the roster's tutorial is due no more, the home page's still is.
  const asked = page.waitForResponse((r) => r.url().endsWith("/media/tutorials/roster"));
  await page.reload();
  expect(((await (await asked).json()) as { data: { show: boolean } }).data.show).toBe(false);
  await expect(page.getByRole("heading", { name: "Add or Edit Students" })).toBeVisible();
  await expect(popup).toHaveCount(0);
  await page.goto("/");
  await expect(home).toBeVisible();
});

test("Complete This Step dismisses a page's popup for good, from the keyboard", async ({
  page,
  ownClass,
}) => {
  await ownClass({ students: 2 });
  await page.goto("/teacher/groups");
  const popup = page.getByRole("dialog", { name: "Reading groups" });
  await expect(popup).toBeVisible();
  const complete = popup.getByRole("button", { name: "Complete This Step" });
  await complete.focus();
  await page.keyboard.press("Enter");
  await expect(popup).toHaveCount(0);
  const asked = page.waitForResponse((r) => r.url().endsWith("/media/tutorials/groups"));
  await page.reload();
  expect(((await (await asked).json()) as { data: { show: boolean } }).data.show).toBe(false);
  await expect(popup).toHaveCount(0);
});
