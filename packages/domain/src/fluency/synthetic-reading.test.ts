import { describe, expect, it } from "vitest";
import {
  DEFAULT_SLIPS,
  labelReading,
  type PlanSource,
  phrasesOf,
  planReading,
  type ReadingStep,
  type SlipRates,
  shareOut,
  type TimedStep,
  timePhrase,
} from "./synthetic-reading.ts";

/** Steps said one after another, each `each` seconds long (an omission takes no time). */
function timed(steps: ReadingStep[], each = 0.5): TimedStep[] {
  let time = 0;
  return steps.map((step) => {
    const start = time;
    if (step.kind !== "omit") time += each;
    return { ...step, start, end: time };
  });
}

const read = (index: number): ReadingStep => ({ kind: "read", index });
const readAll = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => read(from + i));
/** Words 0–4 read, `step` at word 5, then words `from` to 9 read. */
const atWord5 = (step: ReadingStep, from: number) => [...readAll(0, 4), step, ...readAll(from, 9)];

/** A source whose dice always roll `roll`, with "horse" as every word's near miss. */
const fixed = (roll: number, substitute: string | null = "horse"): PlanSource => ({
  next: () => roll,
  substitute: () => substitute,
});
const none: SlipRates = {
  omission: 0,
  substitution: 0,
  insertion: 0,
  repetition: 0,
  selfCorrection: 0,
  hesitation: 0,
};
// Spoken forms: the dash of the passage has nothing to say.
const words = ["the", "house", "is", "", "big"];

describe("labelReading", () => {
  it("labels a clean reading with no deviations and scores it over the recording", () => {
    const label = labelReading(timed(readAll(0, 9)), 30);
    expect(label).toEqual({ deviations: [], lastIndex: 9, wpm: 20, wcpm: 20 });
  });

  it("labels words passed over before the last word read as omissions (errors)", () => {
    const label = labelReading(
      timed([...readAll(0, 2), { kind: "omit", index: 3 }, ...readAll(4, 9)]),
      30,
    );
    expect(label.deviations).toEqual([{ type: "omission", index: 3 }]);
    expect(label).toMatchObject({ lastIndex: 9, wpm: 20, wcpm: 19 });
  });

  it("does not count a word skipped just before the reader stopped: it was not reached", () => {
    const label = labelReading(timed([...readAll(0, 5), { kind: "omit", index: 6 }]), 30);
    expect(label).toMatchObject({ deviations: [], lastIndex: 5 });
  });

  it("labels a word said as another as a substitution (an error) with what was heard", () => {
    const label = labelReading(
      timed(atWord5({ kind: "substitute", index: 5, said: "horse" }, 6)),
      30,
    );
    expect(label.deviations).toEqual([{ type: "substitution", index: 5, heard: "horse" }]);
    expect(label.wcpm).toBe(19);
  });

  it("labels an added word as an insertion before the next word, not an error", () => {
    const label = labelReading(timed(atWord5({ kind: "insert", index: 5, said: "um" }, 5)), 30);
    expect(label.deviations).toEqual([{ type: "insertion", index: 5, heard: "um" }]);
    expect(label).toMatchObject({ lastIndex: 9, wcpm: 20 });
  });

  it("labels words read again as repetitions, one each, not errors", () => {
    const again: ReadingStep[] = [
      { kind: "repeat", index: 3 },
      { kind: "repeat", index: 4 },
    ];
    const label = labelReading(timed([...readAll(0, 4), ...again, ...readAll(5, 9)]), 30);
    expect(label.deviations).toEqual([
      { type: "repetition", index: 3 },
      { type: "repetition", index: 4 },
    ]);
    expect(label).toMatchObject({ lastIndex: 9, wcpm: 20 });
  });

  it("labels a wrong try read right afterwards as a self-correction, counted correct", () => {
    const label = labelReading(timed(atWord5({ kind: "attempt", index: 5, said: "horse" }, 5)), 30);
    expect(label.deviations).toEqual([{ type: "self_correction", index: 5, heard: "horse" }]);
    expect(label.wcpm).toBe(20);
  });

  it("labels a wrong try as a substitution when the recording ends before the correction", () => {
    const steps = [...readAll(0, 4), { kind: "attempt", index: 5, said: "horse" }, read(5)];
    // Five words of 0.5 s, then the try (2.5–3.0 s); the correction (3.0–3.5 s) is cut off.
    const label = labelReading(timed(steps as ReadingStep[]), 3.1);
    expect(label.deviations).toEqual([{ type: "substitution", index: 5, heard: "horse" }]);
    expect(label.lastIndex).toBe(5);
  });

  it("takes the last word read as the last one at least half in the recording", () => {
    const steps = timed(readAll(0, 9));
    // Word 6 spans 3.0–3.5 s: at 3.2 s its middle is in, at 3.3 s it is not.
    expect(labelReading(steps, 3.3).lastIndex).toBe(6);
    expect(labelReading(steps, 3.2).lastIndex).toBe(5);
  });

  it("drops what was said after the recording ended", () => {
    const steps = timed([
      ...readAll(0, 4),
      { kind: "omit", index: 5 },
      read(6),
      { kind: "substitute", index: 7, said: "x" },
    ]);
    const label = labelReading(steps, 2.5);
    expect(label).toMatchObject({ lastIndex: 4, deviations: [] });
  });
});

