import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { isError, type SuggestionResult, scoreReading } from "@refrain/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guessProns } from "./lexicon.ts";
import { pocketsphinx, spoken } from "./pocketsphinx.ts";

const run = promisify(execFile);

/**
 * The real recogniser (Debian's pocketsphinx, installed by `npm test`) on short readings made
 * here with espeak-ng and sox, whose answers are known because we wrote what was said.
 */

const PASSAGE =
  "Sam has a kite. The kite is red. It goes up, up, over Sam's head. Go, kite, go! Fly, kite, fly!".split(
    " ",
  );

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "refrain-asr-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A 16 kHz WAV of `text` read by `voice`, shifted `cents` up (a child's shorter vocal tract). */
async function reading(name: string, text: string, voice: string, pitch: number, cents = 0) {
  const raw = join(dir, `${name}-voice.wav`);
  const out = join(dir, `${name}.wav`);
  await run("espeak-ng", ["-v", voice, "-p", String(pitch), "-s", "120", "-w", raw, text]);
  // Half a second before and a second after, as a recording has around the reading.
  await run("sox", ["-R", raw, "-r", "16000", out, "pitch", String(cents), "pad", "0.5", "1"]);
  const { stdout } = await run("soxi", ["-D", out]);
  return { path: out, seconds: Number(stdout) };
}

const suggested = (result: SuggestionResult) => {
  if (result.status !== "suggested") throw new Error(`declined: ${result.reason}`);
  return result;
};

describe("pocketsphinx", () => {
  it("finds a skipped word and where an adult reader stopped, and forgives a repetition", async () => {
    // "kite" (word 5) skipped, "goes" (word 9) said twice; the reading stops after "head."
    // (word 14).
    const clip = await reading(
      "adult",
      "Sam has a kite. The is red. It goes, it goes up, up, over Sam's head.",
      "en-us",
      50,
    );
    const result = suggested(await pocketsphinx.suggest({ audioPath: clip.path, words: PASSAGE }));
    expect(result.deviations).toContainEqual(
      expect.objectContaining({ type: "omission", index: 5 }),
    );
    // Reading "It goes" twice costs nothing: no miss is suggested there.
    const misses = result.deviations.filter((d) => isError(d.type)).map((d) => d.index);
    expect(misses).not.toContain(8);
    expect(misses).not.toContain(9);
    expect(Math.abs(result.lastIndex - 14)).toBeLessThanOrEqual(1);
    const truth = scoreReading({ lastIndex: 14, errorIndexes: [5], seconds: clip.seconds });
    expect(Math.abs(result.wcpm - (truth?.wcpm ?? 0))).toBeLessThanOrEqual(6);
    // Every heard word has its time, in passage order, inside the recording.
    const starts = result.words.map((w) => w.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(Math.max(...result.words.map((w) => w.end))).toBeLessThanOrEqual(clip.seconds);
  }, 60_000);

  it("fits a child-like voice with a frequency warp and finds where it stopped", async () => {
    const clip = await reading(
      "child",
      "Sam has a kite. The kite is red. It goes up, up, over Sam's head.",
      "en-us+f3",
      70,
      300,
    );
    const result = suggested(await pocketsphinx.suggest({ audioPath: clip.path, words: PASSAGE }));
    expect(result.tuning).not.toBe("warp 1");
    expect(Math.abs(result.lastIndex - 14)).toBeLessThanOrEqual(1);
    const truth = scoreReading({ lastIndex: 14, errorIndexes: [], seconds: clip.seconds });
    expect(Math.abs(result.wcpm - (truth?.wcpm ?? 0))).toBeLessThanOrEqual(8);
  }, 60_000);

  it("declines another text, silence, noise and a clip too short, with the reason", async () => {
    const other = await reading(
      "other",
      "Once upon a time there was a little frog who lived by a quiet pond and sang to the moon.",
      "en-us",
      50,
    );
    const silence = join(dir, "silence.wav");
    await run("sox", ["-R", "-n", "-r", "16000", silence, "trim", "0", "6"]);
    const noise = join(dir, "noise.wav");
    await run("sox", ["-R", "-n", "-r", "16000", noise, "synth", "8", "pinknoise", "vol", "0.5"]);
    const short = join(dir, "short.wav");
    await run("sox", ["-R", other.path, short, "trim", "0", "2"]);
    const reasons = [];
    for (const audioPath of [other.path, silence, noise, short])
      reasons.push(await pocketsphinx.suggest({ audioPath, words: PASSAGE }));
    expect(reasons).toEqual([
      { status: "declined", reason: "does_not_fit" },
      { status: "declined", reason: "silent" },
      { status: "declined", reason: "silent" },
      { status: "declined", reason: "too_short" },
    ]);
  }, 90_000);

  it("rejects a file that is not media, so the job retries and then fails", async () => {
    const corrupt = join(dir, "corrupt.webm");
    await writeFile(corrupt, "not a recording at all");
    await expect(pocketsphinx.suggest({ audioPath: corrupt, words: PASSAGE })).rejects.toThrow();
  });

  it("says a name the dictionary lacks as espeak-ng would", async () => {
    const guessed = await guessProns(["zorblax"]);
    expect(guessed.get("zorblax")).toEqual(["Z", "AO", "R", "B", "L", "AE", "K", "S"]);
    expect(spoken("Sam's,")).toBe("sam's");
  });
});
