import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, screenshot, signInAs, staff, test } from "./fixtures.ts";
import { openFromMenu } from "./journey-steps.ts";
import { TRACK_MADE_MS, trackArrived } from "./lesson-track.ts";

// The server runs with LESSON_TRACKS=on-request: opening the lesson makes its track.
test("staff play a lesson's track and replace its word timings, a bad file refused", async ({
  page,
  consoleGuard,
}) => {
  // Its own 30 s, and the time the track's making may take.
  test.setTimeout(30_000 + TRACK_MADE_MS);
  // The bad timings file is refused with 422, which Chromium logs.
  consoleGuard.allow(/status of 422/);
  await signInAs(page, staff);
  await openFromMenu(page, "Lessons", "Lesson Tracks");
  await expect(page).toHaveURL("/staff/lessons/tracks");

  // The list of every lesson scrolls; its axe check runs while it is open (a scrolling region
  // a keyboard cannot reach is a finding, unless it is the combobox's own listbox).
  await page.getByRole("combobox", { name: "Lesson" }).click();
  const choice = page.getByRole("option", { name: "Fly, Kite, Fly!" });
  await expect(choice).toBeVisible();
  await screenshot(page, "lesson-tracks-list", { fullPage: false });
  await choice.click();
  const audio = page.locator("audio");
  await trackArrived(audio);
  // Chromium reads the track's length, seeks near its end (a Range request) and plays.
  const played = await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    element.currentTime = element.duration - 2;
    await new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
    await element.play();
    return { duration: element.duration, at: element.currentTime };
  });
  expect(played.duration).toBeGreaterThan(20);
  expect(played.at).toBeGreaterThan(played.duration - 3);

  // The timings as Chromium's own WebVTT parser reads them: one cue per word, in order.
  const src = (await audio.getAttribute("src")) as string;
  const cues = await page.evaluate(async (trackSrc) => {
    const element = document.querySelector("audio") as HTMLAudioElement;
    const track = Object.assign(document.createElement("track"), {
      kind: "metadata",
      src: trackSrc.replace("/track", "/words.vtt"),
    });
    element.append(track);
    const loaded = new Promise((resolve) => track.addEventListener("load", resolve));
    // A track added once the audio has chosen its tracks is not chosen by `default`: it stays
    // disabled and never loads (repeated runs, the track already made, hung here). Hidden, it
    // loads without showing.
    track.track.mode = "hidden";
    await loaded;
    return [...(track.track.cues ?? [])].map((c) => [(c as VTTCue).id, (c as VTTCue).text]);
  }, src);
  expect(cues.slice(0, 4)).toEqual([
    ["0", "Sam"],
    ["1", "has"],
    ["2", "a"],
    ["3", "kite."],
  ]);
  await screenshot(page, "lesson-tracks");

  const dir = mkdtempSync(join(tmpdir(), "refrain-e2e-vtt-"));
  const bad = join(dir, "bad.vtt");
  writeFileSync(
    bad,
    "WEBVTT\n\n1\n00:00:05.000 --> 00:00:06.000\nA\n\n0\n00:00:01.000 --> 00:00:02.000\nB\n",
  );
  const timingsInput = page.getByRole("button", { name: "New word timings (.vtt)" });
  const [badChooser] = await Promise.all([page.waitForEvent("filechooser"), timingsInput.click()]);
  await badChooser.setFiles(bad);
  await page.getByRole("button", { name: "Replace" }).last().click();
  await expect(page.getByRole("alert")).toHaveText("Cue 2: out of order");
  await screenshot(page, "lesson-tracks-bad-timings");

  // The file it serves, sent back: replaced, and nothing changes for the journeys that play it.
  const good = join(dir, "words.vtt");
  writeFileSync(good, await (await page.request.get(src.replace("/track", "/words.vtt"))).body());
  const [goodChooser] = await Promise.all([page.waitForEvent("filechooser"), timingsInput.click()]);
  await goodChooser.setFiles(good);
  await page.getByRole("button", { name: "Replace" }).last().click();
  await expect(page.getByRole("status").filter({ hasText: "replaced" })).toHaveText(
    "The lesson's word timings were replaced.",
  );
});
