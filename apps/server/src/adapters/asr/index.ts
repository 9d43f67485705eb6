import { existsSync } from "node:fs";
import type { SuggestionResult } from "@refrain/domain";
import { ADAPT_READY, adaptModel, type ConfirmedReading } from "./adapt.ts";
import { POCKETSPHINX_READY, pocketsphinx } from "./pocketsphinx.ts";

/**
 * The speech recogniser behind suggested scoring (issue 20), a port like mail and storage:
 * audio in, a suggestion (or a reasoned decline) out, all on this server. The default adapter
 * is Debian's pocketsphinx where its packages are installed (`npm start` and `npm test` install
 * them like ffmpeg), and none otherwise: readings then simply have no suggestions.
 *
 * A stronger engine (a Whisper or wav2vec2 model an operator downloads, run by a local process)
 * goes here as another adapter: it turns the audio into the same `PathStep`s through the
 * passage (or timed words aligned with domain `readPath`), and says which version it is, so
 * teachers' agreement is measured per engine version.
 */

export interface AsrRequest {
  /** A media file ffmpeg reads (the processed MP4 or M4A). */
  audioPath: string;
  /** The passage's words, in order (lesson_words.text). */
  words: readonly string[];
  /**
   * An MLLR transform of the acoustic model learnt from readings like this one (adapt.ts), or
   * none for the base model.
   */
  adaptation?: string;
  signal?: AbortSignal;
}

export interface AsrProvider {
  /** Engine and tuning version, e.g. "pocketsphinx-5prealpha/2": grades keep it. */
  readonly engine: string;
  suggest(request: AsrRequest): Promise<SuggestionResult>;
  /**
   * Learns a transform of the engine's model from readings whose words a teacher confirmed and
   * writes it to `out` (a file `AsrRequest.adaptation` names); absent when the engine cannot
   * adapt here (pocketsphinx without Debian's sphinxtrain).
   */
  adapt?(readings: readonly ConfirmedReading[], out: string, signal?: AbortSignal): Promise<void>;
}

export type AsrSetting = "auto" | "pocketsphinx" | "none";

/** The configured recogniser (`ASR_PROVIDER`), or null when readings get no suggestions. */
export function asrProvider(setting: AsrSetting = "auto"): AsrProvider | null {
  if (setting === "none") return null;
  if (setting === "pocketsphinx" || POCKETSPHINX_READY.every((path) => existsSync(path)))
    return ADAPT_READY.every((path) => existsSync(path))
      ? { ...pocketsphinx, adapt: adaptModel }
      : pocketsphinx;
  return null;
}
