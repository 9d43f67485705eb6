import { z } from "zod";

/**
 * Adapting the recogniser to a school's voices (issue 38): which of a school's confirmed
 * readings teach the adapted model and which check it, and whether it then replaces the base
 * model for the school's next suggestions. A confirmed reading is one a teacher graded with a
 * last word, whose media is still kept: its words, less those marked missed, are what was said.
 */

/** Fewer readings to learn from than this, and a school is not adapted yet. */
export const MIN_LEARNT = 5;
/** At most this many readings are learnt from: the newest before those checked on. */
export const MAX_LEARNT = 40;
/** Fewer readings to check a transform on than this, and the base model stays. */
export const MIN_CHECKED = 3;
/** The newest confirmed readings, up to this many, are kept back to check on. */
export const MAX_CHECKED = 5;
/** How many newly confirmed readings since its last adaptation before a school is adapted again. */
export const ADAPT_AGAIN_AFTER = 10;

/**
 * A school's confirmed readings, newest first, split into those checked on (the newest, never
 * learnt from) and those learnt from; null while there are too few for both.
 */
export function adaptationSplit<T>(
  newestFirst: readonly T[],
): { checkOn: T[]; learnFrom: T[] } | null {
  const checked = Math.min(MAX_CHECKED, newestFirst.length - MIN_LEARNT);
  if (checked < MIN_CHECKED) return null;
  return {
    checkOn: newestFirst.slice(0, checked),
    learnFrom: newestFirst.slice(checked, checked + MAX_LEARNT),
  };
}

/** Confirmed readings a school needs before it is first adapted. */
export const READINGS_TO_ADAPT = MIN_LEARNT + MIN_CHECKED;

/**
 * One of a school's recent confirmed readings that the transform did not learn from, suggested
 * by both models: each one's distance from the teacher's WCPM, or null when it declined.
 */
export const checkedReading = z.object({
  base: z.number().nullable(),
  adapted: z.number().nullable(),
});
export type CheckedReading = z.infer<typeof checkedReading>;

type Model = keyof CheckedReading;

/** How each model did on the checked readings: how many it suggested, how far off on average. */
export function checkedBy(checked: readonly CheckedReading[], model: Model) {
  const offs = checked.map((c) => c[model]).filter((d): d is number => d !== null);
  return {
    suggested: offs.length,
    meanError: offs.length > 0 ? offs.reduce((a, b) => a + b, 0) / offs.length : null,
  };
}

/**
 * What a checked reading costs a model when it declines: as much as a suggestion this far from
 * the teacher's WCPM. A suggestion nearer than that saves the teacher work; one further off
 * misleads more than no suggestion (issue 38: decline rather than be more than 20 off).
 */
export const DECLINE_COST = 20;

/** A model's cost on the checked readings: each one's distance, DECLINE_COST for a decline. */
export function checkedCost(checked: readonly CheckedReading[], model: Model): number {
  return checked.reduce((sum, c) => sum + (c[model] ?? DECLINE_COST), 0);
}

/**
 * Whether a school's transform replaces the base model for its next suggestions: only when it
 * beats the base model on readings it did not learn from, every reading costing what its
 * suggestion is off (a decline DECLINE_COST). A tie keeps the base model, which needs nothing
 * to be kept per school.
 */
export function keepsAdaptation(checked: readonly CheckedReading[]): boolean {
  if (checked.length < MIN_CHECKED) return false;
  return checkedCost(checked, "adapted") < checkedCost(checked, "base");
}
