/**
 * `node bench/asr/adapt.ts [--voice child-d] [--learn 20db]`: the recogniser learning a voice
 * (issue 38). It adapts the acoustic model (adapters/asr/adapt.ts, MLLR) on the voice's
 * readings whose id contains `--learn` (the 20 dB ones by default), from the words a teacher
 * would have confirmed (the passage up to the last word read, less the words marked missed),
 * then suggests on the voice's other readings with the base model and with the adapted one,
 * all through the production path, and prints both, and what the keep-or-discard rule would
 * decide on them. No reading is both learnt and scored.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  type CheckedReading,
  isError,
  keepsAdaptation,
  type SuggestionResult,
} from "@refrain/domain";
import {
  ADAPT_READY,
  adaptModel,
  confirmedWords,
} from "../../apps/server/src/adapters/asr/adapt.ts";
import { pocketsphinx } from "../../apps/server/src/adapters/asr/pocketsphinx.ts";
import { productionAudio } from "./clips.ts";
import { readSet } from "./labels.ts";

const { values } = parseArgs({
  options: {
    voice: { type: "string", default: "child-d" },
    learn: { type: "string", default: "20db" },
  },
});
if (!ADAPT_READY.every((path) => existsSync(path)))
  throw new Error(
    "Adapting needs Debian's sphinxtrain, sphinxbase-utils and pocketsphinx: apt-get install sphinxtrain sphinxbase-utils pocketsphinx",
  );
const set = await readSet();
const ofVoice = set.readings.filter((r) => r.voice.name === values.voice);
const learnt = ofVoice.filter((r) => r.id.includes(values.learn ?? ""));
const scored = ofVoice.filter((r) => !learnt.includes(r));
if (learnt.length === 0 || scored.length === 0) throw new Error("Nothing to learn from or score");

const dir = await mkdtemp(join(tmpdir(), "refrain-bench-adapt-"));
try {
  const transform = join(dir, "mllr_matrix");
  const started = performance.now();
  await adaptModel(
    await Promise.all(
      learnt.map(async (r) => ({
        audioPath: await productionAudio(r),
        said: confirmedWords(
          r.words,
          r.lastIndex,
          new Set(r.deviations.filter((d) => isError(d.type)).map((d) => d.index)),
        ),
      })),
    ),
    transform,
  );
  const took = (performance.now() - started) / 1000;
  const audio = learnt.reduce((sum, r) => sum + r.seconds, 0);
  console.log(
    `Adapted to ${values.voice} on ${learnt.length} readings (${audio.toFixed(0)} s of audio) in ${took.toFixed(0)} s; scoring ${scored.length} others`,
  );
  const rows: string[][] = [];
  const checked: CheckedReading[] = [];
  const totals = { base: [] as number[], adapted: [] as number[] };
  const lastWords = { base: [] as number[], adapted: [] as number[] };
  for (const r of scored) {
    const audioPath = await productionAudio(r);
    const base = await pocketsphinx.suggest({ audioPath, words: r.words });
    const adapted = await pocketsphinx.suggest({
      audioPath,
      words: r.words,
      adaptation: transform,
    });
    const cell = (s: SuggestionResult, kind: "base" | "adapted") => {
      if (s.status !== "suggested") return `declined (${s.reason})`;
      totals[kind].push(Math.abs(s.wcpm - r.wcpm));
      lastWords[kind].push(Math.abs(s.lastIndex - r.lastIndex));
      return `${s.wcpm} (last word ${s.lastIndex - r.lastIndex >= 0 ? "+" : ""}${s.lastIndex - r.lastIndex})`;
    };
    rows.push([r.id, String(r.wcpm), cell(base, "base"), cell(adapted, "adapted")]);
    const off = (s: SuggestionResult) =>
      s.status === "suggested" ? Math.abs(s.wcpm - r.wcpm) : null;
    checked.push({ base: off(base), adapted: off(adapted) });
  }
  console.log("\n| reading | label WCPM | base model | adapted |\n|---|---:|---:|---:|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  const mean = (xs: number[]) =>
    xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1) : "—";
  const within2 = (xs: number[]) =>
    xs.length ? `${Math.round((100 * xs.filter((x) => x <= 2).length) / xs.length)} %` : "—";
  console.log(
    `\n| model | suggested | WCPM error mean | last word within 2 |\n|---|---:|---:|---:|\n` +
      (["base", "adapted"] as const)
        .map(
          (k) =>
            `| ${k} | ${totals[k].length} of ${scored.length} | ${mean(totals[k])} | ${within2(lastWords[k])} |`,
        )
        .join("\n"),
  );
  console.log(
    `\nThe keep-or-discard rule (domain keepsAdaptation) on these readings: ${keepsAdaptation(checked) ? "keep the adapted model" : "keep the base model"}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
