import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { RECORDING_UPLOAD_PATH } from "@refrain/domain";
import { ensureFakeMedia, fakeMediaLaunch } from "./chromium.ts";
import {
  expect,
  screenshot,
  switchToStudent,
  switchToTeacher,
  takingScreenshots,
  test,
} from "./fixtures.ts";
import { assignWithRecordingOn } from "./fluency-readings.ts";
import { ownClassOfOne, shootBothWidths } from "./journey-steps.ts";

// This file's own browser: the config's launch, plus the fake devices and their files.
test.use({ launchOptions: fakeMediaLaunch });

test.beforeAll(ensureFakeMedia);

const screenshotDir = fileURLToPath(new URL("screenshots/", import.meta.url));

/** One take: 3-2-1, about three seconds of reading, then Stop; `shots` names its screenshots. */
async function recordTake(page: Page, shots: string) {
  await page.getByRole("button", { name: "Start recording" }).click();
  await expect(page.getByText(/Get ready… [123]/)).toBeVisible();
  // The countdown lasts three seconds: a quick shot of the screen, checked by the next one's axe.
  if (takingScreenshots(`${shots}-countdown`))
    await page.screenshot({ path: `${screenshotDir}${shots}-countdown.png` });
  await expect(page.getByText(/Recording 0:0[3-9] of 1:00/)).toBeVisible({ timeout: 10_000 });
  await screenshot(page, `${shots}-recording`);
  await page.getByRole("button", { name: "Stop" }).click();
  const take = page.getByLabel("Your recording");
  await expect(take).toBeVisible();
  await screenshot(page, `${shots}-listen-back`);
  return take;
}

test.describe("fluency: recording a reading", () => {
  test("a student records a cold read, sending survives a reload, and the teacher plays it", async ({
    page,
    ownClass,
    consoleGuard,
  }) => {
    test.setTimeout(150_000);
    const { account, student } = await ownClassOfOne(ownClass);
    const lesson = await assignWithRecordingOn(page, student, "Second Grade");
    await switchToStudent(page, account, student);

    // Nothing read yet: the cold read comes before the read-along.
    await page.getByRole("link", { name: "Continue where I left off" }).click();
    await expect(page).toHaveURL(`/student/learn/${lesson.id}/read`);
    const steps = page.getByRole("navigation", { name: "Lesson steps" });
    await expect(steps.getByRole("link", { name: "Hot read (locked)" })).toBeVisible();
    await steps.getByRole("link", { name: "Cold read" }).click();
    await expect(page).toHaveURL(`/student/learn/${lesson.id}/cold-read`);
    await expect(page.getByRole("heading", { name: "Cold read" })).toBeVisible();
    // The passage is on screen beside the camera.
    await expect(page.getByLabel("Your reading")).toContainText(/\w{3,}/);
    const preview = page.getByLabel("Camera preview");
    await expect
      .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth))
      .toBeGreaterThan(0);

    // A first take at 1280, redone; the second at tablet width is the one sent.
    await recordTake(page, "fluency-recorder-1280");
    await page.getByRole("button", { name: "Redo" }).click();
    await page.setViewportSize({ width: 768, height: 1024 });
    const take = await recordTake(page, "fluency-recorder-768");
    // Listen back: the take plays from a blob: URL, which the page's CSP must allow
    // (media-src 'self' blob:).
    await take.evaluate((video: HTMLVideoElement) => video.play());
    await expect
      .poll(() => take.evaluate((video: HTMLVideoElement) => video.currentTime))
      .toBeGreaterThan(0.3);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The connection drops as the first bytes go: tus tries again at once (its offset asked
    // with HEAD). That try never answers either, and the student reloads the page. The kept
    // recording is then offered again, and finishing it resumes the same upload.
    const patches: string[] = [];
    let holding = true;
    let held: () => void = () => undefined;
    const patchHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    await page.route(`**${RECORDING_UPLOAD_PATH}/**`, async (route) => {
      if (route.request().method() !== "PATCH" || !holding) return route.continue();
      patches.push(route.request().url());
      if (patches.length === 1) return route.abort("connectionfailed");
      held();
    });
    // The browser reports the dropped connection it was made to see.
    consoleGuard.allow(/net::ERR_CONNECTION_FAILED/);
    await page.getByRole("button", { name: "Send my reading" }).click();
    await patchHeld;
    expect(patches[1]).toBe(patches[0]);
    await expect(page.getByText("Sending your reading…")).toBeVisible();
    await page.reload();
    holding = false;
    const finish = page.getByRole("button", { name: "Finish sending your reading" });
    await expect(finish).toBeVisible();
    await screenshot(page, "fluency-recorder-resume-1280");
    const resumed = page.waitForResponse(
      (response) => response.url() === patches[0] && response.request().method() === "HEAD",
    );
    await finish.click();
    // tus asks the kept upload for its offset rather than starting another.
    expect((await resumed).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Your reading was sent" })).toBeVisible(
      { timeout: 20_000 },
    );
    await expect(steps.getByRole("link", { name: "Cold read (sent)" })).toBeVisible();

    // The teacher's Recorded Videos (New Fluency Videos): processing, then Complete with a picture.
    await switchToTeacher(page, account);
    await page.getByRole("menuitem", { name: "Fluency" }).click();
    await page.getByRole("menuitem", { name: "Recorded Videos" }).click();
    await expect(page).toHaveURL("/teacher/fluency/videos");
    const row = page.getByRole("row").filter({ hasText: student.lastname });
    await expect(row).toContainText("Cold Read");
    await expect(row).toContainText(lesson.title);
    await expect(row).toContainText(/\d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M/);
    // Processed, the reading opens in the grading modal, which plays it.
    const play = row.getByRole("button", { name: /^Grade Video/ });
    // The server's job may finish before the list first loads; when it has not, the row says
    // how it stands and the list asks again by itself.
    await expect(row.getByTestId("transcode-status").or(play)).toBeVisible();
    if (await row.getByTestId("transcode-status").isVisible()) {
      await expect(row.getByTestId("transcode-status")).toHaveText(/Queued|Processing/);
      await screenshot(page, "fluency-videos-processing-1280");
    }
    await expect(play).toBeVisible({ timeout: 60_000 });
    const thumbnail = row.locator("img");
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await shootBothWidths(page, "fluency-videos");

    // Playback seeks: the processed video has a duration, and a jump into it lands.
    await play.click();
    const video = page.getByRole("dialog").locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(2);
    const landed = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.pause();
          v.addEventListener("seeked", () => resolve(v.currentTime), { once: true });
          v.currentTime = v.duration / 2;
        }),
    );
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(Math.abs(landed - duration / 2)).toBeLessThan(0.5);
    await screenshot(page, "fluency-videos-playing-1280");
    await page.keyboard.press("Escape");

    // An ungraded cold read may be deleted, after the spec's confirmation.
    await row.getByRole("button", { name: /Delete .* Cold Read/ }).click();
    await expect(page.getByRole("dialog")).toContainText("This action cannot be undone!");
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("No fluency videos are available at this time")).toBeVisible();
  });
});
