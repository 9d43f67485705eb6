import type { PathStep } from "@refrain/domain";

/**
 * Pure rules about a decoded path (issue 38), apart from the engine that makes it so that each
 * is unit-tested: whether the path has lost its place, and what a flag's confidence means.
 */

/**
 * A path that goes back over the passage far more often than a reader re-reads has lost its
 * place: an independent set's child-like voice at 20 dB looped over the passage's start 22 and
 * 61 times until the recording ended, and was suggested 70 and 79 WCPM off. Readers go back a
 * word or two now and then (about one word in twenty in the labelled set), and a path takes a
 * few more back steps over a slow reader's pauses: at 6 and 15 % the check declined readings
 * of 43 words with 8 back steps that were scored within 1 WCPM (bench/asr, set v5).
 */
export const LOOP = { least: 12, share: 0.25 };

/** True when the path went back more than LOOP allows for the words it read. */
export function loops(steps: readonly PathStep[], wordsRead: number): boolean {
  const backs = steps.filter((s) => s.kind === "back").length;
  return backs > Math.max(LOOP.least, LOOP.share * wordsRead);
}

/** Per error type, raw confidence → how often such a flag was right, rising (bench/asr/tune.ts). */
export type Calibration = Record<
  "omission" | "substitution",
  readonly (readonly [raw: number, likely: number])[]
>;

/** The most likely a suggestion is ever said to be: a guess from a recording is never certain. */
export const MOST_LIKELY = 0.95;

/**
 * A raw confidence (the share of voters that found a flag) as how likely such a flag is right: the likelihood of the highest calibration point at or below
 * it (the first point's below all of them), at most MOST_LIKELY.
 */
export function calibrated(points: Calibration["omission"], raw: number): number {
  let likely = points[0]?.[1] ?? raw;
  for (const [at, p] of points) if (raw >= at - 1e-9) likely = p;
  return Math.min(MOST_LIKELY, likely);
}
