import { watchCalls } from "./calls-in-flight.ts";
import { expect, schoolAdmin, screenshot, signInAs, test } from "./fixtures.ts";

test("the school admin impersonates a teacher and returns to the admin home", async ({ page }) => {
  await signInAs(page, schoolAdmin);
  await page.goto("/school_admin/teachers");
  await expect(
    page.getByRole("heading", { name: "Teacher Usernames and Passwords" }),
  ).toBeVisible();
  await expect(page.getByText("seats used")).toBeVisible();
  await screenshot(page, "school-admin-teachers");

  const teachersCalls = watchCalls(page, {
    tutorial: "class_summary",
    polled: "**/teacher/recordings/by_student*",
  });
  await page.getByRole("button", { name: "Impersonate Elena Rivera" }).click();

  await expect(page.getByText("IMPERSONATING Elena Rivera")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();
  await expect(page.getByText("22 students", { exact: true })).toBeVisible();
  // The way back is a button in the header, not only an entry of the account menu.
  const returnButton = page.getByRole("banner").getByRole("button", { name: "Return to Admin" });
  await expect(returnButton).toBeVisible();
  await screenshot(page, "impersonating");

  await page.getByRole("button", { name: /Account menu/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("IMPERSONATING", { exact: true })).toBeVisible();
  await expect(menu.getByText("Elena Rivera")).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Return to Admin" })).toBeVisible();
  await screenshot(page, "impersonating-menu");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  // On a tablet the button stays in the header beside the account's name.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(returnButton).toBeInViewport();
  await expect(page.getByRole("button", { name: /Account menu: Elena Rivera/ })).toBeInViewport();
  await screenshot(page, "impersonating-tablet");
  await teachersCalls.settled();
  await returnButton.click();

  // Back at the admin's home: their school's usage.
  await expect(page.getByRole("heading", { name: "Maple Grove Elementary" })).toBeVisible();
  await expect(page.getByText(/IMPERSONATING/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Account menu: Dana Hughes/ })).toBeVisible();
});
