import { expect, screenshot, test } from "./fixtures.ts";
import { TRACK_MADE_MS, trackArrived } from "./lesson-track.ts";

test.describe("Listening to a lesson", () => {
  test("a teacher plays a lesson's song on its page, stops it, and opens its exam", async ({
    page,
    ownClass,
  }) => {
    // Its own 30 s, and the time the track's making may take.
    test.setTimeout(30_000 + TRACK_MADE_MS);
    const songRequests: string[] = [];
    page.on("request", (request) => {
      if (/\/media\/lessons\/\d+\/track$/.test(new URL(request.url()).pathname))
        songRequests.push(request.url());
    });
    await page.setViewportSize({ width: 1024, height: 900 });
    await ownClass();
    await page.goto("/lessons");
    await page.getByRole("link", { name: /Drip Drop Journey/ }).click();
    await expect(page.getByRole("heading", { name: "Listen", level: 2 })).toBeVisible();
    const player = page.getByRole("region", { name: "audio player" });
    const audio = player.locator("audio");
    await expect(audio).toHaveAttribute("aria-label", "Drip Drop Journey read-along");
    await screenshot(page, "lessons-listen-1024");
    // Opening the page fetched nothing: the song loads (and is made) on Play.
    expect(songRequests).toEqual([]);

    await player.getByRole("button", { name: "play", exact: true }).click();
    await trackArrived(audio);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(0.5);
    await expect(player.getByRole("button", { name: "pause", exact: true })).toBeVisible();

    // Stop from the keyboard: paused, and back at the start.
    await player.getByRole("button", { name: "Stop" }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() =>
        audio.evaluate((element: HTMLAudioElement) => [element.paused, element.currentTime]),
      )
      .toEqual([true, 0]);
    // Space presses the focused button too, rather than playing through media-chrome.
    await page.keyboard.press("Space");
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused))
      .toBe(true);
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "lessons-listen-768");

    await page.getByRole("link", { name: "View the Exam" }).click();
    await expect(page).toHaveURL(/\/lessons\/\d+\/exam\/1$/);
  });
});
