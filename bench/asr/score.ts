/**
 * `node bench/asr/score.ts [--filter <text>] [--part tuning|held-out] [--direct] [--limit <n>]
 * [--json <file>]`: how good suggested scoring (issues 20, 38) is on the labelled set
 * `generate.ts` made. Runs the engine on every labelled reading (two at a time: the machine has
 * two cores) as a student's recording reaches it: the clip encoded as Chromium's recorder does
 * (Opus, 48 kHz mono, 128 kb/s WebM), then as the processing job keeps it (M4A, AAC 96 kb/s);
 * `--direct` gives it the WAV instead. Prints, per group of voices and noise and overall, the
 * held-out part's figure with the tuning part's in brackets: the share suggested, precision and
 * recall of the errors it flags, how it reported the deviations that are not errors, false
 * alarms per 100 words read, its error in words correct per minute and in the last word read,
 * how often it declined, its time against the audio's, and how often a flag shown as N % likely
 * was right. Bad inputs must be declined with the expected reason, never crash.
 *
 * `--filter` keeps the clips whose id contains the text ("child-b", "10db", "bad-"); `--part`
 * one half; `--limit` the first n of those; `--json` also writes the numbers to a file, with
 * each reading's flags; `--all-flags` keeps every flag whatever its confidence, for tune.ts.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  DEVIATION_TYPES,
  type Deviation,
  type DeviationType,
  isError,
  type SuggestionResult,
  suggestionResult,
} from "@refrain/domain";
import {
  pocketsphinx,
  pocketsphinxWith,
  TUNED,
} from "../../apps/server/src/adapters/asr/pocketsphinx.ts";
import { inPool } from "../../apps/server/src/areas/lessons/tracks/synthesize.ts";
import { productionAudio } from "./clips.ts";
import { type BadInputEntry, type Part, type ReadingEntry, readSet, SET_DIR } from "./labels.ts";

const PARALLEL = 2;
const ERROR_TYPES = DEVIATION_TYPES.filter(isError);
const OTHER_TYPES = DEVIATION_TYPES.filter((t) => !isError(t));

interface Run<E> {
  entry: E;
  /** The engine's answer, or null when it threw (`failure` says what). */
  result: SuggestionResult | null;
  failure: string | null;
  /** Wall-clock seconds the engine took. */
  elapsed: number;
}

let direct = false;
let engine = pocketsphinx;

/** The engine on one clip, timed; whatever it throws or returns malformed is a failure. */
async function runEngine<E extends ReadingEntry | BadInputEntry>(entry: E): Promise<Run<E>> {
  const audioPath = direct ? join(SET_DIR, entry.audio) : await productionAudio(entry);
  const started = performance.now();
  try {
    const answer = await engine.suggest({ audioPath, words: entry.words });
    const result = suggestionResult.parse(answer);
    return { entry, result, failure: null, elapsed: (performance.now() - started) / 1000 };
  } catch (error) {
    const failure = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    return { entry, result: null, failure, elapsed: (performance.now() - started) / 1000 };
  }
}

// ───────────────────────────── Measures ─────────────────────────────

interface Ratio {
  hits: number;
  of: number;
}

/** Mean, 90th percentile and shares within 2, 3 and 5, and over 20, of absolute differences. */
interface Spread {
  n: number;
  mean: number | null;
  p90: number | null;
  within2: number | null;
  within3: number | null;
  within5: number | null;
  over20: number | null;
}

function spread(differences: number[]): Spread {
  const n = differences.length;
  if (n === 0)
    return { n, mean: null, p90: null, within2: null, within3: null, within5: null, over20: null };
  const sorted = differences.toSorted((a, b) => a - b);
  const share = (keep: (d: number) => boolean) => sorted.filter(keep).length / n;
  return {
    n,
    mean: sorted.reduce((a, b) => a + b, 0) / n,
    // Nearest rank: the smallest difference at least 90 % of the readings are within.
    p90: sorted[Math.ceil(0.9 * n) - 1] as number,
    within2: share((d) => d <= 2),
    within3: share((d) => d <= 3),
    within5: share((d) => d <= 5),
    over20: share((d) => d > 20),
  };
}

interface GroupNumbers {
  readings: number;
  declined: number;
  failed: number;
  /** Precision (hits of flags) and recall (hits of labelled) per error type and for any error. */
  precision: Record<DeviationType | "errors", Ratio>;
  recall: Record<DeviationType | "errors", Ratio>;
  /** Labelled deviations that are not errors, by what the engine said at that word. */
  reported: Record<string, { same: number; asError: number; otherType: number; nothing: number }>;
  falseAlarms: number;
  /** Errors flagged after the true last word: words not reached, so not "read correctly". */
  pastLastWord: number;
  wordsRead: number;
  wcpm: Spread;
  lastWord: Spread;
  audioSeconds: number;
  engineSeconds: number;
  slowest: number;
  /** Every error flagged, with the confidence shown and whether the label has an error there. */
  flags: { confidence: number; right: boolean }[];
}

