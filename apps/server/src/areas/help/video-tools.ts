import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { wavSamples } from "../lessons/tracks/synthesize.ts";
import { formatTimestamp } from "../lessons/tracks/vtt.ts";

/**
 * What the tutorial videos and the tutor story videos share: a narrator (espeak-ng), a voice
 * track laid out sample by sample, captions placed where the voice was, and ffmpeg run at the
 * lowest priority, since the videos are made beside a server that answers people.
 */

/** espeak-ng's output rate: 22.05 kHz, mono, 16-bit. */
export const VOICE_RATE = 22_050;
/** Below this level a sample counts as silence when a spoken piece is trimmed. */
const SILENCE = 400;
/** The lowest CPU priority (nice 19): a request to the server always goes first. */
const LOWEST_PRIORITY = 19;

/**
 * Runs a command at the lowest CPU priority and resolves with its standard output; a failure
 * rejects with the end of its standard error, which names what went wrong.
 */
export function runLow(
  command: string,
  args: readonly string[],
  options: { cwd?: string } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    if (child.pid !== undefined)
      try {
        setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // It ended already (nothing left to slow down), or it is not ours to renice.
      }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else {
        const tail = Buffer.concat(err).toString().trim().split("\n").slice(-3).join(" | ");
        reject(new Error(`${command} exited with ${code}: ${tail}`));
      }
    });
  });
}

/** The samples without the silence espeak-ng puts before and after what it says. */
function trimSilence(samples: Int16Array): Int16Array {
  let first = 0;
  let last = samples.length - 1;
  while (first <= last && Math.abs(samples[first] as number) < SILENCE) first++;
  while (last >= first && Math.abs(samples[last] as number) < SILENCE) last--;
  return samples.subarray(first, last + 1);
}

/** Says `text` in American English at `wordsPerMinute`; the samples, silence trimmed. */
export async function speak(text: string, wordsPerMinute: number): Promise<Int16Array> {
  const wav = await runLow("espeak-ng", [
    ...["-v", "en-us", "-s", String(wordsPerMinute), "-z", "--stdout", "--", text],
  ]);
  return trimSilence(wavSamples(wav));
}

/** The spoken pieces laid end to end at their times (seconds), as raw 16-bit PCM for ffmpeg. */
export function voiceTrack(
  pieces: readonly { at: number; samples: Int16Array }[],
  duration: number,
): Buffer {
  const voice = new Int16Array(Math.ceil(duration * VOICE_RATE));
  for (const p of pieces) voice.set(p.samples, Math.round(p.at * VOICE_RATE));
  return Buffer.from(voice.buffer);
}

/** ffmpeg's input options for a voice track written by `voiceTrack`. */
export const VOICE_INPUT = ["-f", "s16le", "-ar", String(VOICE_RATE), "-ac", "1"] as const;

/** A caption: from `start` to `end` (seconds), where its words were placed in the voice. */
export interface Cue {
  id: string;
  start: number;
  end: number;
  text: string;
}

const escapeText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export function writeCues(cues: readonly Cue[]): string {
  const blocks = cues.map(
    (c) =>
      `${c.id}\n${formatTimestamp(c.start)} --> ${formatTimestamp(c.end)}\n${escapeText(c.text)}`,
  );
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

/** H.264 in yuv420p (every browser plays it) and AAC, the index up front for streaming. */
export const MP4_OUTPUT = [
  ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-profile:v", "high"],
  ...["-c:a", "aac", "-b:a", "64k", "-ar", "44100", "-ac", "1"],
  ...["-movflags", "+faststart", "-f", "mp4"],
] as const;
