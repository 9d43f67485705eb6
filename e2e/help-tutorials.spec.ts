import type { Locator, Page } from "@playwright/test";
import { TUTORIALS } from "@refrain/domain";
import { expect, screenshot, signInAs, teacher, test } from "./fixtures.ts";
import { openFromMenu } from "./journey-steps.ts";

/** Presses Tab until `target` has the focus, as someone on a keyboard gets there. */
async function tabTo(page: Page, target: Locator, most = 20) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** The carousel moves on every 4 seconds (classroom spec §9). */
const ROTATION_MS = 4000;

const playing = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => ({
    paused: element.paused,
    at: element.currentTime,
  }));

test.describe("Tutorials", () => {
  // The carousel moves by itself only for a reader whose system does not ask for less motion.
  test.use({ reducedMotion: "no-preference" });
  test("a teacher watches a tutor video: the carousel moves by itself, stops, and plays by keyboard", async ({
    page,
  }) => {
    // The e2e server makes the tutor videos once their list is first asked for
    // (TUTOR_VIDEOS=on-request): the first takes a while on two busy cores.
    test.setTimeout(150_000);
    // The page's timers run on a clock the journey can move on: the carousel's 4 seconds pass
    // when the journey says, not while it sleeps.
    await page.clock.install();
    await page.setViewportSize({ width: 1024, height: 800 });
    await signInAs(page, teacher);
    await openFromMenu(page, "Resources", "Tutorials");
    await expect(page).toHaveURL("/tutorials");
    await expect(page.getByRole("heading", { name: "Tutorials", level: 1 })).toBeVisible();
    for (const tutorial of Object.values(TUTORIALS))
      await expect(page.getByRole("article", { name: tutorial.title })).toContainText(
        tutorial.intro,
      );

    const carousel = page.getByRole("region", { name: "Tutor videos" });
    const dots = carousel.getByRole("button", { name: /^Show / });
    await expect(dots).toHaveCount(6);
    await expect(carousel.getByRole("group", { name: /of 6$/ })).toHaveCount(6);
    // A video still being made says about when it will be ready, and offers no player. The
    // videos are made on request, and other journeys' pages may have asked already: none may be
    // left to make by now (the carousel's component test shows the notice whatever the order).
    const preparing = carousel.getByRole("group").filter({ hasText: "being prepared" });
    await expect(
      preparing.filter({
        hasNotText: /It should be ready (within a minute|in about \d+ minutes)\./,
      }),
    ).toHaveCount(0);
    await expect(
      preparing.filter({ has: page.getByRole("button", { name: /^Play video: / }) }),
    ).toHaveCount(0);
    // The pointer away from the slides, which it would hold still.
    await page.mouse.move(1, 1);
    const current = carousel.locator('[aria-current="true"]');
    const first = (await current.getAttribute("aria-label")) ?? "";
    await page.clock.runFor(ROTATION_MS);
    await expect(current).not.toHaveAttribute("aria-label", first);

    await carousel.getByRole("button", { name: "Pause slideshow" }).click();
    const play = carousel.getByRole("button", { name: "Play slideshow" });
    await expect(play).toBeFocused();
    const still = await dots.evaluateAll((all) =>
      all.findIndex((dot) => dot.getAttribute("aria-current") === "true"),
    );
    // Two of the carousel's intervals pass, and then Next moves one slide on from where Pause
    // left it: had the slides moved by themselves meanwhile, Next would land further.
    await page.clock.runFor(2 * ROTATION_MS);
    await carousel.getByRole("button", { name: "Next video" }).click();
    await expect(dots.nth((still + 1) % 6)).toHaveAttribute("aria-current", "true");
    // Back on Play, where a keyboard user's Tab reaches the slides.
    await play.focus();

    // The first story is made first; until then its slide says it is being prepared.
    const slide = carousel.getByRole("button", { name: /^Play video: / }).first();
    await expect(slide).toBeVisible({ timeout: 120_000 });
    await screenshot(page, "help-tutorials-1024");
    await page.keyboard.press("Tab");
    await expect(slide).toBeFocused();
    const title = ((await slide.getAttribute("aria-label")) ?? "").replace("Play video: ", "");
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    const video = dialog.locator("video");
    await expect(video.locator('track[kind="captions"]')).toHaveCount(1);
    await expect
      .poll(async () => (await playing(video)).at, { timeout: 20_000 })
      .toBeGreaterThan(1);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.mode))
      .toBe("showing");

    // Pause, then stop, from the keyboard.
    await tabTo(page, dialog.getByRole("button", { name: "pause", exact: true }));
    await page.keyboard.press("Space");
    await expect.poll(async () => (await playing(video)).paused).toBe(true);
    expect((await playing(video)).at).toBeGreaterThan(1);
    // Paused, the controls stay in view.
    await screenshot(page, "help-tutorials-video-1024");
    await tabTo(page, dialog.getByRole("button", { name: "Stop" }));
    await page.keyboard.press("Enter");
    await expect.poll(() => playing(video)).toEqual({ paused: true, at: 0 });
    // The captions go off and on again.
    const captions = dialog.getByRole("button", { name: "Captions" });
    await tabTo(page, captions);
    await expect(captions).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Enter");
    await expect(captions).toHaveAttribute("aria-pressed", "false");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.mode))
      .toBe("hidden");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(slide).toBeFocused();

    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "help-tutorials-768");
  });
});