const noTally = () => ({ same: 0, asError: 0, otherType: 0, nothing: 0 });
const ratio = (): Ratio => ({ hits: 0, of: 0 });
const perType = () =>
  Object.fromEntries([...DEVIATION_TYPES, "errors"].map((t) => [t, ratio()])) as Record<
    DeviationType | "errors",
    Ratio
  >;

/** Which labelled deviations the suggestion found, and which of its flags were right. */
function countDeviations(numbers: GroupNumbers, entry: ReadingEntry, found: Deviation[]) {
  const labelled = entry.deviations;
  const labelAt = (index: number, type: DeviationType) =>
    labelled.some((d) => d.index === index && d.type === type);
  const errorAt = (index: number, list: { index: number; type: DeviationType }[]) =>
    list.some((d) => d.index === index && isError(d.type));
  for (const d of found) {
    numbers.precision[d.type].of++;
    if (labelAt(d.index, d.type)) numbers.precision[d.type].hits++;
    if (!isError(d.type)) continue;
    numbers.precision.errors.of++;
    if (errorAt(d.index, labelled)) numbers.precision.errors.hits++;
    else if (d.index > entry.lastIndex) numbers.pastLastWord++;
    else numbers.falseAlarms++;
  }
  for (const d of labelled) {
    numbers.recall[d.type].of++;
    if (found.some((f) => f.index === d.index && f.type === d.type)) numbers.recall[d.type].hits++;
    if (isError(d.type)) {
      numbers.recall.errors.of++;
      if (errorAt(d.index, found)) numbers.recall.errors.hits++;
      continue;
    }
    const there = found.filter((f) => f.index === d.index);
    const tally = numbers.reported[d.type] ?? noTally();
    numbers.reported[d.type] = tally;
    if (there.some((f) => f.type === d.type)) tally.same++;
    else if (there.some((f) => isError(f.type))) tally.asError++;
    else if (there.length > 0) tally.otherType++;
    else tally.nothing++;
  }
}

function measure(runs: Run<ReadingEntry>[]): GroupNumbers {
  const numbers: GroupNumbers = {
    readings: runs.length,
    declined: 0,
    failed: 0,
    precision: perType(),
    recall: perType(),
    reported: {},
    falseAlarms: 0,
    pastLastWord: 0,
    wordsRead: 0,
    wcpm: spread([]),
    lastWord: spread([]),
    audioSeconds: runs.reduce((a, r) => a + r.entry.seconds, 0),
    engineSeconds: runs.reduce((a, r) => a + r.elapsed, 0),
    slowest: Math.max(0, ...runs.map((r) => r.elapsed / r.entry.seconds)),
    flags: [],
  };
  const wcpm: number[] = [];
  const lastWord: number[] = [];
  for (const { entry, result } of runs) {
    if (!result) numbers.failed++;
    else if (result.status === "declined") numbers.declined++;
    else {
      // Flags are measured on the readings suggested; declining is reported on its own.
      countDeviations(numbers, entry, result.deviations);
      for (const d of result.deviations.filter((f) => isError(f.type)))
        numbers.flags.push({
          confidence: d.confidence,
          right: entry.deviations.some((l) => l.index === d.index && isError(l.type)),
        });
      numbers.wordsRead += entry.lastIndex + 1;
      wcpm.push(Math.abs(result.wcpm - entry.wcpm));
      lastWord.push(Math.abs(result.lastIndex - entry.lastIndex));
    }
  }
  return { ...numbers, wcpm: spread(wcpm), lastWord: spread(lastWord) };
}

const GROUPS: { name: string; has: (r: ReadingEntry) => boolean }[] = [
  { name: "adult clean", has: (r) => r.voice.kind === "adult" && r.noiseDb === null },
  { name: "adult 20 dB", has: (r) => r.voice.kind === "adult" && r.noiseDb === 20 },
  { name: "child clean", has: (r) => r.voice.kind === "child" && r.noiseDb === null },
  { name: "child 20 dB", has: (r) => r.voice.kind === "child" && r.noiseDb === 20 },
  { name: "all 10 dB", has: (r) => r.noiseDb === 10 },
  { name: "all readings", has: () => true },
];

// ───────────────────────────── Report ─────────────────────────────

const pct = (x: number | null) => (x === null ? "—" : `${Math.round(100 * x)} %`);
const num = (x: number | null, digits = 1) => (x === null ? "—" : x.toFixed(digits));
const share = ({ hits, of }: Ratio) => (of === 0 ? "—" : `${pct(hits / of)} (${hits}/${of})`);

