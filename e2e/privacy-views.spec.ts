import {
  districtAdmin,
  expect,
  signInAs,
  switchToStudent,
  switchToTeacher,
  test,
} from "./fixtures.ts";
import {
  assignWithRecordingOn,
  PROCESSED_WITHIN_MS,
  processedReadings,
  sendReading,
} from "./fluency-readings.ts";
import { ownClassOfOne, shootBothWidths } from "./journey-steps.ts";

test.describe("privacy: recording retention and who viewed a recording", () => {
  test("a district admin shortens the district's recording retention, within its limits", async ({
    page,
  }) => {
    await signInAs(page, districtAdmin);
    await page.goto("/district_admin/settings");
    const panel = page.getByRole("region", { name: "Recording retention" });
    const days = panel.getByLabel("Keep videos for (days after recording)");
    await expect(days).toHaveValue("");
    await expect(
      panel.getByText(/Refrain's default: until the end of the school year/),
    ).toBeVisible();

    await days.fill("800");
    await expect(panel.getByText("Days cannot be more than 730.")).toBeVisible();
    await days.fill("-1");
    await expect(panel.getByText("Days cannot be below 0.")).toBeVisible();
    await days.fill("365");
    await panel.getByRole("button", { name: "Save retention" }).click();
    await expect(page.getByText("Recording retention saved")).toBeVisible();
    await shootBothWidths(page, "privacy-district-retention");

    await page.reload();
    await expect(days).toHaveValue("365");
    // The demo district is every journey's: back to the product's default.
    await days.fill("");
    await panel.getByRole("button", { name: "Save retention" }).click();
    await expect(page.getByText("Recording retention saved")).toBeVisible();
    await page.reload();
    await expect(days).toHaveValue("");
  });

  test("a teacher watches a reading and finds it in the student's view log, kept until the school year's end", async ({
    page,
    ownClass,
  }) => {
    test.setTimeout(90_000 + PROCESSED_WITHIN_MS);
    const { account, student } = await ownClassOfOne(ownClass);
    const lesson = await assignWithRecordingOn(page, student, "Second Grade");
    await switchToStudent(page, account, student);
    await sendReading(page, lesson.id, "cold_read");
    await switchToTeacher(page, account);
    await processedReadings(page, 1);

    await page.goto("/teacher/fluency/videos?tab=all");
    const row = page.getByRole("row").filter({ hasText: "Cold Read" });
    // The account has no district: the product's default, the school year's end plus 30 days.
    await expect(row.getByTestId("kept-until")).toHaveText(/^Kept until Jul 30, \d{4}$/);
    const viewedBy = row.getByRole("button", { name: /^Viewed by: / });
    await viewedBy.click();
    await expect(page.getByText("Nobody has viewed this recording yet.")).toBeVisible();
    await page.keyboard.press("Escape");

    // Opening the reading loads its video: the start of playback is the view.
    await row.getByRole("button", { name: /^Grade Video/ }).click();
    const dialog = page.getByRole("dialog");
    const video = dialog.locator("video");
    await expect(video).toBeVisible();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThan(0);
    await expect(dialog.getByTestId("kept-until")).toHaveText(/^Kept until Jul 30, \d{4}$/);
    const teacherName = `${account.firstName} ${account.lastName}`;
    await dialog.getByRole("button", { name: /^Viewed by: / }).click();
    await expect(page.getByText(`${teacherName} (Teacher)`)).toBeVisible();
    await shootBothWidths(page, "privacy-viewed-by");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");

    // The roster's More settings leads to the student's Privacy and data page.
    await page.goto(`/privacy/students/${student.id}`);
    const section = page.getByRole("region", { name: "Recordings and their views" });
    const logged = section.getByRole("row").filter({ hasText: "Cold Read" });
    await expect(logged.getByText(`${teacherName} (Teacher)`)).toHaveCount(1);
    await expect(logged.getByText(/^Kept until Jul 30, \d{4}$/)).toBeVisible();
    await shootBothWidths(page, "privacy-student-views");
  });
});
