import { expect, screenshot, signInAs, teacher, test } from "./fixtures.ts";

/**
 * The demo teacher's fluency pages at tablet width, read only: Overview with the class's counts
 * leading to a review tab, the review tabs, the student filter and that student's popup.
 */
test.use({ viewport: { width: 768, height: 1024 } });

test("the teacher's fluency overview, review tabs and a student's recent videos", async ({
  page,
}) => {
  await signInAs(page, teacher);
  await page.goto("/teacher/fluency");
  await expect(page.getByRole("heading", { name: "Fluency", level: 1 })).toBeVisible();
  await expect(page.getByText("New readings to grade")).toBeVisible();
  await expect(page.locator("[aria-busy]")).toHaveCount(0);
  await screenshot(page, "fluency-overview-768");

  await page.getByRole("link", { name: "Grade new videos" }).click();
  await expect(page).toHaveURL("/teacher/fluency/videos?tab=new");
  await expect(page.getByRole("tab", { name: "New Fluency Videos", selected: true })).toBeVisible();
  const table = page.getByRole("table");
  await expect(
    table.or(page.getByText("No fluency videos are available at this time")),
  ).toBeVisible();
  await screenshot(page, "fluency-review-new-768");

  await page.getByRole("tab", { name: "All Fluency Recordings" }).click();
  await expect(page).toHaveURL(/tab=all/);
  await expect(table).toBeVisible();
  await expect(
    table.getByRole("button", { name: /^(View Grades|Grade Video|View Comparison)/ }).first(),
  ).toBeVisible();
  await screenshot(page, "fluency-review-all-768");

  // One student: the list narrows, then the popup shows their newest ten at most.
  const studentName =
    (await table.getByRole("row").nth(1).getByRole("cell").nth(2).textContent()) ?? "";
  await page.getByRole("combobox", { name: "Student" }).click();
  await page.getByRole("option", { name: new RegExp(`^${studentName}`) }).click();
  await expect(page).toHaveURL(/student=\d+/);
  await expect(table.getByRole("columnheader", { name: "Student" })).toHaveCount(0);
  await page.getByRole("button", { name: "Recent and Ungraded Videos" }).click();
  const popup = page.getByRole("dialog", { name: "Recent and Ungraded Videos" });
  await expect(popup).toContainText(studentName);
  const rows = await popup.getByRole("row").count();
  expect(rows - 1).toBeGreaterThan(0);
  expect(rows - 1).toBeLessThanOrEqual(10);
  await screenshot(page, "fluency-student-popup-768");
});
