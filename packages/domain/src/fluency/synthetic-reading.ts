import { type DeviationType, isError, scoreReading } from "./suggestions.ts";

/**
 * The plan and the true labels of a synthetic reading, for the labelled evaluation set of
 * suggested scoring (issue 20, `bench/asr/`). Pure, so that what counts as an omission, a
 * self-correction or the last word read is tested here; the bench only makes the sound.
 */

/**
 * One thing the reader does, in order: read a passage word (`read`, or `repeat` when it is
 * read again), skip it (`omit`, nothing said), say another word in its place (`substitute`),
 * try a wrong word and then read it right (`attempt`, followed by a `read` of the same word),
 * or add a word the passage does not have (`insert`, before passage word `index`).
 * `pause` is a hesitation before it, in seconds.
 */
export type ReadingStep =
  | { kind: "read" | "repeat" | "omit"; index: number; pause?: number }
  | { kind: "substitute" | "attempt" | "insert"; index: number; said: string; pause?: number };

/** A step where it was said, in seconds into the recording (an omission: start = end). */
export type TimedStep = ReadingStep & { start: number; end: number };

export interface LabelDeviation {
  type: DeviationType;
  /** The passage word; for an insertion, the word it came before. */
  index: number;
  /** What was said instead (substitution, self-correction) or added (insertion). */
  heard?: string;
}

export interface ReadingLabel {
  deviations: LabelDeviation[];
  /** The last passage word read (or said wrong) within the recording, -1 when none was. */
  lastIndex: number;
  wpm: number;
  wcpm: number;
}

/** Chances per word of each slip; a hesitation is a pause of 0.5–2 s before a word. */
export interface SlipRates {
  omission: number;
  substitution: number;
  insertion: number;
  repetition: number;
  selfCorrection: number;
  hesitation: number;
}

export const DEFAULT_SLIPS: SlipRates = {
  omission: 0.04,
  substitution: 0.04,
  insertion: 0.02,
  repetition: 0.03,
  selfCorrection: 0.02,
  hesitation: 0.08,
};

/** Short words a reader adds: teachers do not count them. */
export const INSERTED_WORDS = ["the", "a", "and", "so", "um", "then"] as const;

export interface PlanSource {
  /** A number in [0, 1), from a seeded generator so a plan is the same on every run. */
  next(): number;
  /** A word said in place of passage word `index` (a near miss), or null when there is none. */
  substitute(index: number): string | null;
}

/**
 * What a reader does with the whole passage, word by word. `spoken[i]` is word i as said
 * (empty for a "word" with nothing to say, a dash: it is read silently and never slipped on).
 * The first word is always read right: a reading starts where the passage does. The recording
 * decides where the reading ends (the timer, or the reader stopping).
 */
export function planReading(
  spoken: readonly string[],
  source: PlanSource,
  slips: SlipRates = DEFAULT_SLIPS,
): ReadingStep[] {
  const steps: ReadingStep[] = [];
  const chance = (p: number) => source.next() < p;
  const pick = <T>(list: readonly T[]) => list[Math.floor(source.next() * list.length)] as T;
  // A hesitation comes before whatever the reader does next at a word.
  let pause: number | undefined;
  const push = (step: ReadingStep) => {
    steps.push(pause === undefined ? step : { ...step, pause });
    pause = undefined;
  };
  for (const [index, form] of spoken.entries()) {
    pause = chance(slips.hesitation) ? 0.5 + 1.5 * source.next() : undefined;
    if (index === 0 || !form) {
      push({ kind: "read", index });
      continue;
    }
    if (chance(slips.insertion)) push({ kind: "insert", index, said: pick(INSERTED_WORDS) });
    // One slip at most per word, tried in a fixed order so the chances stay as given.
    const roll = source.next();
    const wrong = source.substitute(index);
    if (roll < slips.omission) push({ kind: "omit", index });
    else if (wrong && roll < slips.omission + slips.substitution)
      push({ kind: "substitute", index, said: wrong });
    else if (wrong && roll < slips.omission + slips.substitution + slips.selfCorrection) {
      push({ kind: "attempt", index, said: wrong });
      push({ kind: "read", index });
    } else readOn(index);
  }
  return steps;

  /** Word `index` read right, and now and then read again from one word back or two. */
  function readOn(index: number) {
    const previous = steps.at(-1);
    push({ kind: "read", index });
    if (chance(slips.repetition)) {
      // Back one word, or two when the one before was read, and on again.
      const twoBack = previous?.kind === "read" && previous.index === index - 1 && chance(0.5);
      for (let again = twoBack ? index - 1 : index; again <= index; again++)
        steps.push({ kind: "repeat", index: again });
    }
  }
}

