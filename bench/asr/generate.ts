/**
 * `node bench/asr/generate.ts`: the labelled evaluation set of suggested scoring (issues 20, 38).
 *
 * Synthetic readings of our own passages (the demo lessons' lyrics) in connected speech:
 * espeak-ng says each phrase whole (a fluent reader's sentence across the ends of lines, a
 * slower reader's line or half-line, or the words between two hesitations; the slowest reader
 * a word at a time), so the words run into each other as a reader's do. Where a word
 * begins and ends inside a phrase is shared out by its length, and measured (the phrase said
 * word by word longer, prefix by prefix) for the one phrase the timer cuts, so the true last
 * word read and words correct per minute are exact. Eight voices (adult-like, and child-like: a
 * high female voice whose whole spectrum sox then raises), rates of 40–160 words a minute,
 * hesitations, every kind of slip (domain `planReading`), readings cut by the timer or stopped
 * early, clean or with generated noise at 20 and 10 dB SNR; and a few recordings the engine
 * should decline. Half the voices and half the passages tune the engine, the other half of
 * each is held out to measure it (`part`). Deterministic from SEED; made once into SET_DIR.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type DeclineReason, splitLyrics, TIMED_SECONDS } from "@refrain/domain";
import {
  labelReading,
  type PlanSource,
  phrasesOf,
  planReading,
  type ReadingStep,
  shareOut,
  type TimedStep,
  timePhrase,
} from "@refrain/domain/fluency/synthetic-reading";
import {
  inPool,
  spokenForm,
  trimSilence,
  wavSamples,
} from "../../apps/server/src/areas/lessons/tracks/synthesize.ts";
import { CATALOG } from "../../apps/server/src/catalog/catalog.ts";
import { type Random, seededRandom } from "../../apps/server/src/demo/plan/random.ts";
import {
  type BadInputEntry,
  LABELS_FILE,
  type LabelledSet,
  type NoiseDb,
  type Part,
  type ReadingEntry,
  SEED,
  SET_DIR,
  SET_VERSION,
  type VoiceLabel,
} from "./labels.ts";

const run = promisify(execFile);

/** espeak-ng's output rate; the clips are 16 kHz, the recogniser's rate. */
const VOICE_RATE = 22_050;
const CLIP_RATE = 16_000;
/** The machine has two cores: two readings are made at a time. */
const PARALLEL = 2;
const READINGS_PER_CELL = 5;
const NOISES: NoiseDb[] = [null, 20, 10];

const VOICES: VoiceLabel[] = [
  // Tuning voices (set v3's).
  { name: "adult-m", kind: "adult", part: "tuning", espeak: "en-us", pitch: 50, cents: 0 },
  { name: "adult-f", kind: "adult", part: "tuning", espeak: "en-us+f2", pitch: 50, cents: 0 },
  // A female voice's formants raised by a third to a half (4–5 semitones) land near a child's,
  // which sit about that far above an adult woman's; espeak-ng's pitch alone moves only F0.
  { name: "child-a", kind: "child", part: "tuning", espeak: "en-us+f2", pitch: 70, cents: 300 },
  { name: "child-b", kind: "child", part: "tuning", espeak: "en-us+f4", pitch: 80, cents: 500 },
  // Held-out voices: other espeak-ng variants, other pitches and shifts.
  { name: "adult-m3", kind: "adult", part: "held-out", espeak: "en-us+m3", pitch: 40, cents: 0 },
  { name: "adult-f3", kind: "adult", part: "held-out", espeak: "en-us+f3", pitch: 55, cents: 0 },
  { name: "child-c", kind: "child", part: "held-out", espeak: "en-us+f5", pitch: 75, cents: 350 },
  { name: "child-d", kind: "child", part: "held-out", espeak: "en-us+f1", pitch: 80, cents: 400 },
];
const voiceNamed = (name: string) => VOICES.find((v) => v.name === name) as VoiceLabel;

function lessonNamed(slug: string) {
  const lesson = CATALOG.find((c) => c.slug === slug);
  if (!lesson) throw new Error(`No lesson ${slug}`);
  return lesson;
}

const CMUDICT = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict";

// ───────────────────────────── Near misses ─────────────────────────────

interface NearMisses {
  /** Words one phone away from `word` (one phone changed): the lessons' own when any are. */
  of(word: string): string[];
}

