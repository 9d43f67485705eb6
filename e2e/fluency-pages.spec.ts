import { DEMO_SHARE_TOKEN } from "../apps/server/src/demo/grades.ts";
import { expect, screenshot, signInAs, teacher, test } from "./fixtures.ts";

/**
 * The demo teacher's fluency pages at tablet width, read only: Overview with the class's counts
 * leading to a review tab, the review tabs, a reading whose video is being prepared, the student
 * filter and that student's popup, then the demo's shared link while its video is prepared.
 */
test.use({ viewport: { width: 768, height: 1024 } });

test("the teacher's fluency overview, review tabs and a student's recent videos", async ({
  page,
}) => {
  // Five views, a modal and a popup, each with its axe check, at the hour the fluency journeys
  // send their readings and adapt a recogniser: 29 s beside them on a quiet machine, and over
  // the default 30 s in CI, where it ran out of time at its fifth view.
  test.setTimeout(60_000);
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

  // The journeys make no demo media, so the demo's graded readings wait for their videos: the
  // row and the grading modal say when each should be ready instead of a dead player.
  const waiting = table
    .getByRole("row")
    .filter({ hasText: /Video ready in about \d+ min/ })
    .filter({ has: page.getByRole("button", { name: /^View Grades/ }) })
    .first();
  await waiting.getByRole("button", { name: /^View Grades/ }).click();
  const grading = page.getByRole("dialog");
  // A reading with its pair (cold and hot) has a tab each, both waiting: the one shown counts.
  const shown = (text: string | RegExp) =>
    grading.getByText(text).filter({ visible: true }).first();
  await expect(shown("This video is being prepared")).toBeVisible();
  await expect(shown(/It should be ready in about \d+ minutes?\./)).toBeVisible();
  await expect(grading.locator("video, audio")).toHaveCount(0);
  await screenshot(page, "fluency-video-being-prepared-768");
  await page.keyboard.press("Escape");
  await expect(grading).toHaveCount(0);

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

  // The demo's shared link, as the start banner prints it: the family reads the grade and when
  // the video will be there.
  await page.goto(`/shared/recordings/${DEMO_SHARE_TOKEN}`);
  await expect(page.getByText("This video is being prepared")).toBeVisible();
  await expect(page.getByText(/It should be ready in about \d+ minutes?\./)).toBeVisible();
  await screenshot(page, "fluency-shared-being-prepared-768");
});