function table(head: string[], rows: string[][]) {
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log("");
}

/** A group's numbers in each half of the set (either may be empty when filtered). */
type Halves = Record<Part, GroupNumbers>;

/** A figure of both halves: the held-out one, the tuning one in brackets. */
function both(halves: Halves, figure: (g: GroupNumbers) => string) {
  const [held, tuning] = [halves["held-out"], halves.tuning];
  if (held.readings === 0) return `(${figure(tuning)})`;
  return tuning.readings === 0 ? figure(held) : `${figure(held)} (${figure(tuning)})`;
}

function report(groups: [string, Halves][], bad: Run<BadInputEntry>[]) {
  if (groups.length > 0) reportReadings(groups);
  if (bad.length > 0) reportBad(bad);
}

function reportReadings(groups: [string, Halves][]) {
  console.log("\nEach figure: held-out part (tuning part).\n");
  console.log("Errors flagged (precision, recall) on the readings suggested:\n");
  table(
    [
      "group",
      "readings",
      "suggested",
      "failed",
      "errors P",
      "errors R",
      "omission P",
      "omission R",
      "substitution P",
      "substitution R",
      "false alarms /100 words",
      "past last word",
    ],
    groups.map(([name, g]) => [
      name,
      both(g, (x) => String(x.readings)),
      both(g, (x) => pct(x.readings ? x.wcpm.n / x.readings : null)),
      both(g, (x) => String(x.failed)),
      both(g, (x) => share(x.precision.errors)),
      both(g, (x) => share(x.recall.errors)),
      ...ERROR_TYPES.flatMap((t) => [
        both(g, (x) => share(x.precision[t])),
        both(g, (x) => share(x.recall[t])),
      ]),
      both(g, (x) => num(x.wordsRead ? (100 * x.falseAlarms) / x.wordsRead : null)),
      both(g, (x) => String(x.pastLastWord)),
    ]),
  );
  console.log("Words correct per minute and last word read, |suggested − label|:\n");
  table(
    [
      "group",
      "suggested",
      "WCPM mean",
      "p90",
      "≤ 3",
      "> 20",
      "last word mean",
      "p90",
      "≤ 2",
      "time × audio",
      "slowest",
    ],
    groups.map(([name, g]) => [
      name,
      both(g, (x) => `${x.wcpm.n} of ${x.readings}`),
      both(g, (x) => num(x.wcpm.mean)),
      both(g, (x) => num(x.wcpm.p90, 0)),
      both(g, (x) => pct(x.wcpm.within3)),
      both(g, (x) => pct(x.wcpm.over20)),
      both(g, (x) => num(x.lastWord.mean)),
      both(g, (x) => num(x.lastWord.p90, 0)),
      both(g, (x) => pct(x.lastWord.within2)),
      both(g, (x) => num(x.audioSeconds ? x.engineSeconds / x.audioSeconds : null, 2)),
      both(g, (x) => num(x.slowest, 2)),
    ]),
  );
  const all = groups.at(-1)?.[1];
  if (!all) return;
  console.log(
    "Deviations that are not errors (all readings suggested), by what was reported there:\n",
  );
  table(
    ["labelled", "count", "same type", "flagged as an error", "another type", "nothing"],
    OTHER_TYPES.map((type) => {
      const tally = (x: GroupNumbers) => x.reported[type] ?? noTally();
      const n = (x: GroupNumbers) => {
        const t = tally(x);
        return t.same + t.asError + t.otherType + t.nothing;
      };
      const of = (key: keyof ReturnType<typeof noTally>) =>
        both(all, (x) => pct(n(x) ? tally(x)[key] / n(x) : null));
      return [
        type,
        both(all, (x) => String(n(x))),
        of("same"),
        of("asError"),
        of("otherType"),
        of("nothing"),
      ];
    }),
  );
  console.log("Confidence shown against how often such flags were right (all readings):\n");
  table(
    ["shown as", "flags", "right"],
    CONFIDENCE_BINS.map(([low, high]) => {
      const inBin = (x: GroupNumbers) =>
        x.flags.filter((f) => f.confidence >= low && f.confidence < high);
      return [
        `${Math.round(100 * low)}–${Math.min(100, Math.round(100 * high))} %`,
        both(all, (x) => String(inBin(x).length)),
        both(all, (x) => {
          const flags = inBin(x);
          return pct(flags.length ? flags.filter((f) => f.right).length / flags.length : null);
        }),
      ];
    }),
  );
}

/** The confidence bands of the calibration table; the last one holds 100 %. */
const CONFIDENCE_BINS: [number, number][] = [
  [0, 0.5],
  [0.5, 0.7],
  [0.7, 0.8],
  [0.8, 0.9],
  [0.9, 1.01],
];

