import type { Locator } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * How long a lesson's track may take to come. The journeys' server makes a track when it is
 * first asked for (LESSON_TRACKS=on-request in playwright.config.ts), with espeak-ng and ffmpeg
 * at the lowest CPU and I/O priority (adapters/helper-process.ts): on a machine busy with the
 * other journeys (or anything else) that is the time they leave it, not the few seconds it
 * takes alone. Journeys that wait for a track add this to their own time.
 */
export const TRACK_MADE_MS = 150_000;

/**
 * Waits until the player's `audio` has its track, made and sent: what follows (the words
 * lighting up, a play through to the end) is then the track playing, in its own time.
 */
export async function trackArrived(audio: Locator) {
  await expect
    .poll(
      () =>
        audio.evaluate((element: HTMLAudioElement) => element.readyState >= element.HAVE_METADATA),
      { message: "the lesson's track arrives", timeout: TRACK_MADE_MS },
    )
    .toBe(true);
}
