/**
 * `node bench/asr/tune.ts <score.json>`: chooses the bars a flag must clear and the calibration
 * of the confidence the modal shows (pocketsphinx.ts `TUNED.threshold`,
 * `TUNED.substitutionThreshold`, `TUNED.calibration`) from a run of
 * `score.ts --all-flags --json <file>`, on the tuning part of the labelled set only.
 *
 * For each pair of bars it prints the errors' precision and recall, false alarms per 100 words
 * read and the mean WCPM error, and marks the pair with the most right flags whose false alarms
 * stay within FALSE_ALARMS. The calibration is, per type of error and raw confidence (the share
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
const BARS = [0.25, 0.5, 0.75, 1];

const file = process.argv[2];
if (!file) throw new Error("usage: node bench/asr/tune.ts <score.json from score.ts --all-flags>");
const run = JSON.parse(await readFile(file, "utf8")) as { readings: ScoredReading[] };
const set = await readSet();
const seconds = new Map(set.readings.map((r) => [r.id, r.seconds]));
const tuning = run.readings.filter(
  (r) => r.part === "tuning" && r.result?.status === undefined && r.result?.deviations,
);
console.log(`${tuning.length} suggested readings of the tuning part`);

const kept = (r: ScoredReading, omission: number, substitution: number) =>
  (r.result?.deviations ?? []).filter(
    (d) =>
      (d.type === "omission" && d.confidence >= omission) ||
      (d.type === "substitution" && d.confidence >= substitution),
  );

let best: { omission: number; substitution: number; hits: number } | null = null;
for (const omission of BARS)
  for (const substitution of BARS) {
    const judged: Judged[] = tuning.map((r) => {
      const flagged = errorIndexes(kept(r, omission, substitution));
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
    if (fits && (!best || hits > best.hits)) best = { omission, substitution, hits };
    console.log(`omission ≥ ${omission}, substitution ≥ ${substitution}: ${agreementText(judged)}`);
  }
console.log(
  best
    ? `\nChosen: omission ≥ ${best.omission}, substitution ≥ ${best.substitution}`
    : `\nNo pair keeps false alarms within ${FALSE_ALARMS} per 100 words`,
);

// Calibration: per type, raw confidence → share right, (hits + 1) / (flags + 2), made monotone
// by pooling neighbours that fall (pool adjacent violators).
console.log("\nCalibration (raw voter share → how often right, tuning part):");
for (const type of ["omission", "substitution"] as const) {
  const byRaw = new Map<number, { hits: number; n: number }>();
  for (const r of tuning)
    for (const d of r.result?.deviations ?? []) {
      if (d.type !== type || !isError(d.type)) continue;
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
    `  ${type}: ${JSON.stringify(points)} (${blocks.map((b) => `${b.hits}/${b.n}`).join(", ")})`,
  );
}
