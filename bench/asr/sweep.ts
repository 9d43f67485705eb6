/**
 * `node bench/asr/sweep.ts [--filter <text>]`: tries tunings of the recogniser (pocketsphinx.ts
 * `Tuning`) on the tuning part of the labelled set, through the production path, and prints,
 * for each, how well its flagged errors match the labels, its false alarms per 100 words read,
 * its mean WCPM error and how often it declined; the tuning in `TUNED` is the one chosen from
 * such a run (bench/README.md). The held-out part is never looked at here.
 */
import { parseArgs } from "node:util";
import {
  pocketsphinxWith,
  TUNED,
  type Tuning,
} from "../../apps/server/src/adapters/asr/pocketsphinx.ts";
import { inPool } from "../../apps/server/src/areas/lessons/tracks/synthesize.ts";
import { agreementText, errorIndexes, type Judged } from "./agreement.ts";
import { productionAudio } from "./clips.ts";
import { readSet } from "./labels.ts";

const { values } = parseArgs({ options: { filter: { type: "string", default: "clean" } } });

/** The tunings tried: the chosen one and its neighbours, one knob at a time. */
const TRIES: Record<string, Tuning> = {
  tuned: TUNED,
  "threshold 1": { ...TUNED, threshold: 1 },
  "fewer substitutions": {
    ...TUNED,
    weights: { ...TUNED.weights, substitute: TUNED.weights.substitute / 4 },
  },
  "fewer mistakes": {
    ...TUNED,
    weights: {
      ...TUNED.weights,
      substitute: TUNED.weights.substitute / 4,
      omit: TUNED.weights.omit / 2,
    },
  },
  "steeper ladder": { ...TUNED, ladder: [1 / 3, 1 / 9, 1 / 27] },
};

const set = await readSet();
const readings = set.readings.filter(
  (r) => r.part === "tuning" && r.id.includes(values.filter ?? ""),
);
console.log(`${readings.length} tuning readings matching "${values.filter}"`);
for (const [name, tuning] of Object.entries(TRIES)) {
  const engine = pocketsphinxWith(tuning);
  const results = await inPool(readings, 2, async (r) => ({
    r,
    result: await engine.suggest({ audioPath: await productionAudio(r), words: r.words }),
  }));
  let declined = 0;
  const judged: Judged[] = [];
  for (const { r, result } of results) {
    if (result.status !== "suggested") {
      declined++;
      continue;
    }
    judged.push({
      labelled: errorIndexes(r.deviations),
      flagged: errorIndexes(result.deviations),
      words: r.lastIndex + 1,
      wcpmError: Math.abs(result.wcpm - r.wcpm),
    });
  }
  console.log(
    `${name.padEnd(20)} ${agreementText(judged)}, declined ${declined}/${results.length}`,
  );
}
