import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { TUTORIAL_NAMES, TUTORIALS } from "@refrain/domain";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../test/build-test-app.ts";
import { probeMedia, readCues } from "../../../test/media-probe.ts";
import { localStorage } from "../../adapters/storage.ts";
import { demoLogins } from "../../db/demo-world/world.ts";
import { recordTutorials } from "./recorder.ts";
import { TutorialVideoRecorder, tutorialVideoKeys, tutorialVideoReady } from "./tutorial-videos.ts";

const run = promisify(execFile);

/**
 * The recording against a real server in Chromium, on a page of our own rather than the built
 * web app (the API suite runs without a build): the page has the groups tutorial's first
 * control and lacks its second, as a page does until it gains its `data-tour` attributes.
 */
/** The test's folders, removed at the end. */
const folders: string[] = [];
function folder(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

function webDist() {
  const dir = folder("refrain-tutorial-web-");
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Groups</title><!--csrf--></head>
<body><h1>Groups</h1><p>Students and their reading groups.</p>
<div data-tour="groups-create"><input placeholder="New group name"> <button>Create Group</button></div>
<p>Bluebirds: Levi, Elena, Felix.</p></body></html>`,
  );
  return dir;
}

/** Log lines as objects, to read what the recording warned of. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** Pixels of the highlight's amber (#f59f00) in the frame at `seconds`. */
async function amberPixels(video: string, seconds: number) {
  const { stdout } = await run(
    "ffmpeg",
    [
      ...["-v", "error", "-ss", seconds.toFixed(2), "-i", video, "-frames:v", "1"],
      ...["-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
    ],
    { encoding: "buffer", maxBuffer: 8 * 1024 * 1024 },
  );
  let n = 0;
  for (let i = 0; i + 2 < stdout.length; i += 3) {
    const [r, g, b] = [stdout[i] as number, stdout[i + 1] as number, stdout[i + 2] as number];
    if (r > 210 && g > 130 && g < 190 && b < 60) n++;
  }
  return n;
}

let ctx: TestContext;
let url: string;
beforeAll(async () => {
  ctx = await buildTestApp({ WEB_DIST: webDist() });
  const teacher = demoLogins().find((l) => l.role === "Teacher");
  await ctx.factories.user({
    role: "teacher",
    username: teacher?.login,
    password: teacher?.password,
  });
  url = await ctx.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await ctx.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe("recording a tutorial from the product", () => {
  it("holds a screenshot per step for its narration, with captions where each was said", async () => {
    const root = folder("refrain-tutorials-");
    const store = localStorage(root);
    const { log, lines } = capturedLog();

    const result = await recordTutorials({ url, store, names: ["groups"], log });

    expect(result).toEqual({ made: ["groups"], failed: [] });
    expect(lines.find((l) => l.level === 40)).toMatchObject({
      tutorial: "groups",
      missing: ["groups-board"],
    });
    const keys = tutorialVideoKeys("groups");
    const video = join(root, keys.video);
    const probed = await probeMedia(video);
    expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ["video", "h264"],
      ["audio", "aac"],
    ]);
    expect(probed.streams[0]).toMatchObject({ width: 1280, height: 800 });

    const tutorial = TUTORIALS.groups;
    const cues = readCues((await store.get(keys.captions))?.toString() ?? "");
    expect(cues.map((c) => c.id)).toEqual(["intro", "groups-create", "groups-board"]);
    expect(cues.map((c) => c.text)).toEqual([tutorial.intro, ...tutorial.steps.map((s) => s.text)]);
    // Each slide: a 0.4 s lead, its narration, then a 0.8 s pause (1.2 s after the last),
    // rounded up to whole frames at 10 a second.
    const spoken = cues.reduce((sum, c) => sum + (c.end - c.start), 0);
    const held = spoken + 3 * 0.4 + 2 * 0.8 + 1.2;
    expect(probed.duration).toBeGreaterThanOrEqual(held - 0.01);
    expect(probed.duration).toBeLessThan(held + 0.35);
    expect(cues[0]?.start).toBeCloseTo(0.4, 3);
    for (const [i, cue] of cues.entries()) {
      expect(cue.end - cue.start).toBeGreaterThan(1);
      const next = cues[i + 1];
      if (next) expect(next.start - cue.end).toBeGreaterThanOrEqual(1.2 - 0.001);
    }

    // The first step's control is ringed in amber; the missing second one shows the page as it is.
    const middle = (i: number) => ((cues[i]?.start ?? 0) + (cues[i]?.end ?? 0)) / 2;
    expect(await amberPixels(video, middle(1))).toBeGreaterThan(1000);
    expect(await amberPixels(video, middle(2))).toBeLessThan(50);
  }, 120_000);
});

describe("the server's background recording", () => {
  it("records nothing when every tutorial is made, as on a second start", async () => {
    const store = localStorage(folder("refrain-tutorials-"));
    for (const name of TUTORIAL_NAMES)
      await store.put(tutorialVideoKeys(name).video, Buffer.from("x"));
    const { log, lines } = capturedLog();
    const recorder = new TutorialVideoRecorder(store, { mode: "all", log });

    await recorder.start(url);
    await recorder.idle();

    expect(lines).toEqual([]);
    expect(await tutorialVideoReady(store, "groups")).toBe(true);
    recorder.stop();
  });
});