/**
 * Words one sound away from a passage word, from CMUdict: what a young reader says instead
 * ("horse" for "house"). Our own lessons' vocabulary is preferred, so most near misses are
 * words a child knows rather than the dictionary's names and rarities.
 */
async function nearMisses(vocabulary: ReadonlySet<string>): Promise<NearMisses> {
  const prons = new Map<string, string[]>();
  const spelling = new Map<string, string>();
  const phones = new Set<string>();
  const better = (word: string, than: string) =>
    vocabulary.has(word) !== vocabulary.has(than)
      ? vocabulary.has(word)
      : word.length < than.length;
  for (const line of (await readFile(CMUDICT, "utf8")).split("\n")) {
    const [word, ...pron] = line.trim().split(/\s+/);
    if (!word || pron.length === 0 || !/^[a-z]+$/.test(word)) continue;
    if (!prons.has(word)) prons.set(word, pron);
    for (const p of pron) phones.add(p);
    const key = pron.join(" ");
    const had = spelling.get(key);
    if (!had || better(word, had)) spelling.set(key, word);
  }
  return {
    of(word) {
      const pron = prons.get(word) ?? [];
      const found = new Set<string>();
      pron.forEach((_, i) => {
        for (const p of phones) {
          const other = spelling.get(pron.with(i, p).join(" "));
          if (other && other !== word) found.add(other);
        }
      });
      const known = [...found].filter((w) => vocabulary.has(w));
      return known.length > 0 ? known : [...found];
    },
  };
}

/**
 * The source of a reading plan's dice and near misses: a CMUdict neighbour or, one time in
 * three, another word of the passage with the same first letter (the demo readings' slip).
 */
function planSource(random: Random, forms: readonly string[], misses: NearMisses): PlanSource {
  const distinct = [...new Set(forms)].filter(Boolean);
  return {
    next: random.next,
    substitute(index) {
      const form = forms[index] as string;
      const sameLetter = distinct.filter((f) => f !== form && f[0] === form[0]);
      const neighbours = misses.of(form);
      if (sameLetter.length > 0 && (neighbours.length === 0 || random.next() < 1 / 3))
        return random.pick(sameLetter);
      return neighbours.length > 0 ? random.pick(neighbours) : null;
    },
  };
}

// ───────────────────────────── Speech ─────────────────────────────

/**
 * Each text said on its own by a voice at a speed. One shell runs espeak-ng once per text:
 * thousands of forks of this (large) Node process cost more system time than the speech.
 */
