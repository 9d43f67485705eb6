import { availableParallelism } from "node:os";
import { HelperFailed, runHelper } from "./helper-process.ts";

/**
 * ffmpeg and ffprobe (Debian's), run on local files as helpers (helper-process.ts: lowest
 * priority, one at a time, ended with the server). Their messages stay in the log: what a
 * person reads is a MediaError's message, never a path or a command line.
 */

/** A file ffmpeg could not read or make, in words for a teacher. */
export class MediaError extends Error {}

/** Every core: a worker runs one ffmpeg at a time (jobs/index.ts), so it may use them all. */
export const FFMPEG_THREADS = String(availableParallelism());

interface Run {
  /** Ends the process (a stopping worker, a job past its time). */
  signal?: AbortSignal;
  timeoutMs: number;
}

export interface Probe {
  /** Seconds, when the container says (Chromium's WebM does not). */
  durationSeconds: number | null;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

interface ProbeJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
}

/** What a media file holds; a MediaError when it is not one ffprobe can read. */
export async function probe(path: string, run_: Run = { timeoutMs: 30_000 }): Promise<Probe> {
  let out: string;
  try {
    const { stdout } = await runHelper(
      "ffprobe",
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
      run_,
    );
    out = stdout.toString();
  } catch (error) {
    if (error instanceof HelperFailed)
      throw new MediaError("The recording could not be read as video or audio.");
    throw error;
  }
  const json = JSON.parse(out) as ProbeJson;
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video");
  const audio = streams.find((s) => s.codec_type === "audio");
  const duration = Number(json.format?.duration);
  return {
    durationSeconds: Number.isFinite(duration) ? duration : null,
    video: video
      ? { codec: video.codec_name ?? "", width: video.width ?? 0, height: video.height ?? 0 }
      : null,
    audio: audio ? { codec: audio.codec_name ?? "" } : null,
  };
}

/**
 * Runs ffmpeg; a failure becomes a MediaError saying `failure`, with ffmpeg's own words kept in
 * `detail` for the log.
 */
export async function ffmpeg(args: string[], failure: string, options: Run): Promise<void> {
  try {
    await runHelper(
      "ffmpeg",
      ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", ...args],
      options,
    );
  } catch (error) {
    if (!(error instanceof HelperFailed)) throw error;
    throw Object.assign(new MediaError(failure), { detail: error.stderr.slice(-600) });
  }
}
