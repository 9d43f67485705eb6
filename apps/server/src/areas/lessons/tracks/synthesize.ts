import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runHelper } from "../../../adapters/helper-process.ts";
import type { WordCue } from "./vtt.ts";

/** espeak-ng's output rate: 22.05 kHz, mono, 16-bit. */
const VOICE_RATE = 22_050;
/** The beat's tempo, 96 beats a minute: one beat lasts this many seconds. */
const BEAT = 0.625;
/** Silence the track starts with (two beats, so the beat is heard before the first word). */
const LEAD_IN = 2 * BEAT;
const GAP_WORD = 0.08;
const GAP_LINE = 0.35;
/** Between stanzas (a blank line in the lyrics). */
const GAP_STANZA = 0.8;
/** A "word" with nothing to say (a dash) still gets a cue, lit this long. */
const SILENT_WORD = 0.2;
/** The beat plays on after the last word, then fades. */
const TAIL = 2;
/** Below this level a sample counts as silence when a spoken word is trimmed. */
const SILENCE = 400;

/** The part of a word espeak-ng says: the word without the punctuation around it. */
export const spokenForm = (word: string) =>
  word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").toLowerCase();

/** The samples of a 16-bit PCM WAV file (as espeak-ng writes it). */
export function wavSamples(wav: Buffer): Int16Array {
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString("ascii", at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    // espeak-ng writing to a pipe cannot go back to fill in sizes: it leaves 0x7fffffff there.
    if (id === "data") {
      const end = Math.min(wav.length, at + 8 + size);
      const bytes = wav.subarray(at + 8, end - ((end - at - 8) % 2));
      return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    }
    at += 8 + size + (size % 2);
  }
  throw new Error("WAV without a data chunk");
}

/** The samples without the silence espeak-ng puts before and after what it says. */
export function trimSilence(samples: Int16Array): Int16Array {
  let first = 0;
  let last = samples.length - 1;
  while (first <= last && Math.abs(samples[first] as number) < SILENCE) first++;
  while (last >= first && Math.abs(samples[last] as number) < SILENCE) last--;
  return samples.subarray(first, last + 1);
}

/**
 * Says `text` in American English at `wordsPerMinute`; the samples, silence trimmed. `signal`
 * ends it (a recording that is stopped).
 */
export async function speak(
  text: string,
  wordsPerMinute: number,
  signal?: AbortSignal,
): Promise<Int16Array> {
  const { stdout } = await runHelper(
    "espeak-ng",
    ["-v", "en-us", "-s", String(wordsPerMinute), "-z", "--stdout", "--", text],
    { signal },
  );
  return trimSilence(wavSamples(stdout));
}

/** Runs `work` on every item, at most `limit` at a time. */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The backing beat, our own sound made from formulas: a kick on every beat with a falling
 * pitch, a noise hi-hat on the off-beats, and a soft pad moving between C major and A minor
 * every bar.
 */
function beatExpression(): string {
  const kick = `0.6*sin(2*PI*(45+70*exp(-25*mod(t,${BEAT})))*mod(t,${BEAT}))*exp(-6*mod(t,${BEAT}))`;
  const hat = `0.08*(2*random(0)-1)*exp(-50*mod(t,${BEAT / 2}))*gte(mod(t,${BEAT}),${BEAT / 2})`;
  const chord = (...hz: number[]) => hz.map((f) => `sin(2*PI*${f}*t)`).join("+");
  const bar = 4 * BEAT;
  const pad = `0.03*if(lt(mod(t,${2 * bar}),${bar}),${chord(261.63, 329.63, 392)},${chord(220, 261.63, 329.63)})`;
  return `${kick}+${hat}+${pad}`;
}

export interface Track {
  /** Opus in WebM. */
  audio: Buffer;
  cues: WordCue[];
  /** Seconds. */
  duration: number;
}

/**
 * Speaks the words one by one with espeak-ng, lays them end to end with short gaps (longer at
 * line and stanza ends) and mixes them over the beat. Each cue's times are where its word's
 * samples were placed, so they are exact, not estimated.
 */
export async function makeTrack(
  words: readonly { text: string; line: number }[],
  options: { concurrency?: number } = {},
): Promise<Track> {
  const forms = words.map((w) => spokenForm(w.text));
  const distinct = [...new Set(forms.filter(Boolean))];
  const spoken = new Map(
    await inPool(
      distinct,
      options.concurrency ?? 2,
      async (f) => [f, await speak(f, 130)] as const,
    ),
  );

  const cues: WordCue[] = [];
  const pieces: { at: number; samples: Int16Array }[] = [];
  let time = LEAD_IN;
  words.forEach((word, index) => {
    const previous = words[index - 1];
    if (previous) {
      const lines = word.line - previous.line;
      time += lines === 0 ? GAP_WORD : lines === 1 ? GAP_LINE : GAP_STANZA;
    }
    const samples = spoken.get(forms[index] as string);
    const length = samples ? samples.length / VOICE_RATE : SILENT_WORD;
    if (samples) pieces.push({ at: Math.round(time * VOICE_RATE), samples });
    cues.push({ index, start: time, end: time + length, text: word.text });
    time += length;
  });
  const duration = time + TAIL;

  const voice = new Int16Array(Math.ceil(duration * VOICE_RATE));
  for (const p of pieces) voice.set(p.samples, p.at);
  const dir = await mkdtemp(join(tmpdir(), "refrain-track-"));
  try {
    const out = join(dir, "track.webm");
    const raw = join(dir, "voice.raw");
    await writeFile(raw, Buffer.from(voice.buffer));
    await runHelper("ffmpeg", [
      ...["-v", "error", "-nostdin", "-y"],
      ...["-f", "s16le", "-ar", String(VOICE_RATE), "-ac", "1", "-i", raw],
      ...["-f", "lavfi", "-i", `aevalsrc='${beatExpression()}':s=24000:d=${duration.toFixed(3)}`],
      "-filter_complex",
      [
        "[0]aresample=48000[v]",
        // The beat sits well under the voice: the words are what the student follows.
        `[1]aresample=48000,volume=0.3,afade=t=out:st=${(duration - TAIL).toFixed(3)}:d=${TAIL}[b]`,
        "[v][b]amix=inputs=2:duration=longest:normalize=0,alimiter=limit=0.95[out]",
      ].join(";"),
      ...["-map", "[out]", "-c:a", "libopus", "-b:a", "40k", "-f", "webm", out],
    ]);
    return { audio: await readFile(out), cues, duration };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Are espeak-ng and ffmpeg on this machine? */
export async function canMakeTracks(): Promise<boolean> {
  const present = (command: string, flag: string) =>
    runHelper(command, [flag]).then(
      () => true,
      () => false,
    );
  return (await present("espeak-ng", "--version")) && (await present("ffmpeg", "-version"));
}
