/**
 * `node bench/asr/thresholds.ts [--filter <text>]`: runs the recogniser once on the labelled
 * set keeping every deviation it found (threshold 0), then prints, for each bar an omission
 * and a substitution must clear, the errors' precision and recall, false alarms per 100 words
 * read and the mean WCPM error: how `TUNED.threshold` and `TUNED.substitutionThreshold` were
 * chosen (bench/README.md).
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { isError, type SuggestionResult, scoreReading } from "@refrain/domain";
import { pocketsphinxWith, TUNED } from "../../apps/server/src/adapters/asr/pocketsphinx.ts";
import { inPool } from "../../apps/server/src/areas/lessons/tracks/synthesize.ts";
import { readSet, SET_DIR } from "./labels.ts";

const { values } = parseArgs({ options: { filter: { type: "string", default: "" } } });
const set = await readSet();
const readings = set.readings.filter((r) => r.id.includes(values.filter ?? ""));
const engine = pocketsphinxWith({ ...TUNED, threshold: 0, substitutionThreshold: 0 });
const runs = await inPool(readings, 2, async (r) => ({
  r,
  result: (await engine.suggest({
    audioPath: join(SET_DIR, r.audio),
    words: r.words,
  })) as SuggestionResult,
}));

const BARS = [0.25, 0.5, 0.75, 1];
console.log(`${runs.length} readings matching "${values.filter}"`);
for (const omit of BARS)
  for (const sub of BARS) {
    let flagged = 0;
    let right = 0;
    let truth = 0;
    let found = 0;
    let words = 0;
    const wcpm: number[] = [];
    for (const { r, result } of runs) {
      if (result.status !== "suggested") continue;
      const errors = new Set(r.deviations.filter((d) => isError(d.type)).map((d) => d.index));
      const kept = result.deviations.filter(
        (d) =>
          (d.type === "omission" && d.confidence >= omit) ||
          (d.type === "substitution" && d.confidence >= sub),
      );
      const said = new Set(kept.map((d) => d.index));
      flagged += said.size;
      right += [...said].filter((i) => errors.has(i)).length;
      truth += errors.size;
      found += [...errors].filter((i) => said.has(i)).length;
      words += r.lastIndex + 1;
      const seconds = r.seconds;
      const score = scoreReading({ lastIndex: result.lastIndex, errorIndexes: [...said], seconds });
      wcpm.push(Math.abs((score?.wcpm ?? 0) - r.wcpm));
    }
    const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)} %` : "—");
    const mean = wcpm.reduce((a, b) => a + b, 0) / Math.max(1, wcpm.length);
    console.log(
      `omission ≥ ${omit}, substitution ≥ ${sub}: precision ${pct(right, flagged)}, recall ${pct(found, truth)}, ` +
        `false alarms ${((100 * (flagged - right)) / Math.max(1, words)).toFixed(1)}/100 words, WCPM error ${mean.toFixed(1)}`,
    );
  }
