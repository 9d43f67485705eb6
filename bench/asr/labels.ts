import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DeclineReason } from "@refrain/domain";
import type { LabelDeviation } from "@refrain/domain/fluency/synthetic-reading";

/**
 * The labelled evaluation set of suggested scoring (issue 20): what `generate.ts` writes and
 * `score.ts` reads. Bump SET_VERSION whenever what the generator makes changes: the set is
 * cached under its version, so an old set is never scored as a new one.
 */
export const SET_VERSION = 5;
export const SEED = 20;
export const SET_DIR = fileURLToPath(
  new URL(`.cache/set-v${SET_VERSION}-seed${SEED}/`, import.meta.url),
);
export const LABELS_FILE = join(SET_DIR, "labels.json");

/** Noise mixed in, dB below the speech; null for clean (a faint floor only, see generate.ts). */
export type NoiseDb = null | 20 | 10;

/**
 * Which half of the set a reading is in: the engine is tuned on one, and measured on the other,
 * whose voices and passages the tuning never heard.
 */
export type Part = "tuning" | "held-out";

export interface VoiceLabel {
  name: string;
  kind: "adult" | "child";
  part: Part;
  /** espeak-ng's voice and pitch (0–99, 50 its normal). */
  espeak: string;
  pitch: number;
  /** sox `pitch` shift of the whole spectrum (formants with it), in cents; 0 for none. */
  cents: number;
}

/** One synthetic reading and what truly happened in it. */
export interface ReadingEntry {
  id: string;
  part: Part;
  lesson: string;
  /** The passage words (lesson_words.text), as the recogniser is given them. */
  words: string[];
  voice: VoiceLabel;
  /** The planned reading rate, words a minute (hesitations and slips make it slower). */
  rate: number;
  noiseDb: NoiseDb;
  /** The WAV's file name in SET_DIR. */
  audio: string;
  /** The clip's duration: the minute's timer, or sooner when the reader stopped or finished. */
  seconds: number;
  stoppedEarly: boolean;
  deviations: LabelDeviation[];
  lastIndex: number;
  wpm: number;
  wcpm: number;
}

/** A recording the engine should decline, with the reasons that would be right. */
export interface BadInputEntry {
  id: string;
  what: string;
  lesson: string;
  words: string[];
  audio: string;
  seconds: number;
  expect: "declined";
  reasons: DeclineReason[];
}

export interface LabelledSet {
  version: number;
  seed: number;
  readings: ReadingEntry[];
  badInputs: BadInputEntry[];
}

export async function readSet(): Promise<LabelledSet> {
  return JSON.parse(await readFile(LABELS_FILE, "utf8")) as LabelledSet;
}