async function speakEach(
  texts: readonly string[],
  voice: VoiceLabel,
  speed: number,
): Promise<Map<string, Int16Array>> {
  const dir = await mkdtemp(join(tmpdir(), "refrain-asr-words-"));
  try {
    await writeFile(join(dir, "texts"), `${texts.join("\n")}\n`);
    const script =
      'i=0; while IFS= read -r text; do espeak-ng -v "$1" -s "$2" -p "$3" -w "$4/$i.wav" -- "$text" || exit 1; i=$((i+1)); done < "$4/texts"';
    await run("sh", ["-c", script, "sh", voice.espeak, String(speed), String(voice.pitch), dir]);
    const said = new Map<string, Int16Array>();
    for (const [i, text] of texts.entries())
      said.set(text, trimSilence(wavSamples(await readFile(join(dir, `${i}.wav`)))));
    return said;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * espeak-ng's speed for phrases at a reading rate. Its connected speech runs about 1.2 times
 * the speed it is given (17 words at speed 120 took 7.1 s, at 175 4.8 s), and a reader's pauses
 * between phrases take some of the minute: so a little faster than rate / 1.2. espeak-ng says
 * nothing slower than 80.
 */
const espeakSpeed = (rate: number) => Math.min(300, Math.max(80, Math.round(rate / 1.05)));

/** Readers at this rate or faster read on across the ends of lines, to the end of a sentence. */
const FLUENT = 110;

/**
 * The most words said in one breath at a rate: a slow reader goes a word at a time, a middling
 * one up to half a line, a fluent one whole sentences.
 */
const phraseWords = (rate: number) => (rate < 70 ? 1 : rate < FLUENT ? 6 : 25);

/** Each passage word's sentence: the count of sentence ends (. ! ?) before it. */
function sentences(words: readonly string[]): number[] {
  let sentence = 0;
  return words.map((word) => {
    const at = sentence;
    if (/[.!?]["”’')]*$/.test(word)) sentence++;
    return at;
  });
}

/**
 * Seconds a word that hesitations (8 % of words, 1.25 s on average) and the extra words of
 * slips add on average: each word's slot leaves room for them, so the planned rate holds.
 */
const EXTRA_PER_WORD = 0.15;

interface ReadingSpec {
  id: string;
  lesson: string;
  voice: VoiceLabel;
  rate: number;
  noiseDb: NoiseDb;
  /** When the reader stops (seconds into the clip), or null to read on to the timer. */
  stopAt: number | null;
  seed: number;
}

interface MadeReading {
  /** 16 kHz samples of the clip, speech only (noise is mixed in afterwards). */
  speech: Float32Array;
  seconds: number;
  steps: TimedStep[];
  words: string[];
}

/** A phrase where it was said: its steps, when it starts and how long it lasts. */
interface Placed {
  steps: ReadingStep[];
  text: string;
  start: number;
  seconds: number;
}

/**
 * Lays the reading's phrases end to end: each takes its words' slots at the planned rate (60 /
 * rate seconds a word, less room for slips): the phrase itself and a pause. A hesitation adds
 * its pause. The reader stops at `stopAt` (between phrases), finishes the passage, or is cut
 * off by the timer.
 */
function layOut(
  phrases: { steps: ReadingStep[]; text: string; seconds: number }[],
  spec: ReadingSpec,
  random: Random,
  lead: number,
): Placed[] {
  const slot = 60 / spec.rate - EXTRA_PER_WORD;
  const out: Placed[] = [];
  let time = lead;
  for (const phrase of phrases) {
    time += phrase.steps[0]?.pause ?? 0;
    if (time >= (spec.stopAt ?? TIMED_SECONDS)) break;
    out.push({ ...phrase, start: time });
    const said = phrase.steps.filter((s) => s.kind !== "omit").length;
    const pause = Math.max(0.08, said * slot - phrase.seconds) * (0.8 + 0.4 * random.next());
    time += phrase.seconds + pause;
  }
  return out;
}

async function makeReading(spec: ReadingSpec, misses: NearMisses): Promise<MadeReading> {
  const random = seededRandom(spec.seed);
  const passage = splitLyrics(lessonNamed(spec.lesson).lyrics);
  const words = passage.map((w) => w.text);
  const forms = words.map(spokenForm);
  const plan = planReading(forms, planSource(random, forms, misses));
  const sayOf = (step: ReadingStep) =>
    step.kind === "omit" ? "" : "said" in step ? step.said : (forms[step.index] as string);
  const textOf = (steps: readonly ReadingStep[]) => steps.map(sayOf).filter(Boolean).join(" ");
  // A fluent reader breathes at the end of a sentence, a slower one at the end of a line.
  const sentenceOf = sentences(words);
  const groupOf =
    spec.rate >= FLUENT ? (i: number) => sentenceOf[i] ?? 0 : (i: number) => passage[i]?.line ?? 0;
  const groups = phrasesOf(plan, groupOf, phraseWords(spec.rate));
  const speed = espeakSpeed(spec.rate);
  const sound = await speakEach(
    [...new Set(groups.map(textOf).filter(Boolean))],
    spec.voice,
    speed,
  );
  const lengthOf = (text: string) => (sound.get(text)?.length ?? 0) / VOICE_RATE;
  const lead = 0.5 + random.next();
  const placed = layOut(
    groups.map((steps) => ({ steps, text: textOf(steps), seconds: lengthOf(textOf(steps)) })),
    spec,
    random,
    lead,
  );
  const lastEnd = Math.max(...placed.map((p) => p.start + p.seconds));
  // A reader who finishes or stops is recorded a moment longer; the timer cuts mid-word.
  const seconds = round3(Math.min(TIMED_SECONDS, lastEnd + 0.5 + random.next() * 0.5));
  const steps: TimedStep[] = [];
  for (const phrase of placed) {
    const said = phrase.steps.filter((s) => s.kind !== "omit");
    const cut = phrase.start < seconds && seconds < phrase.start + phrase.seconds;
    const ends = cut
      ? await measuredEnds(phrase, said.map(sayOf), spec.voice, speed)
      : shareOut(
          phrase.start,
          phrase.start + phrase.seconds,
          said.map((s) => sayOf(s).length + 1),
        );
    steps.push(...timePhrase(phrase.steps, phrase.start, ends));
  }
  const voice = new Int16Array(Math.ceil(Math.max(seconds, lastEnd) * VOICE_RATE));
  for (const phrase of placed) {
    const samples = sound.get(phrase.text);
    if (samples) voice.set(samples, Math.round(phrase.start * VOICE_RATE));
  }
  const speech = await toClipRate(voice, spec.voice.cents);
  return { speech: speech.subarray(0, Math.round(seconds * CLIP_RATE)), seconds, steps, words };
}

/**
 * Where each word of the phrase the timer cuts ends, from the phrase said longer word by word
 * ("the", "the big", "the big house"): the label's last word depends on whether half of the
 * cut word is in the clip. A word at the end of a prefix is said a little longer than inside
 * the phrase, so the prefixes' lengths are scaled to the whole phrase's.
 */
async function measuredEnds(phrase: Placed, texts: string[], voice: VoiceLabel, speed: number) {
  const prefixes = texts.map((_, i) =>
    texts
      .slice(0, i + 1)
      .filter(Boolean)
      .join(" "),
  );
  const said = await speakEach([...new Set(prefixes.filter(Boolean))], voice, speed);
  const lengths = prefixes.map((p) => (said.get(p)?.length ?? 0) / VOICE_RATE);
  const scale = phrase.seconds / Math.max(lengths.at(-1) ?? 0, 1e-6);
  // Running maximum: an empty text (a dash) adds nothing, and never runs backwards.
  let at = 0;
  return lengths.map((l) => {
    at = Math.max(at, l * scale);
    return phrase.start + at;
  });
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** sox: raise the whole spectrum by `cents` (duration kept), then resample to 16 kHz. */
async function toClipRate(voice: Int16Array, cents: number): Promise<Float32Array> {
  const raw = ["-t", "raw", "-e", "signed", "-b", "16", "-c", "1"];
  const dir = await mkdtemp(join(tmpdir(), "refrain-asr-"));
  try {
    await writeFile(join(dir, "in.raw"), voice);
    const { stdout } = await run(
      "sox",
      [
        ...["-R", ...raw, "-r", String(VOICE_RATE), join(dir, "in.raw")],
        ...[...raw, "-r", String(CLIP_RATE), "-"],
        ...(cents ? ["pitch", String(cents)] : []),
        ...["rate", "-v", String(CLIP_RATE)],
      ],
      { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
    );
    return toFloat(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const toFloat = (pcm: Buffer) =>
  Float32Array.from(new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length >> 1));

// ───────────────────────────── Noise ─────────────────────────────

/**
 * Room-like noise from sox: pink, brown or low-passed white, slowly swelling (tremolo), a
 * different stretch of it each time (the generator is repeatable, so the stretch is trimmed
 * from a random offset).
 */
async function noise(seconds: number, random: Random): Promise<Float32Array> {
  const colour = random.pick(["pinknoise", "brownnoise", "whitenoise"]);
  const offset = random.next() * 20;
  const { stdout } = await run(
    "sox",
    [
      ...[
        "-R",
        "-n",
        "-t",
        "raw",
        "-r",
        String(CLIP_RATE),
        "-e",
        "signed",
        "-b",
        "16",
        "-c",
        "1",
        "-",
      ],
      ...["synth", (seconds + offset).toFixed(3), colour, "vol", "0.5"],
      ...["lowpass", String(random.int(2500, 7000))],
      ...["tremolo", (0.1 + random.next() * 0.4).toFixed(2), String(random.int(10, 40))],
      ...["trim", offset.toFixed(3)],
    ],
    { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
  );
  return toFloat(stdout);
}

/**
 * The speech's level where it is speech: the RMS of the 20 ms frames within 35 dB of the
 * loudest, so the pauses between words do not lower it (an SNR over the whole clip would make a
 * slow reading's noise quieter than a fast one's).
 */
export function speechRms(samples: Float32Array, rate = CLIP_RATE): number {
  const frame = Math.round(rate / 50);
  const powers: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += (samples[i] as number) ** 2;
    powers.push(sum / frame);
  }
  const loudest = Math.max(...powers);
  const active = powers.filter((p) => p >= loudest / 10 ** 3.5);
  return Math.sqrt(active.reduce((a, b) => a + b, 0) / Math.max(1, active.length));
}

const rms = (samples: Float32Array) =>
  Math.sqrt(samples.reduce((a, s) => a + s * s, 0) / Math.max(1, samples.length));

/** The samples scaled to an RMS of `level`. */
function atLevel(samples: Float32Array, level: number): Float32Array {
  const gain = level / rms(samples);
  return samples.map((s) => s * gain);
}

/**
 * A "clean" reading still has a faint noise floor this far below the speech, as every real
 * recording has: pure digital silence between words is no real input, and pocketsphinx's
 * features of it are degenerate (two clean clips of three that it declined or lost were
 * suggested within 1 WCPM with a floor added).
 */
const CLEAN_FLOOR_DB = 50;

/** Speech plus noise scaled to `snrDb` below the speech's level, kept below clipping. */
async function mix(speech: Float32Array, snrDb: NoiseDb, random: Random): Promise<Float32Array> {
  const belowSpeech = snrDb ?? CLEAN_FLOOR_DB;
  const sound = await noise(speech.length / CLIP_RATE, random);
  const gain = speechRms(speech) / 10 ** (belowSpeech / 20) / rms(sound);
  const out = speech.map((s, i) => s + gain * (sound[i] ?? 0));
  const peak = out.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
  return peak > 32_000 ? out.map((s) => (s * 32_000) / peak) : out;
}

// ───────────────────────────── Files ─────────────────────────────

/** A 16 kHz mono 16-bit PCM WAV. */
function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => {
    data.writeInt16LE(Math.max(-32_768, Math.min(32_767, Math.round(s))), i * 2);
  });
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(CLIP_RATE, 24);
  header.writeUInt32LE(CLIP_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const writeClip = (audio: string, samples: Float32Array) =>
  writeFile(join(SET_DIR, audio), wav(samples));

// ───────────────────────────── The set ─────────────────────────────

/**
 * The passages in two halves (a seeded shuffle): the tuning voices read one, the held-out voices
 * the other, so no held-out reading shares its passage or its voice with the tuning part.
 */
function passagesByPart(): Record<Part, string[]> {
  const random = seededRandom(SEED + 2);
  const slugs = CATALOG.map((c) => c.slug).toSorted();
  for (let i = slugs.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [slugs[i], slugs[j]] = [slugs[j] as string, slugs[i] as string];
  }
  const half = Math.ceil(slugs.length / 2);
  return { tuning: slugs.slice(0, half), "held-out": slugs.slice(half) };
}

/**
 * 8 voices × 3 noise levels × READINGS_PER_CELL readings; in each cell the rates spread over
 * 40–160 words a minute, and about one reading in three stops early (15–45 s).
 */
function readingSpecs(): ReadingSpec[] {
  const random = seededRandom(SEED);
  const passages = passagesByPart();
  const specs: ReadingSpec[] = [];
  for (const voice of VOICES)
    for (const noiseDb of NOISES)
      for (let k = 0; k < READINGS_PER_CELL; k++) {
        const step = 120 / (READINGS_PER_CELL - 1);
        const rate = Math.min(160, Math.max(40, Math.round(40 + k * step + random.int(-8, 8))));
        specs.push({
          id: `${voice.name}-${noiseDb === null ? "clean" : `${noiseDb}db`}-${k}`,
          lesson: random.pick(passages[voice.part]),
          voice,
          rate,
          noiseDb,
          stopAt: random.next() < 1 / 3 ? random.int(15, 45) : null,
          seed: random.int(1, 2 ** 31),
        });
      }
  return specs;
}

async function labelledReading(spec: ReadingSpec, misses: NearMisses): Promise<ReadingEntry> {
  const made = await makeReading(spec, misses);
  const audio = `${spec.id}.wav`;
  await writeClip(audio, await mix(made.speech, spec.noiseDb, seededRandom(spec.seed + 1)));
  const label = labelReading(made.steps, made.seconds);
  return {
    id: spec.id,
    part: spec.voice.part,
    lesson: spec.lesson,
    words: made.words,
    voice: spec.voice,
    rate: spec.rate,
    noiseDb: spec.noiseDb,
    audio,
    seconds: made.seconds,
    stoppedEarly: spec.stopAt !== null,
    ...label,
  };
}

/** What a bad input's clip is made of: noise at an RMS level, or a reading cut short. */
type BadSound =
  | { noiseRms: number }
  | { read: string; voice: string; rate: number; stopAt: number | null; cut?: number };

/** Recordings with no reading to score, the words they are scored against, and why. */
const BAD_INPUTS: {
  id: string;
  what: string;
  lesson: string;
  sound: BadSound;
  reasons: DeclineReason[];
}[] = [
  // RMS 10 of 32,768 is a noise floor near -70 dBFS; 3,000 is room noise near -20 dBFS.
  {
    id: "bad-silence",
    what: "a faint noise floor, no speech",
    lesson: "k-fly-kite-fly",
    sound: { noiseRms: 10 },
    reasons: ["silent"],
  },
  {
    id: "bad-noise",
    what: "loud room noise, no speech",
    lesson: "g2-hello-nia",
    sound: { noiseRms: 3000 },
    reasons: ["silent", "too_noisy"],
  },
  {
    id: "bad-other-passage-adult",
    what: "another passage read (adult-like)",
    lesson: "g2-pennies-in-the-jar",
    sound: { read: "g3-monarch-sky-highway", voice: "adult-f", rate: 110, stopAt: 30 },
    reasons: ["does_not_fit"],
  },
  {
    id: "bad-other-passage-child",
    what: "another passage read (child-like)",
    lesson: "bm-g1-snails",
    sound: { read: "g4-the-waggle-dance", voice: "child-a", rate: 110, stopAt: 30 },
    reasons: ["does_not_fit"],
  },
  {
    id: "bad-two-seconds",
    what: "the first two seconds of a reading",
    lesson: "k-fly-kite-fly",
    sound: { read: "k-fly-kite-fly", voice: "adult-m", rate: 120, stopAt: null, cut: 2 },
    reasons: ["too_short"],
  },
];

async function badInput(
  bad: (typeof BAD_INPUTS)[number],
  seed: number,
  misses: NearMisses,
): Promise<BadInputEntry> {
  const random = seededRandom(seed);
  let clip: Float32Array;
  if ("noiseRms" in bad.sound) {
    clip = atLevel(await noise(20, random), bad.sound.noiseRms);
  } else {
    const { read, voice, rate, stopAt, cut } = bad.sound;
    const spec = {
      id: bad.id,
      lesson: read,
      voice: voiceNamed(voice),
      rate,
      noiseDb: null,
      stopAt,
      seed,
    };
    const made = await makeReading(spec, misses);
    const speech = made.speech.subarray(0, Math.round((cut ?? made.seconds) * CLIP_RATE));
    clip = await mix(speech, null, random);
  }
  const audio = `${bad.id}.wav`;
  await writeClip(audio, clip);
  const words = splitLyrics(lessonNamed(bad.lesson).lyrics).map((w) => w.text);
  const { id, what, lesson, reasons } = bad;
  return {
    id,
    what,
    lesson,
    words,
    audio,
    seconds: round3(clip.length / CLIP_RATE),
    expect: "declined",
    reasons,
  };
}

async function generate(): Promise<LabelledSet> {
  const vocabulary = new Set(
    CATALOG.flatMap((c) => splitLyrics(c.lyrics).map((w) => spokenForm(w.text))),
  );
  const misses = await nearMisses(vocabulary);
  await mkdir(SET_DIR, { recursive: true });
  let done = 0;
  const specs = readingSpecs();
  const readings = await inPool(specs, PARALLEL, async (spec) => {
    const entry = await labelledReading(spec, misses);
    console.log(
      `  ${++done}/${specs.length} ${spec.id}: ${entry.seconds} s, ${entry.deviations.length} deviations`,
    );
    return entry;
  });
  return {
    version: SET_VERSION,
    seed: SEED,
    readings,
    badInputs: await inPool(BAD_INPUTS, PARALLEL, (bad) => badInput(bad, SEED + 1, misses)),
  };
}

async function main() {
  if (existsSync(LABELS_FILE)) {
    console.log(`Labelled set v${SET_VERSION} already made: ${SET_DIR}`);
    return;
  }
  for (const tool of ["espeak-ng", "sox"])
    await run(tool, ["--version"]).catch(() => {
      throw new Error(
        `${tool} is missing: the labelled set is made with it (apt-get install ${tool})`,
      );
    });
  const started = performance.now();
  console.log(`Making the labelled set v${SET_VERSION} (seed ${SEED}) in ${SET_DIR}`);
  const set = await generate();
  // Labels last, and renamed into place: a run killed half-way is made again, not half-used.
  await writeFile(`${LABELS_FILE}.part`, JSON.stringify(set, null, 1));
  await rename(`${LABELS_FILE}.part`, LABELS_FILE);
  const audio = set.readings.reduce((sum, r) => sum + r.seconds, 0);
  console.log(
    `${set.readings.length} readings (${(audio / 60).toFixed(1)} min) and ${set.badInputs.length} bad inputs in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

await main();
