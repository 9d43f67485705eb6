import { type DeviationType, isError } from "@refrain/domain";

/** The word indexes of the deviations that are errors. */
export const errorIndexes = (deviations: readonly { type: DeviationType; index: number }[]) =>
  new Set(deviations.filter((d) => isError(d.type)).map((d) => d.index));

/** One reading: its errors as labelled and as flagged, the words it read and its WCPM error. */
export interface Judged {
  labelled: Set<number>;
  flagged: Set<number>;
  words: number;
  wcpmError: number;
}

/**
 * How the flagged errors match the labels, as sweep.ts and tune.ts print it: precision
 * and recall, false alarms per 100 words read and the mean WCPM error.
 */
export function agreementText(readings: readonly Judged[]): string {
  let flagged = 0;
  let hits = 0;
  let truth = 0;
  let words = 0;
  for (const r of readings) {
    flagged += r.flagged.size;
    hits += [...r.flagged].filter((i) => r.labelled.has(i)).length;
    truth += r.labelled.size;
    words += r.words;
  }
  const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)} %` : "—");
  const mean = readings.reduce((sum, r) => sum + r.wcpmError, 0) / Math.max(1, readings.length);
  return (
    `precision ${pct(hits, flagged)}, recall ${pct(hits, truth)}, ` +
    `false alarms ${((100 * (flagged - hits)) / Math.max(1, words)).toFixed(1)}/100 words, ` +
    `WCPM error ${mean.toFixed(1)}`
  );
}
