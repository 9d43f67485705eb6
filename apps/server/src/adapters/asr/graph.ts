/**
 * The search graph of one passage (a pocketsphinx FSG): the recogniser may only walk the
 * passage, so what it hears is read as "which word, and how it went wrong". State i means
 * "the first i words are behind the reader". From state i:
 *
 * - `p<i>`: word i read, to i + 1;
 * - `s<i>_<n>`: a near neighbour of word i said instead (a substitution), to i + 1;
 * - nothing (a null arc): word i skipped (an omission), to i + 1 (or words i to i + 2, to
 *   i + 3);
 * - `b<j>`: word j (one of the last few) read again, to j + 1 (a repetition, or a
 *   self-correction when word j had been said wrong);
 * - nothing, to the end: the reader stopped here; the words after are "not reached".
 *
 * Every word gets its own dictionary entry, so a chorus sung twice is still two places.
 */

export interface GraphWeights {
  read: number;
  substitute: number;
  omit: number;
  back: number;
  stop: number;
}

export const DEFAULT_WEIGHTS: GraphWeights = {
  read: 0.9,
  // A quarter of the first guess (0.02): bench/asr/sweep.ts found WCPM error 3.1 against 4.0.
  substitute: 0.005,
  omit: 0.02,
  back: 0.01,
  stop: 0.002,
};

export interface GraphWord {
  /** How it is said: CMU phones. */
  phones: string[];
  /** Near neighbours, each its phones and its spelling (what the teacher is told was heard). */
  neighbours: { word: string; phones: string[] }[];
}

export interface Graph {
  fsg: string;
  /** Dictionary entries the graph uses: label and phones. */
  entries: [string, string][];
  /** What each substitution label was heard as. */
  heard: Map<string, string>;
}

/** The most words one skip passes over. */
export const SKIP_WORDS = 3;

/** How far back a re-read may start: a reader repeats a word or two, rarely more. */
export const BACK_WORDS = 3;

export function passageGraph(
  words: readonly GraphWord[],
  w: GraphWeights = DEFAULT_WEIGHTS,
): Graph {
  const n = words.length;
  const final = n + 1;
  const lines: string[] = [];
  const entries: [string, string][] = [];
  const heard = new Map<string, string>();
  const arc = (from: number, to: number, p: number, label?: string) =>
    lines.push(`TRANSITION ${from} ${to} ${p.toPrecision(4)}${label ? ` ${label}` : ""}`);
  words.forEach((word, i) => {
    const phones = word.phones.join(" ");
    entries.push([`p${i}`, phones], [`b${i}`, phones]);
    arc(i, i + 1, w.read, `p${i}`);
    // pocketsphinx follows one null arc at a time, so skipping two or three words in a row
    // (a line's end) needs arcs of its own.
    for (let k = 1; k <= SKIP_WORDS && i + k <= n; k++) arc(i, i + k, w.omit ** k);
    word.neighbours.forEach((neighbour, k) => {
      const label = `s${i}_${k}`;
      entries.push([label, neighbour.phones.join(" ")]);
      heard.set(label, neighbour.word);
      arc(i, i + 1, w.substitute / word.neighbours.length, label);
    });
    for (let j = Math.max(0, i - BACK_WORDS); j < i; j++)
      arc(i, j + 1, w.back / BACK_WORDS, `b${j}`);
    if (i > 0 && w.stop > 0) arc(i, final, w.stop);
  });
  arc(n, final, 1);
  const fsg = [
    "FSG_BEGIN passage",
    `NUM_STATES ${n + 2}`,
    "START_STATE 0",
    `FINAL_STATE ${final}`,
    ...lines,
    "FSG_END",
    "",
  ].join("\n");
  return { fsg, entries, heard };
}
