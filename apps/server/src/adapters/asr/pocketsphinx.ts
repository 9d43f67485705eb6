import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Deviation,
  isError,
  lastWordWithin,
  type PathStep,
  readPath,
  type SuggestionResult,
  scoreReading,
  TIMED_SECONDS,
} from "@refrain/domain";
import { runHelper } from "../helper-process.ts";
import { type AudioFacts, audioFacts } from "./audio.ts";
import { DEFAULT_WEIGHTS, type GraphWeights, type GraphWord, passageGraph } from "./graph.ts";
import type { AsrProvider, AsrRequest } from "./index.ts";
import { CMUDICT, cmudict, guessProns } from "./lexicon.ts";
import { type Calibration, calibrated, loops } from "./path-checks.ts";

/**
 * The default recogniser: Debian's pocketsphinx (5prealpha, its adult US-English model) walking
 * a graph of the passage (graph.ts) rather than decoding freely, so what it can hear is the
 * passage read right or wrong. The frequency warp that fits this voice is picked on the start of
 * the reading; then graphs more and less ready to hear a mistake vote, and a deviation's
 * confidence is the share of them that found it. Only what clears the threshold is suggested.
 */

/** Bumped whenever a change here can change a suggestion: agreement is kept per version. */
export const ENGINE = "pocketsphinx-5prealpha/2";

const SCRIPT = fileURLToPath(new URL("./decode.py", import.meta.url));
const PYTHON = "/usr/bin/python3";
/** What the adapter needs on disk: Debian's python3-pocketsphinx and pocketsphinx-en-us. */
export const POCKETSPHINX_READY = [
  PYTHON,
  "/usr/lib/python3/dist-packages/pocketsphinx/__init__.py",
  CMUDICT,
];

/** Frames of 10 ms (pocketsphinx's -frate 100). */
const FRAME = 0.01;
/** Warps tried for each voice: 1 is an adult's; higher ones fit a child's shorter vocal tract. */
const WARPS = [1, 1.25, 1.5, 1.75] as const;
/** The warps are compared on the start of the reading only: the voice does not change. */
const WARP_SECONDS = 20;
/** What the labelled set tunes (bench/asr): the graph, the voters and the bar to suggest. */
export interface Tuning {
  weights: GraphWeights;
  /**
   * The voters' graphs: the tuned one, and mistakes made this many times more or less likely.
   * A mistake still heard when the graph makes mistakes nine times less likely has the sound
   * on its side.
   */
  ladder: readonly number[];
  /** A deviation is suggested when at least this share of the voters found it. */
  threshold: number;
  /** The share for a substitution, the likelier false alarm (an accent heard as a word). */
  substitutionThreshold: number;
  /** Dictionary neighbours, and passage words, each word's graph offers as substitutions. */
  neighbours: number;
  passageNeighbours: number;
  /** What a flag's raw confidence means: how often such flags were right (bench/asr/tune.ts). */
  calibration: Calibration;
}

export const TUNED: Tuning = {
  weights: DEFAULT_WEIGHTS,
  ladder: [3, 1 / 3, 1 / 9],
  // bench/asr/tune.ts on set v5's tuning part: omissions at 3 of 4 voters, substitutions at all
  // four (precision 53 %, recall 58 %, 4.0 false alarms per 100 words; both at all four: 52 %,
  // 50 %, 3.6). No pair stays within 3 false alarms on connected speech.
  threshold: 0.75,
  substitutionThreshold: 1,
  neighbours: 3,
  passageNeighbours: 2,
  // bench/asr/tune.ts on set v5's tuning part (an --all-flags run of engine /2): of the
  // omissions all four voters found, 67 % were right; of the substitutions, 38 %.
  calibration: {
    omission: [
      [0.25, 0.31],
      [0.75, 0.59],
      [0.95, 0.67],
    ],
    substitution: [
      [0.5, 0.15],
      [0.75, 0.23],
      [0.95, 0.38],
    ],
  },
};