/**
 * The labels of a reading whose steps were said at the given times, in a recording of
 * `seconds` (the timer's minute at most). A word counts as said when at least half of it is in
 * the recording (cut off sooner, no one hears which word it was). Labels follow the teachers'
 * rules: words passed over before the last word read are omissions, words after it were not
 * reached; a wrong try read right afterwards is a self-correction (correct); insertions and
 * repetitions are not errors. WPM and WCPM come from `scoreReading`, as a teacher's grade.
 */
export function labelReading(steps: readonly TimedStep[], seconds: number): ReadingLabel {
  const said = steps.filter((s) => s.kind !== "omit" && (s.start + s.end) / 2 < seconds);
  const lastIndex = said.reduce(
    (last, s) => (s.kind === "insert" ? last : Math.max(last, s.index)),
    -1,
  );
  const deviations: LabelDeviation[] = [];
  for (const step of steps.filter((s) => s.kind === "omit" && s.index < lastIndex))
    deviations.push({ type: "omission", index: step.index });
  said.forEach((step, at) => {
    if (step.kind === "substitute")
      deviations.push({ type: "substitution", index: step.index, heard: step.said });
    else if (step.kind === "insert")
      deviations.push({ type: "insertion", index: step.index, heard: step.said });
    else if (step.kind === "repeat") deviations.push({ type: "repetition", index: step.index });
    else if (step.kind === "attempt") {
      const corrected = said.slice(at + 1).some((s) => s.kind === "read" && s.index === step.index);
      deviations.push({
        type: corrected ? "self_correction" : "substitution",
        index: step.index,
        heard: step.said,
      });
    }
  });
  deviations.sort((a, b) => a.index - b.index);
  const errorIndexes = deviations.filter((d) => isError(d.type)).map((d) => d.index);
  const score = scoreReading({ lastIndex, errorIndexes, seconds }) ?? { wpm: 0, wcpm: 0 };
  return { deviations, lastIndex, ...score };
}

/**
 * Connected speech: the steps a reader says in one breath, in order. A phrase ends where the
 * passage's breath groups do (`groupOf` a passage word's: its line, or for a fluent reader its
 * sentence), before a hesitation, and once it holds `maxWords` words said: a slow reader says a
 * word at a time. An omission says nothing and stays in the phrase it falls in.
 */
export function phrasesOf(
  steps: readonly ReadingStep[],
  groupOf: (index: number) => number,
  maxWords: number,
): ReadingStep[][] {
  const phrases: ReadingStep[][] = [];
  let current: ReadingStep[] = [];
  let said = 0;
  let lastGroup: number | null = null;
  for (const step of steps) {
    if (step.kind === "omit") {
      current.push(step);
      continue;
    }
    const group = groupOf(step.index);
    const breaks = step.pause !== undefined || group !== lastGroup || said >= maxWords;
    if (said > 0 && breaks) {
      phrases.push(current);
      current = [];
      said = 0;
    }
    current.push(step);
    said++;
    lastGroup = group;
  }
  if (current.length > 0) phrases.push(current);
  return phrases;
}

/**
 * A phrase's steps in time: the said ones end at `saidEnds` (seconds, one per step said, in
 * order), each starting where the one before ended, the first at `start`; an omission takes no
 * time, where it falls.
 */
export function timePhrase(
  steps: readonly ReadingStep[],
  start: number,
  saidEnds: readonly number[],
): TimedStep[] {
  let at = start;
  let said = 0;
  return steps.map((step) => {
    if (step.kind === "omit") return { ...step, start: at, end: at };
    const end = saidEnds[said++];
    if (end === undefined || end < at) throw new Error("A phrase's word ends out of order");
    const timed = { ...step, start: at, end };
    at = end;
    return timed;
  });
}

/** Ends of consecutive spans sharing `start`–`end` in proportion to their weights. */
export function shareOut(start: number, end: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  let sum = 0;
  return weights.map((w) => {
    sum += w;
    return start + ((end - start) * sum) / total;
  });
}