describe("planReading", () => {
  it("reads every word right with no slips", () => {
    expect(planReading(words, fixed(0), none)).toEqual(readAll(0, 4));
  });

  it("never slips on the first word or on a word with nothing to say", () => {
    const steps = planReading(words, fixed(0), { ...none, omission: 1 });
    expect(steps).toEqual([
      read(0),
      { kind: "omit", index: 1 },
      { kind: "omit", index: 2 },
      read(3),
      { kind: "omit", index: 4 },
    ]);
  });

  it("says a near miss for a substitution, or reads right when there is none", () => {
    const slips = { ...none, substitution: 1 };
    expect(planReading(words.slice(0, 2), fixed(0), slips)[1]).toEqual({
      kind: "substitute",
      index: 1,
      said: "horse",
    });
    expect(planReading(words.slice(0, 2), fixed(0, null), slips)[1]).toEqual(read(1));
  });

  it("follows a wrong try with the word read right for a self-correction", () => {
    const steps = planReading(words.slice(0, 2), fixed(0), { ...none, selfCorrection: 1 });
    expect(steps.slice(1)).toEqual([{ kind: "attempt", index: 1, said: "horse" }, read(1)]);
  });

  it("adds a short word before a word for an insertion", () => {
    const steps = planReading(words.slice(0, 2), fixed(0), { ...none, insertion: 1 });
    expect(steps.slice(1)).toEqual([{ kind: "insert", index: 1, said: "the" }, read(1)]);
  });

  it("reads one word or two again for a repetition", () => {
    const steps = planReading(words.slice(0, 3), fixed(0), { ...none, repetition: 1 });
    // Word 1 goes back one word (word 0 was read, the roll of 0 says "two back"): 0 and 1 again.
    expect(steps.slice(0, 4)).toEqual([
      read(0),
      read(1),
      { kind: "repeat", index: 0 },
      { kind: "repeat", index: 1 },
    ]);
  });

  it("puts a hesitation before whatever comes first at a word", () => {
    const steps = planReading(words.slice(0, 2), fixed(0), {
      ...none,
      insertion: 1,
      hesitation: 1,
    });
    expect(steps[1]).toEqual({ kind: "insert", index: 1, said: "the", pause: 0.5 });
    expect(steps[2]).toEqual(read(1));
  });

  it("labels its own plans consistently: every planned slip before the end is labelled", () => {
    let seed = 1;
    const source: PlanSource = {
      next: () => {
        seed = (seed * 16807) % 2147483647;
        return seed / 2147483647;
      },
      substitute: (i) => `near${i}`,
    };
    const passage = Array.from({ length: 400 }, (_, i) => `w${i}`);
    const steps = planReading(passage, source, { ...DEFAULT_SLIPS, omission: 0.1 });
    const label = labelReading(timed(steps), 1000);
    const planned = (kind: ReadingStep["kind"]) => steps.filter((s) => s.kind === kind).length;
    const labelled = (type: string) => label.deviations.filter((d) => d.type === type).length;
    expect(labelled("self_correction")).toBe(planned("attempt"));
    expect(labelled("substitution")).toBe(planned("substitute"));
    expect(labelled("insertion")).toBe(planned("insert"));
    expect(labelled("repetition")).toBe(planned("repeat"));
    expect(labelled("omission")).toBe(planned("omit") - (steps.at(-1)?.kind === "omit" ? 1 : 0));
    expect(planned("omit")).toBeGreaterThan(20);
  });
});

describe("phrasesOf", () => {
  // Words 0–2 are line 0, words 3–5 line 1.
  const lineOf = (index: number) => (index < 3 ? 0 : 1);

  it("says a line in one breath and starts the next line anew", () => {
    const phrases = phrasesOf(readAll(0, 5), lineOf, 10);
    expect(phrases.map((p) => p.map((s) => s.index))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
  });

  it("breaks before a hesitation and after maxWords words said", () => {
    const steps: ReadingStep[] = [read(0), { kind: "read", index: 1, pause: 1 }, read(2)];
    expect(phrasesOf(steps, lineOf, 10).map((p) => p.length)).toEqual([1, 2]);
    expect(phrasesOf(readAll(0, 2), lineOf, 1).map((p) => p.length)).toEqual([1, 1, 1]);
  });

  it("keeps an omission in its phrase and counts only words said", () => {
    const steps: ReadingStep[] = [read(0), { kind: "omit", index: 1 }, read(2)];
    expect(phrasesOf(steps, lineOf, 2)).toEqual([steps]);
  });

  it("keeps a repetition of the line before as a phrase of its own line", () => {
    const steps: ReadingStep[] = [...readAll(0, 3), { kind: "repeat", index: 2 }, read(4)];
    expect(phrasesOf(steps, lineOf, 10).map((p) => p.map((s) => s.index))).toEqual([
      [0, 1, 2],
      [3],
      [2],
      [4],
    ]);
  });
});

describe("timePhrase and shareOut", () => {
  it("times the words said end to end and an omission at no time where it falls", () => {
    const steps: ReadingStep[] = [read(0), { kind: "omit", index: 1 }, read(2)];
    const timedSteps = timePhrase(steps, 10, shareOut(10, 13, [1, 2]));
    expect(timedSteps.map(({ start, end }) => [start, end])).toEqual([
      [10, 11],
      [11, 11],
      [11, 13],
    ]);
  });

  it("refuses ends that run backwards", () => {
    expect(() => timePhrase(readAll(0, 1), 5, [6, 5.5])).toThrow();
  });
});