/** The tuned graph first, then the ladder's. */
function graphWeights(tuning: Tuning): GraphWeights[] {
  const { weights } = tuning;
  return [
    weights,
    ...tuning.ladder.map((f) => ({
      ...weights,
      substitute: weights.substitute * f,
      omit: weights.omit * f,
    })),
  ];
}

/** Declining: shorter than this (seconds) is too short to score. */
const MIN_SECONDS = 3;
/**
 * Declining before listening: a speech-to-background ratio under this (dB, as audio.ts measures
 * it: about 24 for speech mixed 20 dB over noise, 15 for 10 dB) leaves no speech to follow.
 * Above it a noisy reading is denoised and decoded, and declined on what the path heard (it
 * loops, it stopped short, too many of its words are wrong): engine /1 declined everything
 * under 19 dB, which split the labelled set's 20 dB and 10 dB readings exactly.
 */
const MIN_SNR_DB = 8;
/** Readings noisier than this (dB, as audio.ts measures it) are denoised before decoding. */
const DENOISE_BELOW_DB = 30;
/** Declining: fewer passage words than this heard means no reading was heard. */
const MIN_WORDS_HEARD = 3;
/** Declining: seconds of speech after the last word heard, short of the passage's end. */
const MAX_SPEECH_AFTER = 3;
/** Declining: more than this share of the words reached heard wrong means another text. */
const MAX_ERROR_SHARE = 0.4;

interface Decoded {
  score: number | null;
  segments: [word: string, start: number, end: number][];
}

