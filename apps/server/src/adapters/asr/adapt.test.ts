import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adaptModel, confirmedWords } from "./adapt.ts";
import { pocketsphinx } from "./pocketsphinx.ts";

const run = promisify(execFile);

describe("the words a teacher confirmed", () => {
  it("are the passage up to the last word read, less the missed ones, as they are said", () => {
    const words = ["Sam", "has", "a", "kite.", "—", "The", "kite"];
    expect(confirmedWords(words, 5, new Set([2]))).toEqual(["sam", "has", "kite", "the"]);
  });
});

/**
 * Debian's sphinxtrain (installed by `npm test`) on four short readings in one child-like voice
 * made here: the transform it learns is one the recogniser reads.
 */
describe("adapting the model", () => {
  const PASSAGE = "The little boat rocks on the pond. A duck swims past it and looks at the sail.";
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "refrain-adapt-test-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** `text` read in a high voice, 400 cents up, with a little silence around it, as M4A. */
  async function reading(name: string, text: string) {
    const raw = join(dir, `${name}.wav`);
    const out = join(dir, `${name}.m4a`);
    await run("espeak-ng", ["-v", "en-us+f3", "-p", "70", "-s", "120", "-w", raw, text]);
    const up = join(dir, `${name}-up.wav`);
    // -R: sox dithers with the same numbers every run, so the reading is the same every run.
    await run("sox", ["-R", raw, up, "pitch", "400", "pad", "0.5", "1"]);
    await run("ffmpeg", ["-v", "error", "-y", "-i", up, "-ar", "48000", "-c:a", "aac", out]);
    return out;
  }

  it("learns an MLLR transform from confirmed readings, which suggesting then applies", async () => {
    const words = PASSAGE.split(" ");
    const learnt = await Promise.all(
      [8, 12, 16, 17].map(async (n, i) => ({
        audioPath: await reading(`learn-${i}`, words.slice(0, n).join(" ")),
        said: confirmedWords(words, n - 1, new Set()),
      })),
    );
    const out = join(dir, "mllr_matrix");
    await adaptModel(learnt, out);
    // One class; the model's three streams of 13 dimensions, each a 13 × 13 matrix, a bias
    // and variance scales: all numbers.
    const values = (await readFile(out, "utf8")).trim().split(/\s+/).map(Number);
    expect(values.slice(0, 3)).toEqual([1, 3, 13]);
    expect(values).toHaveLength(2 + 3 * (1 + 13 * 13 + 13 + 13));
    expect(values.every(Number.isFinite)).toBe(true);

    const heard = await reading("check", words.slice(0, 12).join(" "));
    const result = await pocketsphinx.suggest({ audioPath: heard, words, adaptation: out });
    expect(result.status).toBe("suggested");
  }, 120_000);
});
