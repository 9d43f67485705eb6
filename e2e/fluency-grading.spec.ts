import { gradingMessages } from "@refrain/domain";
import { linkIn, mailReceived } from "./auth-helpers.ts";
import { expect, screenshot, switchToStudent, test } from "./fixtures.ts";
import {
  PROCESSED_WITHIN_MS,
  readingsOfALessonAndBenchmark,
  rowButton,
  word,
} from "./fluency-readings.ts";
import { ownClassOfOne, shootBothWidths } from "./journey-steps.ts";

test.describe("fluency: grading and sharing a reading", () => {
  test("a teacher grades by mouse and keyboard, compares, shares by e-mail, and turns the link off", async ({
    page,
    ownClass,
    browser,
  }) => {
    test.setTimeout(90_000 + PROCESSED_WITHIN_MS);
    const { account, student } = await ownClassOfOne(ownClass);
    // The student reads: a cold read, three read-alongs, a hot read, and the benchmark; the
    // teacher is back once the three are processed and compared.
    const { lesson } = await readingsOfALessonAndBenchmark(page, account, student, "Second Grade");
    await page.getByRole("menuitem", { name: "Fluency" }).click();
    await page.getByRole("menuitem", { name: "Recorded Videos" }).click();
    await expect(page).toHaveURL(/\/teacher\/fluency\/videos/);
    await expect(page.getByRole("tab", { name: "New Fluency Videos" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    for (const type of ["Cold Read", "Hot Read", "Benchmark"])
      await expect(rowButton(page, "Grade Video", type)).toBeVisible();
    await shootBothWidths(page, "fluency-review-new");

    // The cold read: three words missed by mouse, one by keyboard, expression by key.
    await rowButton(page, "Grade Video", "Cold Read").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("tab", { name: /^Cold Read/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const cold = dialog.getByRole("tabpanel");
    for (const index of [1, 3, 5]) await word(cold, index).click();
    await expect(cold.getByLabel("Errors")).toHaveValue("-3");
    const grid = cold.getByRole("grid");
    await grid.focus();
    // The ring stands on the last word clicked (6th); two words on is the 8th.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    await expect(word(cold, 7)).toHaveAttribute("aria-selected", "true");
    await expect(cold.getByLabel("Errors")).toHaveValue("-4");
    await page.keyboard.press("3");
    await expect(cold.getByLabel("Expression")).toHaveValue("3");
    // A timed cold read keeps the lesson's WPM: Alt-click marks no last word on it.
    const lessonWpm = await cold.getByLabel("WPM").inputValue();
    await word(cold, 9).click({ modifiers: ["Alt"] });
    await expect(word(cold, 9)).not.toHaveAttribute("aria-label", /last word read/);
    await expect(cold.getByLabel("WPM")).toHaveValue(lessonWpm);
    await cold.getByLabel("Feedback").fill("Good start! Slow down at the long words.");
    await shootBothWidths(page, "fluency-grading-grade");
    await grid.focus();
    await page.keyboard.press("Control+Enter");
    await expect(cold.getByText("The grade is saved.")).toBeVisible();

    // The hot read of the same lesson, in the next tab: one word missed, better expression.
    await dialog.getByRole("tab", { name: /^Hot Read/ }).click();
    const hot = dialog.getByRole("tabpanel");
    await word(hot, 3).click();
    await hot.getByLabel("Expression").selectOption("4");
    await hot.getByRole("button", { name: "Submit" }).click();
    await expect(hot.getByText("The grade is saved.")).toBeVisible();
    await page.keyboard.press("Escape");

    // The benchmark: the last word read (Alt-click, then moved with L) sets the WPM.
    await rowButton(page, "Grade Video", "Benchmark").click();
    const bench = dialog.getByRole("tabpanel");
    await word(bench, 12).click({ modifiers: ["Alt"] });
    await expect(word(bench, 12)).toHaveAttribute("aria-label", /last word read/);
    const grid2 = bench.getByRole("grid");
    await grid2.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("l");
    await expect(word(bench, 13)).toHaveAttribute("aria-label", /last word read/);
    const wpm = Number(await bench.getByLabel("WPM").inputValue());
    // 14 words in a clip of about six seconds: about 140 a minute.
    expect(wpm).toBeGreaterThan(100);
    expect(wpm).toBeLessThan(200);
    await page.keyboard.press("2");
    await page.keyboard.press("Control+Enter");
    await expect(bench.getByText("The grade is saved.")).toBeVisible();
    await page.keyboard.press("Escape");

    // Graded readings leave New; All shows View Grades, and the comparison to view.
    await expect(page.getByText("No fluency videos are available at this time")).toBeVisible();
    await page.getByRole("tab", { name: "All Fluency Recordings" }).click();
    for (const type of ["Cold Read", "Hot Read", "Benchmark"])
      await expect(rowButton(page, "View Grades", type)).toBeVisible();
    await shootBothWidths(page, "fluency-review-all");
    await rowButton(page, "View Grades", "Cold Read").click();
    const viewed = dialog.getByRole("tabpanel");
    await expect(viewed.getByText(/^Graded by /)).toBeVisible();
    await expect(viewed.getByLabel("Errors")).toHaveValue("-4");
    await expect(viewed.getByRole("button", { name: "Create New Grade" })).toBeVisible();
    await shootBothWidths(page, "fluency-grading-view");
    await page.keyboard.press("Escape");

    // The comparison: cold to hot, then shared with a parent at a new address.
    await rowButton(page, "View Comparison", "Comparison").click();
    const comparison = dialog.getByRole("tabpanel");
    await expect(comparison).toContainText("-4");
    await expect(comparison).toContainText("-1");
    await shootBothWidths(page, "fluency-grading-comparison");
    await comparison.getByRole("button", { name: "Share with Parent" }).click();
    const share = page.getByRole("dialog", { name: "Share with Parent" });
    const parent = `family.${account.login}@journeys.example.org`;
    await share.getByLabel("Parent email").fill(parent);
    await expect(share.getByLabel("Subject")).not.toHaveValue("");
    await shootBothWidths(page, "fluency-share-modal");
    const since = Date.now();
    await share.getByRole("button", { name: "Share", exact: true }).click();
    await expect(page.getByText(gradingMessages.shared)).toBeVisible();

    // The parent opens the e-mail's link in a browser of their own, and the video plays.
    const mail = await mailReceived(parent, since);
    const link = linkIn(mail, "/shared/recordings");
    const family = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const familyPage = await family.newPage();
    const opened = await familyPage.goto(link);
    expect(opened?.status()).toBe(200);
    const video = familyPage.locator("video");
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(0.3);
    await shootBothWidths(familyPage, "fluency-shared-page");

    // Turned off by the teacher, the link reads as gone, never the video.
    await share
      .getByRole("button", { name: new RegExp(`^Turn off link sent to ${parent}`) })
      .click();
    // The confirmation opens with a transition: click it once it is there, whole.
    const confirm = page.getByRole("dialog", { name: "Turn off this link?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Turn off link", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(share.getByText("Turned off")).toBeVisible();
    const gone = await familyPage.goto(link);
    expect(gone?.status()).toBe(410);
    await expect(familyPage.getByText(gradingMessages.linkGone)).toBeVisible();
    await expect(familyPage.locator("video")).toHaveCount(0);
    await family.close();

    // The student finds the graded readings and the teacher's feedback on their home page.
    await switchToStudent(page, account, student);
    const mine = page.getByRole("region", { name: "My readings" });
    await expect(mine.getByText("Good start! Slow down at the long words.")).toBeVisible();
    await expect(
      mine.getByRole("button", { name: `Play your Cold Read of ${lesson.title}` }),
    ).toBeVisible();
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "fluency-student-readings-768");
  });
});
