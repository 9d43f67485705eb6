/**
 * `node bench/asr/sweep.ts [--filter <text>]`: tries tunings of the recogniser (pocketsphinx.ts
 * `Tuning`) on the labelled set and prints, for each, how well its flagged errors match the
 * labels, its false alarms per 100 words read, its mean WCPM error and how often it declined;
 * the tuning in `TUNED` is the one chosen from such a run (bench/README.md).
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { isError } from "@refrain/domain";
import {
  pocketsphinxWith,
  TUNED,
  type Tuning,
} from "../../apps/server/src/adapters/asr/pocketsphinx.ts";
import { inPool } from "../../apps/server/src/areas/lessons/tracks/synthesize.ts";
import { readSet, SET_DIR } from "./labels.ts";

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
const readings = set.readings.filter((r) => r.id.includes(values.filter ?? ""));
console.log(`${readings.length} readings matching "${values.filter}"`);
for (const [name, tuning] of Object.entries(TRIES)) {
  const engine = pocketsphinxWith(tuning);
  const results = await inPool(readings, 2, async (r) => ({
    r,
    result: await engine.suggest({ audioPath: join(SET_DIR, r.audio), words: r.words }),
  }));
  let flagged = 0;
  let right = 0;
  let truth = 0;
  let found = 0;
  let words = 0;
  let declined = 0;
  const wcpm: number[] = [];
  for (const { r, result } of results) {
    const errors = new Set(r.deviations.filter((d) => isError(d.type)).map((d) => d.index));
    if (result.status !== "suggested") {
      declined++;
      continue;
    }
    const said = new Set(result.deviations.filter((d) => isError(d.type)).map((d) => d.index));
    flagged += said.size;
    right += [...said].filter((i) => errors.has(i)).length;
    truth += errors.size;
    found += [...errors].filter((i) => said.has(i)).length;
    words += r.lastIndex + 1;
    wcpm.push(Math.abs(result.wcpm - r.wcpm));
  }
  const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)} %` : "—");
  const mean = wcpm.reduce((a, b) => a + b, 0) / Math.max(1, wcpm.length);
  console.log(
    `${name.padEnd(20)} precision ${pct(right, flagged)}, recall ${pct(found, truth)}, ` +
      `false alarms ${((100 * (flagged - right)) / Math.max(1, words)).toFixed(1)}/100 words, ` +
      `WCPM error ${mean.toFixed(1)}, declined ${declined}/${results.length}`,
  );
}
