import { z } from "zod";
import { keysOf } from "../validation.ts";
import { correctWordsPerMinute, wpmFromLastWord } from "./measures.ts";

/**
 * Suggested scoring of a reading (issue 20): where each passage word was read, the likely
 * misses, the last word read and the words correct per minute, worked out on our own server by
 * offline speech recognition. A suggestion never grades: the teacher accepts, corrects or clears
 * it in the grading modal, and the grade records which marks came from accepted suggestions.
 */

export const DEVIATION_TEXT = {
  omission: "Skipped",
  substitution: "Said another word",
  insertion: "Added a word",
  repetition: "Repeated",
  self_correction: "Corrected themself",
};
export const DEVIATION_TYPES = keysOf(DEVIATION_TEXT);
export type DeviationType = (typeof DEVIATION_TYPES)[number];

/**
 * What a teacher marks missed (grading spec §4: a missed word costs one): a word skipped or
 * said as another. A self-correction ends right, a repetition and an added word cost nothing.
 */
export const ERROR_TYPES: readonly DeviationType[] = ["omission", "substitution"];
export const isError = (type: DeviationType) => ERROR_TYPES.includes(type);

/** Why no suggestion was made, in words for the teacher. */
export const DECLINE_TEXT = {
  too_noisy: "The recording is too noisy to suggest a score.",
  does_not_fit: "The speech does not fit this passage closely enough to suggest a score.",
  too_short: "The recording is too short to suggest a score.",
  silent: "No reading was heard in this recording.",
};
export const DECLINE_REASONS = keysOf(DECLINE_TEXT);
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Where a passage word was heard: its index in the passage, and seconds into the recording. */
export const timedWord = z.object({
  index: z.number().int().min(0),
  start: z.number(),
  end: z.number(),
});
export type TimedWord = z.infer<typeof timedWord>;

/**
 * One suggested deviation. `index` is the passage word it concerns (for an insertion, the word
 * it came before); `heard` is what was said instead, for a substitution; `confidence` 0–1.
 */
export const deviation = z.object({
  type: z.enum(DEVIATION_TYPES),
  index: z.number().int().min(0),
  heard: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  start: z.number(),
  end: z.number(),
});
export type Deviation = z.infer<typeof deviation>;

/** What an engine made of one reading: a suggestion, or why it declined to make one. */
export const suggestionResult = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("suggested"),
    /** The passage words heard, in passage order, each once (its first reading). */
    words: z.array(timedWord),
    deviations: z.array(deviation),
    /** The last passage word read within the timed minute. */
    lastIndex: z.number().int().min(0),
    wpm: z.number(),
    wcpm: z.number(),
    /** How the engine fitted this voice, for the record (pocketsphinx: the frequency warp). */
    tuning: z.string(),
  }),
  z.object({ status: z.literal("declined"), reason: z.enum(DECLINE_REASONS) }),
]);
export type SuggestionResult = z.infer<typeof suggestionResult>;

/** The first minute is the timed reading (the recorder's timer stops there). */
export const TIMED_SECONDS = 60;

/**
 * WPM and WCPM the way a teacher scores them (grading spec §3, §4): the words up to and
 * including the last word read, over the minutes read; each missed word (skipped or said as
 * another, up to the last word) costs one. Null when there is nothing to score.
 */
export function scoreReading(facts: {
  lastIndex: number;
  errorIndexes: readonly number[];
  seconds: number;
}): { wpm: number; wcpm: number } | null {
  const wpm = wpmFromLastWord(facts.lastIndex + 1, Math.min(facts.seconds, TIMED_SECONDS));
  if (wpm === null) return null;
  const errors = new Set(facts.errorIndexes.filter((i) => i <= facts.lastIndex)).size;
  return { wpm, wcpm: correctWordsPerMinute(wpm, -errors) ?? 0 };
}

// ───────────────────────── Reading a path through the passage ─────────────────────────

/**
 * One step of the recogniser's path: a passage word read (`read`), said as something else
 * (`substitute`, with what was heard), read again (`back`), or a word said that the passage
 * does not have here (`insert`). Times in seconds.
 */
export type PathStep =
  | { kind: "read" | "back"; index: number; start: number; end: number }
  | { kind: "substitute"; index: number; heard: string; start: number; end: number }
  | { kind: "insert"; before: number; heard: string; start: number; end: number };

export interface ReadPath {
  words: TimedWord[];
  deviations: Omit<Deviation, "confidence">[];
  /** The furthest word read (or said wrong), -1 when none. */
  furthest: number;
}

/**
 * What a path through the passage says the reader did. Words passed over going forward are
 * omissions; a word said as another is a substitution, which becomes a self-correction when the
 * reader goes back and reads it right; words read again are repetitions. Words after the
 * furthest one reached are "not reached", never omitted. Ground already covered (after going
 * back) marks nothing new but those repetitions and corrections.
 */
export function readPath(steps: readonly PathStep[]): ReadPath {
  const words = new Map<number, TimedWord>();
  const deviations: Omit<Deviation, "confidence">[] = [];
  const wrong = new Map<number, Omit<Deviation, "confidence">>();
  let furthest = -1;
  for (const step of steps) {
    if (step.kind === "insert") {
      deviations.push({
        type: "insertion",
        index: step.before,
        heard: step.heard,
        start: step.start,
        end: step.end,
      });
      continue;
    }
    const { index, start, end } = step;
    if (index > furthest) {
      // New ground: everything between the furthest word and this one was skipped.
      for (let skipped = furthest + 1; skipped < index; skipped++) {
        const omission = {
          type: "omission" as const,
          index: skipped,
          heard: null,
          start,
          end: start,
        };
        deviations.push(omission);
        wrong.set(skipped, omission);
      }
      furthest = index;
      if (step.kind === "substitute") {
        const sub = { type: "substitution" as const, index, heard: step.heard, start, end };
        deviations.push(sub);
        wrong.set(index, sub);
      } else words.set(index, { index, start, end });
    } else if (step.kind !== "substitute") {
      // Old ground read again: a word once said wrong and now right was corrected.
      const earlier = wrong.get(index);
      if (earlier?.type === "substitution") {
        earlier.type = "self_correction";
        wrong.delete(index);
        if (!words.has(index)) words.set(index, { index, start, end });
      } else deviations.push({ type: "repetition", index, heard: null, start, end });
    }
  }
  return {
    words: [...words.values()].sort((a, b) => a.index - b.index),
    deviations: deviations.sort((a, b) => a.index - b.index || a.start - b.start),
    furthest,
  };
}

/** The last word read by the end of the timed minute, -1 when none was. */
export function lastWordWithin(path: ReadPath, seconds = TIMED_SECONDS): number {
  let last = -1;
  for (const word of path.words) if (word.start < seconds) last = Math.max(last, word.index);
  for (const d of path.deviations)
    if (d.type === "substitution" && d.start < seconds) last = Math.max(last, d.index);
  return last;
}
