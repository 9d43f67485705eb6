/**
 * `node bench/asr/thresholds.ts [--filter <text>]`: runs the recogniser once on the labelled
 * set keeping every deviation it found (threshold 0), then prints, for each bar an omission
 * and a substitution must clear, the errors' precision and recall, false alarms per 100 words
 * read and the mean WCPM error: how `TUNED.threshold` and `TUNED.substitutionThreshold` were
 * chosen (bench/README.md).
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type SuggestionResult, scoreReading } from "@refrain/domain";
import { pocketsphinxWith, TUNED } from "../../apps/server/src/adapters/asr/pocketsphinx.ts";
import { inPool } from "../../apps/server/src/areas/lessons/tracks/synthesize.ts";
import { agreementText, errorIndexes, type Judged } from "./agreement.ts";
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
    const judged: Judged[] = [];
    for (const { r, result } of runs) {
      if (result.status !== "suggested") continue;
      const kept = result.deviations.filter(
        (d) =>
          (d.type === "omission" && d.confidence >= omit) ||
          (d.type === "substitution" && d.confidence >= sub),
      );
      const flagged = new Set(kept.map((d) => d.index));
      const score = scoreReading({
        lastIndex: result.lastIndex,
        errorIndexes: [...flagged],
        seconds: r.seconds,
      });
      judged.push({
        labelled: errorIndexes(r.deviations),
        flagged,
        words: r.lastIndex + 1,
        wcpmError: Math.abs((score?.wcpm ?? 0) - r.wcpm),
      });
    }
    console.log(`omission ≥ ${omit}, substitution ≥ ${sub}: ${agreementText(judged)}`);
  }