/** The recogniser with another tuning: the labelled set's sweeps try them. */
export function pocketsphinxWith(tuning: Tuning, engine = ENGINE): AsrProvider {
  return {
    engine,
    async suggest(request) {
      const dir = await mkdtemp(join(tmpdir(), "refrain-asr-"));
      try {
        return await suggestIn(dir, request, tuning);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export const pocketsphinx = pocketsphinxWith(TUNED);

async function suggestIn(
  dir: string,
  { audioPath, words, signal, adaptation }: AsrRequest,
  tuning: Tuning,
) {
  const raw = join(dir, "audio.raw");
  await runHelper(
    "ffmpeg",
    [
      ...["-v", "error", "-nostdin", "-y", "-i", audioPath, "-vn", "-ac", "1", "-ar", "16000"],
      ...["-t", String(TIMED_SECONDS + 5), "-f", "s16le", raw],
    ],
    { signal, timeoutMs: 60_000 },
  );
  const pcm = await readFile(raw);
  const audio = audioFacts(pcm);
  const early = declineBefore(audio);
  if (early) return early;
  // A noisy reading is cleaned first (ffmpeg's FFT denoiser, which learns the noise from the
  // quiet between words); what was measured above stays the recording's own.
  const heardPcm = audio.snrDb < DENOISE_BELOW_DB ? await denoised(raw, dir, signal) : pcm;
  // The timer may stop a reading mid-word, and a path must end between words: a moment of
  // quiet after the end gives the last word its end.
  await writeFile(raw, Buffer.concat([heardPcm, quietTail()]));

  const graphWords = await passageWords(words, tuning);
  const graphs = graphWeights(tuning).map((weights) => passageGraph(graphWords, weights));
  const [first] = graphs;
  if (!first) throw new Error("no graphs");
  // One dictionary serves every graph: they differ in their arcs' weights only.
  const dictPath = join(dir, "passage.dict");
  await writeFile(dictPath, first.entries.map(([l, phones]) => `${l} ${phones}`).join("\n"));
  const fsgs = graphs.map((_, i) => join(dir, `graph-${i}.fsg`));
  for (const [i, graph] of graphs.entries()) await writeFile(fsgs[i] as string, graph.fsg);
  const heard = first.heard;

  // Cut between words: a pass that ends inside a word ends in no state of the graph.
  const warpSeconds =
    audio.seconds > WARP_SECONDS + 5
      ? audio.quietestBetween(WARP_SECONDS - 5, WARP_SECONDS + 5)
      : undefined;
  // Each warp walks the passage: the best score among the warps that get about as far into it
  // as the furthest one. A score alone would pick a warp that loses the passage and scores well
  // on silence.
  const byWarp = await decode(
    dictPath,
    raw,
    WARPS.map((warp) => ({
      warp,
      fsg: fsgs[0] as string,
      seconds: warpSeconds,
      mllr: adaptation,
    })),
    signal,
  );
  const reached = byWarp.map((d) => readPath(stepsOf(d, heard)).furthest);
  const furthest = Math.max(...reached);
  let best = reached.indexOf(furthest);
  byWarp.forEach((d, i) => {
    const better = (d.score ?? -Infinity) > (byWarp[best]?.score ?? -Infinity);
    if ((reached[i] ?? -1) >= 0.8 * furthest && better) best = i;
  });
  const warp = WARPS[best] ?? 1;
  const [tuned, ...others] = await decode(
    dictPath,
    raw,
    fsgs.map((fsg) => ({ warp, fsg, mllr: adaptation })),
    signal,
  );
  if (!tuned) throw new Error("pocketsphinx returned no path");
  const tunedSteps = stepsOf(tuned, heard);
  const chosen = readPath(tunedSteps);
  const paths = [tuned, ...others].map((d) => readPath(stepsOf(d, heard)));

  const seconds = Math.min(audio.seconds, TIMED_SECONDS);
  const lastIndex = lastWordWithin(chosen, seconds);
  if (chosen.words.length < MIN_WORDS_HEARD || lastIndex < 0)
    return { status: "declined", reason: "silent" } satisfies SuggestionResult;

  // What the teacher is shown: how often flags like it were right, not the share of voters.
  const deviations: Deviation[] = chosen.deviations
    .map((d) => ({ ...d, raw: agreement(d, paths) }))
    .filter((d) => d.index <= lastIndex)
    .filter(
      (d) => d.raw >= (d.type === "substitution" ? tuning.substitutionThreshold : tuning.threshold),
    )
    .map(({ raw, ...d }) => ({
      ...d,
      confidence:
        d.type === "omission" || d.type === "substitution"
          ? calibrated(tuning.calibration[d.type], raw)
          : raw,
    }));
  const errors = deviations.filter((d) => isError(d.type));
  // Reading on after the path stopped short of the passage's end: the passage was lost.
  const lastEnd = Math.max(...chosen.words.map((w) => w.end));
  const lost = lastIndex < words.length - 1 && audio.speechAfter(lastEnd) > MAX_SPEECH_AFTER;
  // Every mistake the path makes, sure or not: a passage read right needs few of them.
  const misfits = chosen.deviations.filter((d) => isError(d.type) && d.index <= lastIndex);
  if (
    lost ||
    loops(tunedSteps, lastIndex + 1) ||
    misfits.length > MAX_ERROR_SHARE * (lastIndex + 1)
  )
    return { status: "declined", reason: "does_not_fit" } satisfies SuggestionResult;
  const score = scoreReading({
    lastIndex,
    errorIndexes: [...new Set(errors.map((d) => d.index))],
    seconds: audio.seconds,
  });
  if (!score) return { status: "declined", reason: "too_short" } satisfies SuggestionResult;
  return {
    status: "suggested",
    words: chosen.words,
    deviations,
    lastIndex,
    ...score,
    tuning: `warp ${warp}${heardPcm === pcm ? "" : ", denoised"}${adaptation ? ", adapted" : ""}`,
  } satisfies SuggestionResult;
}

/** The raw audio after ffmpeg's FFT denoiser (afftdn), which tracks the noise's level itself. */
async function denoised(raw: string, dir: string, signal?: AbortSignal): Promise<Buffer> {
  const out = join(dir, "denoised.raw");
  const pcm = ["-f", "s16le", "-ar", "16000", "-ac", "1"];
  await runHelper(
    "ffmpeg",
    [
      ...["-v", "error", "-nostdin", "-y", ...pcm, "-i", raw],
      "-af",
      "afftdn=nf=-25:tn=1",
      ...pcm,
      out,
    ],
    { signal, timeoutMs: 60_000 },
  );
  return readFile(out);
}

/**
 * 0.6 s of a faint hiss. Not digital silence: after that, pocketsphinx finds no path to the
 * graph's end at some warps (nothing to take the log of); its own dither upsets other clips.
 */
function quietTail() {
  const samples = new Int16Array(9600);
  let seed = 1;
  for (let i = 0; i < samples.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    samples[i] = (seed % 7) - 3;
  }
  return Buffer.from(samples.buffer);
}

function declineBefore(audio: AudioFacts): SuggestionResult | null {
  if (audio.seconds < MIN_SECONDS) return { status: "declined", reason: "too_short" };
  if (audio.speechSeconds < 1) return { status: "declined", reason: "silent" };
  if (audio.snrDb < MIN_SNR_DB) return { status: "declined", reason: "too_noisy" };
  return null;
}

/** The share of passes that found the same thing at the same word (any error, for errors). */
function agreement(d: Omit<Deviation, "confidence">, paths: ReturnType<typeof readPath>[]) {
  const same = (o: Omit<Deviation, "confidence">) =>
    o.index === d.index && (isError(d.type) ? isError(o.type) : o.type === d.type);
  return paths.filter((p) => p.deviations.some(same)).length / paths.length;
}

/**
 * Each passage word's pronunciation and the words a young reader might say instead: another
 * word of the passage starting with the same letter ("horse" for "house"), and dictionary words
 * a consonant away. Words the dictionary lacks (a name) are said as espeak-ng would.
 */
async function passageWords(words: readonly string[], tuning: Tuning): Promise<GraphWord[]> {
  const lexicon = await cmudict();
  const forms = words.map(spoken);
  const unknown = [...new Set(forms.filter((f) => f && lexicon.prons(f).length === 0))];
  const guessed = await guessProns(unknown);
  const phonesOf = (form: string) => lexicon.prons(form)[0] ?? guessed.get(form) ?? ["AH"];
  const distinct = [...new Set(forms.filter(Boolean))];
  return forms.map((form) => {
    const phones = phonesOf(form);
    const lookalikes = distinct
      .filter((other) => other !== form && other[0] === form[0])
      .slice(0, tuning.passageNeighbours);
    const near = lexicon
      .neighbours(phones, tuning.neighbours)
      .filter((w) => !lookalikes.includes(w));
    const neighbours = [...lookalikes, ...near].map((word) => ({ word, phones: phonesOf(word) }));
    return {
      phones,
      neighbours: neighbours.filter((n) => n.phones.join(" ") !== phones.join(" ")),
    };
  });
}

/** A word as it is said: no surrounding punctuation, lower case ("Sam's," → "sam's"). */
export const spoken = (word: string) =>
  word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").toLowerCase();

/** The path's labels as steps through the passage; silences and noises dropped. */
function stepsOf(decoded: Decoded, heard: Map<string, string>): PathStep[] {
  const steps: PathStep[] = [];
  for (const [label, first, last] of decoded.segments) {
    const start = first * FRAME;
    const end = (last + 1) * FRAME;
    const match = /^([pbs])(\d+)(?:_\d+)?$/.exec(label);
    if (!match) continue;
    const index = Number(match[2]);
    if (match[1] === "p") steps.push({ kind: "read", index, start, end });
    else if (match[1] === "b") steps.push({ kind: "back", index, start, end });
    else steps.push({ kind: "substitute", index, heard: heard.get(label) ?? "", start, end });
  }
  return steps;
}

/** Runs the decoder script once for several passes over the same audio. */
async function decode(
  dict: string,
  audio: string,
  runs: { warp: number; fsg: string; seconds?: number; mllr?: string }[],
  signal?: AbortSignal,
): Promise<Decoded[]> {
  const { stdout } = await runHelper(PYTHON, ["-I", SCRIPT], {
    input: JSON.stringify({ dict, audio, runs }),
    signal,
    timeoutMs: 120_000,
  });
  return JSON.parse(stdout.toString()) as Decoded[];
}
