import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Storage } from "../../adapters/storage.ts";
import { writeVtt } from "../lessons/index.ts";

/**
 * What the tutorial videos and the tutor story videos share: a voice track laid out sample by
 * sample (the narrator is the lesson tracks' `speak`, espeak-ng), captions placed where the
 * voice was, and how a made video is stored. espeak-ng and ffmpeg run as helpers
 * (adapters/helper-process.ts), at the lowest priority, since the videos are made beside a
 * server that answers people.
 */

/** espeak-ng's output rate: 22.05 kHz, mono, 16-bit. */
export const VOICE_RATE = 22_050;

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

/** Where the media routes serve a stored video file (media-routes.ts): under /media/, by its key. */
export const servedAt = (key: string) => `/media/${key}`;

/** H.264 in yuv420p (every browser plays it) and AAC, the index up front for streaming. */
export const MP4_OUTPUT = [
  ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-profile:v", "high"],
  ...["-c:a", "aac", "-b:a", "64k", "-ar", "44100", "-ac", "1"],
  ...["-movflags", "+faststart", "-f", "mp4"],
] as const;

/** A video made in a folder: its MP4, its captions, and for some a thumbnail. */
export interface MadeVideo {
  video: string;
  cues: Cue[];
  /** Seconds. */
  duration: number;
  thumbnail?: string;
}

/**
 * Makes a video in a folder of its own (`make`) and stores its files under `keys`: captions and
 * thumbnail first, the video last, so that the video's presence says the whole set is there.
 * The folder is removed whatever happens. Gives what the maker logs.
 */
export async function makeAndStoreVideo(
  store: Storage,
  keys: { video: string; captions: string; thumbnail?: string },
  folderPrefix: string,
  make: (dir: string) => Promise<MadeVideo>,
): Promise<{ duration: number; bytes: number | null; ms: number }> {
  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), folderPrefix));
  try {
    const made = await make(dir);
    await store.put(keys.captions, Buffer.from(writeVtt(made.cues)));
    if (keys.thumbnail && made.thumbnail) await store.putFile(keys.thumbnail, made.thumbnail);
    await store.putFile(keys.video, made.video);
    return {
      duration: made.duration,
      bytes: await store.size(keys.video),
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
