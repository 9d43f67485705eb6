import {
  districtAdmin,
  expect,
  schoolAdmin,
  screenshot,
  signInAs,
  signInStudentAs,
  signOut,
  staff,
  teacher,
  test,
  tileStudent,
} from "./fixtures.ts";

test.use({ viewport: { width: 768, height: 1024 } });

test.describe("tablet width", () => {
  test("the landing and login pages", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Refrain" })).toBeVisible();
    await screenshot(page, "tablet-landing");
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await screenshot(page, "tablet-login");
  });

  test("the teacher home, with the menu behind the burger", async ({ page }) => {
    await signInAs(page, teacher);
    await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();
    await screenshot(page, "tablet-teacher-home");
    await page.getByRole("button", { name: "Open the menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "All Lessons" })).toBeVisible();
    await screenshot(page, "tablet-teacher-menu");
    await menu.getByRole("link", { name: "All Lessons" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { name: "All Lessons", level: 1 })).toBeVisible();
    await screenshot(page, "tablet-all-lessons");
  });

  test("the student home", async ({ page }) => {
    await signInStudentAs(page, tileStudent);
    await expect(page.getByRole("heading", { name: `Hi ${tileStudent.firstName}!` })).toBeVisible();
    await screenshot(page, "tablet-student-home");
  });

  test("the school admin, district admin and staff homes", async ({ page }) => {
    // Three homes, the district's with all ten schools: over 30 s on a loaded machine.
    test.setTimeout(60_000);
    await signInAs(page, schoolAdmin);
    await expect(page.getByRole("heading", { name: "Maple Grove Elementary" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Concept summary" })).toBeVisible();
    await screenshot(page, "tablet-school-admin-home");

    await signOut(page);
    await signInAs(page, districtAdmin);
    // Not the district's name: a journey renames it for a moment (admin-district.spec.ts).
    await expect(page.getByRole("heading", { name: "District totals" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Maple Grove Elementary" })).toBeVisible();
    await screenshot(page, "tablet-district-admin-home");

    await signOut(page);
    await signInAs(page, staff);
    await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
    await screenshot(page, "tablet-staff-home");
  });
});
