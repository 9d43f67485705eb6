import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { splitLyrics } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { inPool, makeTrack, spokenForm, wavSamples } from "./synthesize.ts";
import { parseWordCues, writeWordCues } from "./vtt.ts";

const run = promisify(execFile);

/** The audio's duration as ffprobe reads it from the WebM file itself. */
async function probeDuration(audio: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "refrain-probe-"));
  try {
    const file = join(dir, "track.webm");
    await writeFile(file, audio);
    const { stdout } = await run("ffprobe", [
      ...["-v", "error", "-show_entries", "format=duration:stream=codec_name"],
      ...["-of", "default=noprint_wrappers=1", file],
    ]);
    expect(stdout).toContain("codec_name=opus");
    return Number(/duration=([\d.]+)/.exec(stdout)?.[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("making a lesson track with espeak-ng and ffmpeg", () => {
  it("speaks every word in order over the beat, with cues where the words were placed", async () => {
    const words = splitLyrics("Sam has a kite.\nIt goes up, up!\n\n— Fly!");
    const track = await makeTrack(words);

    expect(track.cues.map((c) => c.text)).toEqual(words.map((w) => w.text));
    expect(track.cues.map((c) => c.index)).toEqual(words.map((_, i) => i));
    for (const [i, cue] of track.cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      const next = track.cues[i + 1];
      if (next) expect(next.start).toBeGreaterThan(cue.end);
    }
    // Spoken words last a tenth of a second to a second; the dash says nothing and gets the
    // short silent cue.
    for (const cue of track.cues.filter((c) => c.text !== "—")) {
      expect(cue.end - cue.start).toBeGreaterThan(0.1);
      expect(cue.end - cue.start).toBeLessThan(1.2);
    }
    // A new line and a new stanza pause longer than the gap between two words.
    const gap = (i: number) =>
      (track.cues[i + 1]?.start as number) - (track.cues[i]?.end as number);
    expect(gap(3)).toBeGreaterThan(gap(0));
    expect(gap(7)).toBeGreaterThan(gap(3));

    // The audio is as long as the cues say, and the cues survive the trip through WebVTT.
    const last = track.cues.at(-1)?.end as number;
    const duration = await probeDuration(track.audio);
    expect(duration).toBeGreaterThan(last);
    expect(Math.abs(duration - track.duration)).toBeLessThan(0.1);
    expect(parseWordCues(writeWordCues(track.cues), words.length)).toHaveLength(words.length);
  }, 30_000);

  it("says a word without the punctuation around it", () => {
    expect(spokenForm("up,")).toBe("up");
    expect(spokenForm("“Sam's”")).toBe("sam's");
    expect(spokenForm("—")).toBe("");
  });

  it("reads the samples of a WAV file, skipping chunks before the data", () => {
    const header = Buffer.from("RIFF\0\0\0\0WAVE", "latin1");
    const list = Buffer.concat([
      Buffer.from("LIST", "latin1"),
      Buffer.from([3, 0, 0, 0, 1, 2, 3, 0]),
    ]);
    const data = Buffer.concat([
      Buffer.from("data", "latin1"),
      Buffer.from([4, 0, 0, 0]),
      Buffer.from(new Int16Array([1000, -2000]).buffer),
    ]);
    expect([...wavSamples(Buffer.concat([header, list, data]))]).toEqual([1000, -2000]);
  });

  it("runs work at most `limit` at a time and keeps the order of the results", async () => {
    let running = 0;
    let most = 0;
    const results = await inPool([5, 1, 3, 2], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 30, 20]);
    expect(most).toBe(2);
  });
});
