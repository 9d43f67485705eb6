import type { Page } from "@playwright/test";
import { ensureFakeMedia, fakeMediaLaunch } from "./chromium.ts";
import { expect, screenshot, switchToStudent, test } from "./fixtures.ts";
import { switchRecordingOn } from "./fluency-readings.ts";
import { assignLessons, catalogLesson, ownClassOfOne } from "./journey-steps.ts";
import { TRACK_MADE_MS, trackArrived } from "./lesson-track.ts";

// The recorder shows the words too: this file's browser has a fake camera and microphone.
test.use({ launchOptions: fakeMediaLaunch });
test.beforeAll(ensureFakeMedia);

/** A screenshot at 1280 and at tablet width (820). */
async function shootBoth(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 820, height: 1180 });
  await screenshot(page, `${name}-820`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The student picks the dyslexia-friendly view with larger text and line focus; it is kept. */
async function chooseDyslexiaView(page: Page) {
  await page.getByRole("button", { name: "Reading view" }).click();
  const panel = page.getByRole("dialog", { name: "Reading view" });
  const kept = () =>
    page.waitForResponse(
      (r) => r.url().endsWith("/student/readingView") && r.request().method() === "POST",
    );
  const choices = [
    panel.getByText("Larger", { exact: true }),
    panel.getByRole("switch", { name: "Dyslexia-friendly layout" }),
    panel.getByRole("switch", { name: "Line focus" }),
  ];
  for (const choice of choices) {
    const [saved] = await Promise.all([kept(), choice.click()]);
    expect(saved.status()).toBe(200);
  }
  await expect(panel.getByRole("switch", { name: "Line focus" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
}

test.describe("learning: read-along", () => {
  test("a student opens a lesson from home, plays it through and the read-along counts", async ({
    page,
    ownClass,
  }) => {
    // A minute for the journey, the track played through included (a 100 s track takes about
    // 10 s at the fastest rate Chromium plays), and the time its making may take.
    test.setTimeout(90_000 + TRACK_MADE_MS);
    const { account, student } = await ownClassOfOne(ownClass);
    // Recording on: the cold read's recorder shows the words in the reader's view too.
    await switchRecordingOn(page);
    // The teacher assigns a lesson of another level: the home shows it first, apart.
    const assigned = await catalogLesson(page, "Second Grade");
    await assignLessons(page, student, assigned);
    // The teacher's home still loads its class: leave it before the session goes, so that no
    // call of it is refused for want of one.
    await switchToStudent(page, account, student);

    await expect(page.getByRole("heading", { name: `Hi ${student.firstname}!` })).toBeVisible();
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "learning-home-768");
    await page.setViewportSize({ width: 1280, height: 900 });

    const fromTeacher = page.getByRole("region", { name: "Lessons from your teacher" });
    await expect(fromTeacher.getByRole("link", { name: assigned.title })).toBeVisible();
    await expect(page.getByRole("region", { name: "More lessons for your level" })).toBeVisible();
    // Nothing started yet: "Continue" opens the first lesson the teacher assigned.
    await page.getByRole("link", { name: "Continue where I left off" }).click();
    await expect(page).toHaveURL(`/student/learn/${assigned.id}/read`);
    await expect(page.getByRole("heading", { name: assigned.title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    await expect(page.getByTestId("read-along-count")).toHaveText("Read-along 0 of 3");
    await trackArrived(page.locator("audio"));
    await screenshot(page, "learning-player-1280");

    // The recorder, in the usual view; there the student picks the dyslexia-friendly one.
    const steps = page.getByRole("navigation", { name: "Lesson steps" });
    await steps.getByRole("link", { name: "Cold read" }).click();
    const camera = page.getByLabel("Camera preview");
    await expect
      .poll(() => camera.evaluate((video: HTMLVideoElement) => video.videoWidth))
      .toBeGreaterThan(0);
    await shootBoth(page, "learning-recorder");
    await chooseDyslexiaView(page);
    const words = page.locator('[data-dyslexia][data-size="larger"][data-line-focus]');
    await expect(page.getByLabel("Your reading")).toHaveAttribute("data-dyslexia", "true");
    await shootBoth(page, "learning-recorder-dyslexia");

    // The view is the student's: the read-along shows it, and it stays after a reload.
    await steps.getByRole("link", { name: "Read along" }).click();
    await page.reload();
    await expect(words).toBeVisible();
    await trackArrived(page.locator("audio"));
    await shootBoth(page, "learning-player-dyslexia");

    const current = page.locator("[data-current]");
    await expect(current).toHaveCount(0);
    // Time read is sent while and when the track plays (heartbeats of kind "reading").
    const heartbeats: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/student/heartbeat")) heartbeats.push(request.postDataJSON());
    });
    await page.getByRole("button", { name: "Play" }).click();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    // The highlight moves: a word lights up, then a later one does.
    await expect(current).toHaveCount(1);
    const first = await current.getAttribute("data-word");
    await expect(current).not.toHaveAttribute("data-word", first ?? "");
    // The line in focus is the one the highlighted word is on.
    await expect(words.locator("[data-focused] [data-current]")).toHaveCount(1);
    await screenshot(page, "learning-player-playing-1280");
    await page.evaluate(() => {
      const audio = document.querySelector("audio");
      if (audio) audio.playbackRate = 16;
    });

    // Counted once it has played to its end: about 10 s.
    await expect(page.getByTestId("read-along-count")).toHaveText("Read-along 1 of 3", {
      timeout: 20_000,
    });
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    await expect
      .poll(() => heartbeats)
      .toContainEqual(expect.objectContaining({ lesson: assigned.id, kind: "reading" }));
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "learning-player-768");

    // The home shows the read-along too.
    await page.goto("/");
    await expect(fromTeacher.getByText("Read-alongs 1/3")).toBeVisible();
  });
});
