import { readyInMinutes } from "@refrain/domain";

/**
 * A reading's video while it is being made (issue 37): the server says about when it will be
 * ready (`ready_in_seconds`, from the processing queue), and a page showing one asks again
 * until it is, more often as it nears, never more than every few seconds.
 */

/** When the video should be ready, in words. */
export const readyWhen = (seconds: number | null) => {
  if (seconds === null) return "It will be ready soon.";
  const minutes = readyInMinutes(seconds);
  return `It should be ready in about ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
};

/** The same, short enough for a table's cell. */
export const readyWhenShort = (seconds: number | null) =>
  seconds === null ? "Video ready soon" : `Video ready in about ${readyInMinutes(seconds)} min`;

const SOONEST_POLL_MS = 3000;
const LATEST_POLL_MS = 15_000;

/**
 * How long a page showing these readings waits before asking again: about half the soonest
 * estimate, between 3 and 15 seconds; `false` once none is being made.
 */
export function pollWhileMade(
  readings: readonly { ready_in_seconds: number | null }[],
): number | false {
  // The server estimates every reading being made, and only those.
  const waits = readings.flatMap((r) =>
    r.ready_in_seconds === null ? [] : [r.ready_in_seconds * 500],
  );
  if (waits.length === 0) return false;
  return Math.min(LATEST_POLL_MS, Math.max(SOONEST_POLL_MS, Math.min(...waits)));
}