function reportBad(bad: Run<BadInputEntry>[]) {
  console.log("\nBad input:\n");
  table(
    ["clip", "expected", "result", "verdict"],
    bad.map(({ entry, result, failure }) => [
      `${entry.id} (${entry.what})`,
      entry.reasons.join(" or "),
      result
        ? result.status === "declined"
          ? `declined: ${result.reason}`
          : `suggested, WCPM ${result.wcpm}`
        : `failed: ${failure}`,
      badVerdict(entry, result),
    ]),
  );
}

/** A bad input declined for an expected reason is right; declined for another is half right. */
function badVerdict(entry: BadInputEntry, result: SuggestionResult | null) {
  if (result?.status !== "declined") return result ? "not declined" : "failed";
  return entry.reasons.includes(result.reason) ? "as expected" : "declined, other reason";
}

// ───────────────────────────── Main ─────────────────────────────

function progress(run: Run<ReadingEntry | BadInputEntry>, done: number, total: number) {
  const { entry, result, failure, elapsed } = run;
  const label =
    "wcpm" in entry
      ? `label WCPM ${entry.wcpm} last ${entry.lastIndex}`
      : `expect ${entry.reasons.join("/")}`;
  const said = !result
    ? `FAILED ${failure}`
    : result.status === "declined"
      ? `declined: ${result.reason}`
      : `WCPM ${result.wcpm} last ${result.lastIndex}, ${result.deviations.filter((d) => isError(d.type)).length} errors flagged (${result.tuning})`;
  const speed = (elapsed / entry.seconds).toFixed(2);
  console.log(`  ${done}/${total} ${entry.id}: ${label}; ${said}; ${speed}× audio`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      filter: { type: "string" },
      part: { type: "string" },
      direct: { type: "boolean" },
      "all-flags": { type: "boolean" },
      limit: { type: "string" },
      json: { type: "string" },
    },
  });
  direct = values.direct ?? false;
  // Every deviation with its confidence, whatever the bars: what bench/asr/tune.ts reads.
  if (values["all-flags"])
    engine = pocketsphinxWith({
      ...TUNED,
      threshold: 0,
      substitutionThreshold: 0,
      calibration: { omission: [], substitution: [] },
    });
  const set = await readSet();
  const keep = <E extends { id: string; part?: Part }>(list: E[]) =>
    list.filter(
      (e) =>
        e.id.includes(values.filter ?? "") &&
        (!values.part || e.part === values.part || (!e.part && values.part === "held-out")),
    );
  const limit = values.limit ? Number(values.limit) : Infinity;
  const clips = [...keep(set.readings), ...keep(set.badInputs)].slice(0, limit);
  console.log(
    `Scoring ${engine.engine}${values["all-flags"] ? " (every flag, no bar)" : ""} on ${clips.length} clips of the labelled set v${set.version}, ${direct ? "the WAV files as made" : "through the production path (WebM/Opus, then M4A)"}`,
  );
  let done = 0;
  const runs = await inPool(clips, PARALLEL, async (entry) => {
    const run = await runEngine(entry);
    progress(run, ++done, clips.length);
    return run;
  });
  const readings = runs.filter((r): r is Run<ReadingEntry> => "wcpm" in r.entry);
  const bad = runs.filter((r): r is Run<BadInputEntry> => "expect" in r.entry);
  const inPart = (part: Part, has: (r: ReadingEntry) => boolean) =>
    measure(readings.filter((r) => r.entry.part === part && has(r.entry)));
  const groups = GROUPS.map(
    ({ name, has }) =>
      [name, { "held-out": inPart("held-out", has), tuning: inPart("tuning", has) }] as [
        string,
        Halves,
      ],
  ).filter(([, g]) => g["held-out"].readings + g.tuning.readings > 0);
  report(groups, bad);
  if (values.json) {
    const numbers = {
      engine: engine.engine,
      date: new Date().toISOString(),
      set: { version: set.version, seed: set.seed },
      path: direct ? "direct" : "production",
      groups: Object.fromEntries(groups),
      badInputs: bad.map(({ entry, result, failure }) => ({
        id: entry.id,
        result,
        failure,
        verdict: badVerdict(entry, result),
      })),
      readings: readings.map(({ entry, result, failure, elapsed }) => ({
        id: entry.id,
        part: entry.part,
        label: { wcpm: entry.wcpm, lastIndex: entry.lastIndex, deviations: entry.deviations },
        result:
          result &&
          (result.status === "declined"
            ? result
            : {
                wcpm: result.wcpm,
                lastIndex: result.lastIndex,
                tuning: result.tuning,
                deviations: result.deviations,
              }),
        failure,
        elapsed,
      })),
    };
    await writeFile(values.json, JSON.stringify(numbers, null, 1));
  }
}

await main();
