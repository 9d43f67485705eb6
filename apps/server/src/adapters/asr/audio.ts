/**
 * What the recogniser needs to know of a recording before it listens: how long it is, how much
 * of it is louder than its quietest part, and by how much (a rough speech-to-noise ratio).
 * Raw 16 kHz mono 16-bit samples, as ffmpeg writes them for the decoder.
 */

const RATE = 16_000;
/** 25 ms frames: short enough to find the gaps between words. */
const FRAME = 400;

export interface AudioFacts {
  seconds: number;
  /** Seconds of frames well above the background (10 dB over the quietest tenth). */
  speechSeconds: number;
  /** The loud frames' level over the quiet frames' level, in dB. */
  snrDb: number;
  /** Seconds of speech (as counted in `speechSeconds`) after a moment of the recording. */
  speechAfter(seconds: number): number;
  /** The quietest moment between two times (seconds): a place to cut between words. */
  quietestBetween(from: number, to: number): number;
}

export function audioFacts(raw: Buffer): AudioFacts {
  const samples = new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 2));
  const levels: number[] = [];
  for (let at = 0; at + FRAME <= samples.length; at += FRAME) {
    let sum = 0;
    for (let i = at; i < at + FRAME; i++) sum += (samples[i] as number) ** 2;
    // A floor of one quantisation step: digital silence is -0 dB, not minus infinity.
    levels.push(10 * Math.log10(Math.max(sum / FRAME, 1)));
  }
  const sorted = [...levels].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const floor = at(0.1);
  const loud = at(0.9);
  const speech = (l: number) => l > floor + 10 && l > 30;
  const frameSeconds = FRAME / RATE;
  return {
    seconds: samples.length / RATE,
    speechSeconds: levels.filter(speech).length * frameSeconds,
    snrDb: loud - floor,
    speechAfter: (seconds) =>
      levels.slice(Math.ceil(seconds / frameSeconds)).filter(speech).length * frameSeconds,
    quietestBetween(from, to) {
      let best = Math.floor(from / frameSeconds);
      for (let i = best; i < Math.min(levels.length, to / frameSeconds); i++)
        if ((levels[i] as number) < (levels[best] as number)) best = i;
      return (best + 0.5) * frameSeconds;
    },
  };
}
