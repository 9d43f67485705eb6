/**
 * `node bench/asr/tune.ts <score.json>`: chooses the bars a flag must clear and the calibration
 * of the confidence the modal shows (pocketsphinx.ts `TUNED.threshold`,
 * `TUNED.substitutionThreshold`, `TUNED.calibration`) from a run of
 * `score.ts --all-flags --json <file>`, on the tuning part of the labelled set only.
 *
 * For each pair of bars (omissions and substitutions, by the share of voters that found them)
 * it prints the errors' precision and recall, false alarms per 100 words read and the mean WCPM
 * error, and chooses the pair with the most right flags whose false alarms stay within
 * FALSE_ALARMS, else the most right flags less wrong ones. The calibration is, per type of error and raw confidence (the share
 * of the engine's voters that found it), how often such a flag was right, smoothed and never
 * falling as the raw confidence rises; `score.ts` then shows on the held-out part whether a flag
 * shown as 80 % likely is right about 80 % of the time.
 */
import { readFile } from "node:fs/promises";
import { type DeviationType, isError, scoreReading } from "@refrain/domain";
import { agreementText, errorIndexes, type Judged } from "./agreement.ts";
import { readSet } from "./labels.ts";

interface Flag {
  type: DeviationType;
  index: number;
  heard: string | null;
  confidence: number;
}

interface ScoredReading {
  id: string;
  part: string;
  label: { lastIndex: number; deviations: { type: DeviationType; index: number }[] };
  result: { status?: string; lastIndex?: number; deviations?: Flag[] } | null;
}

/** The most false alarms per 100 words read a pair of bars may cost (issue 38's goal). */
const FALSE_ALARMS = 3;
/** Raw confidences are the share of four voters; 1 is written as 0.95 (never certain). */
const BARS = [0.25, 0.5, 0.75, 0.95];

const file = process.argv[2];
if (!file) throw new Error("usage: node bench/asr/tune.ts <score.json from score.ts --all-flags>");
const run = JSON.parse(await readFile(file, "utf8")) as { readings: ScoredReading[] };
const set = await readSet();
const seconds = new Map(set.readings.map((r) => [r.id, r.seconds]));
const tuning = run.readings.filter(
  (r) => r.part === "tuning" && r.result?.status === undefined && r.result?.deviations,
);
console.log(`${tuning.length} suggested readings of the tuning part`);

type Bars = { omission: number; substitution: number };
const kept = (r: ScoredReading, bars: Bars) =>
  (r.result?.deviations ?? []).filter(
    (d) => (d.type === "omission" || d.type === "substitution") && d.confidence >= bars[d.type],
  );

/**
 * The chosen bars: the most right flags within FALSE_ALARMS; when no bars stay within it, the
 * most right flags less false ones (a flag more often wrong than right costs a teacher more
 * checking than it saves).
 */
let best: (Bars & { hits: number; alarms: number; fits: boolean }) | null = null;
const better = (a: { hits: number; alarms: number; fits: boolean }, b: typeof a) =>
  a.fits !== b.fits
    ? a.fits
    : a.fits
      ? a.hits > b.hits
      : a.hits - a.alarms > b.hits - b.alarms ||
        (a.hits - a.alarms === b.hits - b.alarms && a.alarms < b.alarms);
for (const omission of BARS)
  for (const substitution of BARS) {
    const bars = { omission, substitution };
    const judged: Judged[] = tuning.map((r) => {
      const flagged = errorIndexes(kept(r, bars));
      const score = scoreReading({
        lastIndex: r.result?.lastIndex ?? -1,
        errorIndexes: [...flagged],
        seconds: seconds.get(r.id) ?? 60,
      });
      const label = scoreReading({
        lastIndex: r.label.lastIndex,
        errorIndexes: [...errorIndexes(r.label.deviations)],
        seconds: seconds.get(r.id) ?? 60,
      });
      return {
        labelled: errorIndexes(r.label.deviations),
        flagged,
        words: r.label.lastIndex + 1,
        wcpmError: Math.abs((score?.wcpm ?? 0) - (label?.wcpm ?? 0)),
      };
    });
    const hits = judged.reduce(
      (a, j) => a + [...j.flagged].filter((i) => j.labelled.has(i)).length,
      0,
    );
    const alarms = judged.reduce((a, j) => a + j.flagged.size, 0) - hits;
    const words = judged.reduce((a, j) => a + j.words, 0);
    const fits = (100 * alarms) / Math.max(1, words) <= FALSE_ALARMS;
    const tried = { ...bars, hits, alarms, fits };
    if (!best || better(tried, best)) best = tried;
    console.log(`omission ≥ ${omission}, substitution ≥ ${substitution}: ${agreementText(judged)}`);
  }
if (best)
  console.log(
    `\nChosen: omission ≥ ${best.omission}, substitution ≥ ${best.substitution}${best.fits ? "" : ` (none stays within ${FALSE_ALARMS} false alarms per 100 words: the most right flags less wrong ones)`}`,
  );

// Calibration: per type, raw confidence → share right, (hits + 1) / (flags + 2), made monotone
// by pooling neighbours that fall (pool adjacent violators).
console.log("\nCalibration (raw voter share → how often right, tuning part):");
for (const kind of ["omission", "substitution"] as const) {
  const byRaw = new Map<number, { hits: number; n: number }>();
  for (const r of tuning)
    for (const d of r.result?.deviations ?? []) {
      if (d.type !== kind) continue;
      const raw = Math.round(d.confidence * 100) / 100;
      const tally = byRaw.get(raw) ?? { hits: 0, n: 0 };
      tally.n++;
      if (r.label.deviations.some((l) => l.index === d.index && isError(l.type))) tally.hits++;
      byRaw.set(raw, tally);
    }
  const blocks = [...byRaw.entries()]
    .sort(([a], [b]) => a - b)
    .map(([raw, t]) => ({ raws: [raw], hits: t.hits, n: t.n }));
  const rate = (b: { hits: number; n: number }) => (b.hits + 1) / (b.n + 2);
  for (let i = 1; i < blocks.length; i++) {
    const [before, now] = [blocks[i - 1], blocks[i]];
    if (before && now && rate(now) < rate(before)) {
      blocks.splice(i - 1, 2, {
        raws: [...before.raws, ...now.raws],
        hits: before.hits + now.hits,
        n: before.n + now.n,
      });
      i = Math.max(0, i - 2);
    }
  }
  const points = blocks.flatMap((b) => b.raws.map((raw) => [raw, Math.round(100 * rate(b)) / 100]));
  console.log(
    `  ${kind}: ${JSON.stringify(points)} (${blocks.map((b) => `${b.hits}/${b.n}`).join(", ")})`,
  );
}
