import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runHelper } from "../../apps/server/src/adapters/helper-process.ts";
import { AAC_AUDIO } from "../../apps/server/src/areas/fluency/process.ts";
import { SET_DIR } from "./labels.ts";

/** Where the clips go through the production path once (they are kept for the next run). */
const PRODUCTION_DIR = join(SET_DIR, "production");

/**
 * The clip as the engine meets it in production: Chromium's MediaRecorder with `audio: true`
 * (Opus in WebM, 48 kHz mono, 128 kb/s, as it reports on this machine), then the processing
 * job's M4A (`AAC_AUDIO`). Chromium's own echo cancellation, noise suppression and gain control
 * are not reproduced: they would change the sound, likely for the better at 10 dB.
 */
export async function productionAudio(entry: { audio: string }): Promise<string> {
  const kept = join(PRODUCTION_DIR, entry.audio.replace(/\.wav$/, ".m4a"));
  if (existsSync(kept)) return kept;
  await mkdir(PRODUCTION_DIR, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), "refrain-asr-path-"));
  try {
    const webm = join(work, "recording.webm");
    const quiet = ["-v", "error", "-nostdin", "-y"];
    const wav = join(SET_DIR, entry.audio);
    const browser = ["-ar", "48000", "-ac", "1", "-c:a", "libopus", "-b:a", "128k"];
    await runHelper("ffmpeg", [...quiet, "-i", wav, ...browser, "-f", "webm", webm]);
    const m4a = join(work, "recording.m4a");
    await runHelper("ffmpeg", [...quiet, "-i", webm, "-vn", ...AAC_AUDIO, m4a]);
    await rename(m4a, kept);
    return kept;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
