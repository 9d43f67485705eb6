import { expect, schoolAdmin, screenshot, signInAs, test } from "./fixtures.ts";

test("the school admin impersonates a teacher and returns to the admin home", async ({ page }) => {
  await signInAs(page, schoolAdmin);
  await expect(
    page.getByRole("heading", { name: "Maple Grove Elementary teachers" }),
  ).toBeVisible();
  await expect(page.getByText("seats used")).toBeVisible();
  await screenshot(page, "school-admin-home");

  await page.getByRole("button", { name: "Impersonate Elena Rivera" }).click();

  await expect(page.getByText("IMPERSONATING Elena Rivera")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();
  await expect(page.getByText("22 students")).toBeVisible();
  await screenshot(page, "impersonating");

  await page.getByRole("button", { name: /Account menu/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("IMPERSONATING", { exact: true })).toBeVisible();
  await expect(menu.getByText("Elena Rivera")).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toHaveCount(0);
  await screenshot(page, "impersonating-menu");
  await menu.getByRole("menuitem", { name: "Return to Admin" }).click();

  await expect(
    page.getByRole("heading", { name: "Maple Grove Elementary teachers" }),
  ).toBeVisible();
  await expect(page.getByText(/IMPERSONATING/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Account menu: Dana Hughes/ })).toBeVisible();
});
