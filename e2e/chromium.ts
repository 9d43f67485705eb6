import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Debian's Chromium, never a downloaded browser, without what a test run has no use for: its
 * headless shell (Debian's chromium-headless-shell), the build Playwright itself runs headless.
 * The full browser in headless mode draws its window and runs its GPU process for nobody: over
 * the same journeys its processes took about a quarter more CPU, on two cores shared with the
 * server.
 */
export const chromiumLaunch = {
  executablePath: "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/**
 * Chromium's fake camera and microphone, fed by files made once per machine (an espeak-ng
 * reading padded to 10 s, and ffmpeg's test picture) in node_modules/.cache, which git ignores
 * and Playwright's output cleaning leaves alone. The names are fixed because the browser's
 * arguments are fixed before any test runs.
 */
const mediaDir = fileURLToPath(new URL("../node_modules/.cache/e2e-media/", import.meta.url));
const speech = join(mediaDir, "speech.wav");
const picture = join(mediaDir, "picture.y4m");

/** The launch of a journey that records: the usual one, with the fake devices and their files. */
export const fakeMediaLaunch = {
  ...chromiumLaunch,
  args: [
    ...chromiumLaunch.args,
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-video-capture=${picture}`,
    `--use-file-for-fake-audio-capture=${speech}`,
    "--autoplay-policy=no-user-gesture-required",
  ],
};

/** Makes a file with `make(tmp)` unless it is there; renamed into place whole, for runs side by side. */
function ensure(file: string, make: (tmp: string) => void) {
  if (existsSync(file)) return;
  mkdirSync(mediaDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp${file.slice(file.lastIndexOf("."))}`;
  make(tmp);
  renameSync(tmp, file);
}

/** Makes the fake devices' files `fakeMediaLaunch` names, once per machine (a `beforeAll`). */
export function ensureFakeMedia() {
  ensure(speech, (tmp) => {
    const raw = `${tmp}.raw.wav`;
    execFileSync("espeak-ng", ["-s", "120", "-w", raw, "The cat sat on the mat. I can read it!"]);
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", raw, "-af", "apad", "-t", "10", tmp]);
    rmSync(raw);
  });
  ensure(picture, (tmp) =>
    execFileSync("ffmpeg", [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15"],
      ...["-t", "10", "-pix_fmt", "yuv420p", tmp],
    ]),
  );
}
