import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { describe, expect, it, onTestFinished } from "vitest";
import { probeMedia, readCues } from "../../../test/media-probe.ts";
import { localStorage } from "../../adapters/storage.ts";
import { passageOf, rowsOf, TUTOR_STORIES, TutorVideos, tutorVideoKeys } from "./tutor-videos.ts";

describe("making a tutor story video with espeak-ng and ffmpeg", () => {
  it("reads the passage over drawn pictures, with a caption where each line is heard, saying meanwhile when it will be ready", async () => {
    const root = mkdtempSync(join(tmpdir(), "refrain-tutor-test-"));
    const store = localStorage(root);
    const videos = new TutorVideos(store, { generate: false, log: pino({ level: "silent" }) });
    const story = TUTOR_STORIES[0];
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    // The other five are made already: only the first is left to make.
    for (const other of TUTOR_STORIES.slice(1))
      await store.put(tutorVideoKeys(other.id).video, Buffer.from("made"));
    expect((await videos.list())[0]?.readyIn).toBeNull();

    const making = videos.makeMissing();
    // Before one is made here, the estimate is what the first start measured (45 s each).
    const estimate = (await videos.list())[0]?.readyIn;
    expect(estimate).toBeGreaterThan(30);
    expect(estimate).toBeLessThanOrEqual(45);
    expect((await videos.list())[1]?.readyIn).toBeNull();
    expect(await making).toMatchObject({ made: 1 });

    const keys = tutorVideoKeys(story.id);
    const probed = await probeMedia(join(root, keys.video));
    expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ["video", "h264"],
      ["audio", "aac"],
    ]);
    expect(probed.streams[0]).toMatchObject({ width: 960, height: 540 });
    expect(probed.duration).toBeGreaterThan(20);
    expect(probed.duration).toBeLessThan(40);

    const cues = readCues((await store.get(keys.captions))?.toString() ?? "");
    expect(cues.map((c) => c.text)).toEqual(passageOf(story).lines.flat());
    for (const [i, cue] of cues.entries()) {
      expect(cue.end - cue.start).toBeGreaterThan(0.3);
      expect(cues[i + 1]?.start ?? probed.duration).toBeGreaterThan(cue.end);
    }
    // The title card comes first, and the video ends a little after the last line.
    expect(cues[0]?.start).toBeGreaterThan(2);
    expect(probed.duration - (cues.at(-1)?.end ?? 0)).toBeGreaterThan(1);
    expect(probed.duration - (cues.at(-1)?.end ?? 0)).toBeLessThan(2);

    const thumbnail = await store.get(keys.thumbnail);
    expect(thumbnail?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await videos.list())[0]).toMatchObject({
      videos: [{ type: "video/mp4", path: `/media/tutor-videos/${story.id}/video.mp4` }],
      readyIn: null,
    });
    // About 4 s on a quiet machine; over 30 s while the other test worker runs ffmpeg too.
  }, 120_000);

  it("cuts a long line into rows of about equal length at spaces", () => {
    expect(rowsOf("Ant finds a crumb.")).toEqual(["Ant finds a crumb."]);
    const rows = rowsOf("In seventeen thirty-one, on a Maryland farm, he was born,");
    expect(rows).toEqual(["In seventeen thirty-one, on a", "Maryland farm, he was born,"]);
  });

  it("reads six passages of our own demo lessons, each with its own id", () => {
    expect(new Set(TUTOR_STORIES.map((s) => s.id)).size).toBe(6);
    for (const story of TUTOR_STORIES)
      expect(passageOf(story).lines.flat().length).toBeGreaterThan(6);
  });
});
