import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeMedia } from "../../../test/media-probe.ts";
import { spokenForm } from "../lessons/index.ts";
import { cachedReadingClip, makeReadingClip, planReading } from "./demo-media.ts";

const WORDS = (
  "Sam has a red kite. It goes up, up, up into the sky! The wind pulls hard on the string " +
  "and Sam holds on tight. His sister Sara laughs and runs beside him across the hill."
).split(" ");

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "refrain-demo-media-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What ffprobe reads from the file's bytes (test/media-probe.ts). */
async function probe(bytes: Buffer) {
  const file = join(dir, `probe-${Math.random()}.webm`);
  await writeFile(file, bytes);
  return probeMedia(file);
}

describe("synthetic readings", () => {
  it("are planned from a seed: the same seed the same reading, with few skips and swaps", () => {
    const long = Array.from({ length: 40 }, () => WORDS).flat();
    expect(planReading(long, 7, 60)).toEqual(planReading(long, 7, 60));
    expect(planReading(long, 7, 60)).not.toEqual(planReading(long, 8, 60));
    const plans = Array.from({ length: 30 }, (_, seed) => planReading(long, seed, 60));
    const reached = plans.reduce((n, p) => n + p.reached, 0);
    const omitted = plans.reduce((n, p) => n + p.omitted.length, 0) / reached;
    const swapped = plans.reduce((n, p) => n + p.substituted.length, 0) / reached;
    expect(omitted).toBeGreaterThan(0.02);
    expect(omitted).toBeLessThan(0.08);
    expect(swapped).toBeGreaterThan(0.005);
    expect(swapped).toBeLessThan(0.05);
    // A hot read is faster and slips less than a cold one of the same reader.
    const practised = Array.from({ length: 30 }, (_, seed) => planReading(long, seed, 60, true));
    const slips = (list: typeof plans) =>
      list.reduce((n, p) => n + p.omitted.length + p.substituted.length, 0) /
      list.reduce((n, p) => n + p.reached, 0);
    expect(slips(practised)).toBeLessThan(slips(plans));
    expect(Math.min(...practised.map((p) => p.rate))).toBeGreaterThan(
      Math.min(...plans.map((p) => p.rate)),
    );
    for (const p of plans) {
      expect(p.rate).toBeGreaterThanOrEqual(90);
      expect(p.rate).toBeLessThanOrEqual(140);
      // A minute at the reader's rate, and a few words more.
      expect(p.reached).toBe(p.rate + 5);
      expect(p.omitted).not.toContain(0);
      // Another word of the passage, starting with the same letter.
      for (const s of p.substituted) {
        const meant = spokenForm(long[s.index] as string);
        expect(s.said).not.toBe(meant);
        expect(s.said[0]).toBe(meant[0]);
        expect(long.map(spokenForm)).toContain(s.said);
      }
    }
  });

  it("are real WebM: VP8 at 640x360 with Opus, about as long as planned", async () => {
    const clip = await makeReadingClip({
      words: WORDS,
      firstName: "Mia",
      lessonTitle: "Sam's Kite",
      seed: 3,
      seconds: 2.5,
      lyricsOnly: false,
    });
    const facts = await probe(clip.webm);
    expect(facts.format).toContain("webm");
    expect(facts.streams.map((s) => s.codec_name).sort()).toEqual(["opus", "vp8"]);
    expect(facts.streams.find((s) => s.codec_type === "video")).toMatchObject({
      width: 640,
      height: 360,
    });
    expect(clip.duration).toBe(2.5);
    expect(Math.abs(facts.duration - clip.duration)).toBeLessThan(0.15);
  }, 30_000);

  it("are sound only for lyrics only, and made once into the cache", async () => {
    const spec = {
      words: WORDS.slice(0, 6),
      firstName: "Leo",
      lessonTitle: "Sam's Kite",
      seed: 4,
      seconds: 30,
      lyricsOnly: true,
    };
    const path = join(dir, "cache", "leo.webm");
    const bytes = await cachedReadingClip(path, spec);
    const facts = await probe(bytes);
    expect(facts.streams.map((s) => s.codec_name)).toEqual(["opus"]);
    // Six words end well before the 30 s asked for: the clip stops a second after the last.
    expect(facts.duration).toBeGreaterThan(1.5);
    expect(facts.duration).toBeLessThan(8);
    expect(await readFile(path)).toEqual(bytes);
    // A second call reads the stored clip, even one changed on disk: nothing is made again.
    await writeFile(path, Buffer.from("kept"));
    expect((await cachedReadingClip(path, spec)).toString()).toBe("kept");
  }, 30_000);
});
