/** The computed values of a grade (grading spec §3 "Computed values"). */

/** Correct words per minute = wpm + accuracy; null (shown "--") when wpm is not positive. */
export function correctWordsPerMinute(wpm: number, accuracy: number): number | null {
  return wpm > 0 ? wpm + accuracy : null;
}

/** Accuracy percent = rounded 100 × (wpm + accuracy) / wpm; null (shown "--") when wpm ≤ 0. */
export function accuracyPercent(wpm: number, accuracy: number): number | null {
  return wpm > 0 ? Math.round((100 * (wpm + accuracy)) / wpm) : null;
}

/** How the grader shows a computed value: "--" when there is none. */
export const shownMeasure = (value: number | null): string => (value === null ? "--" : `${value}`);

/**
 * WPM of a timed reading from the last word read: the words up to and including it, over the
 * minutes read (the recording's duration). Rounded; null without a positive duration.
 */
export function wpmFromLastWord(wordsRead: number, durationSeconds: number | null): number | null {
  if (!durationSeconds || durationSeconds <= 0 || wordsRead <= 0) return null;
  return Math.round(wordsRead / (durationSeconds / 60));
}
