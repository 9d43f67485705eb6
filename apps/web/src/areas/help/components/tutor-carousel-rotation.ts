import { useEffect, useEffectEvent } from "react";

/** The carousel moves on every 4 seconds (classroom spec §9). */
export const ROTATION_INTERVAL_MS = 4000;

/** What holds the slides still for a while, apart from the user's own Pause. */
export interface RotationHolds {
  /** The pointer is over the slides: someone is looking at one. */
  hovered: boolean;
  /** Keyboard focus is on a slide or a carousel control (but not the Pause/Play button). */
  focused: boolean;
  /** A video is open in its modal. */
  watching: boolean;
}

/**
 * The user's choice: what they pressed last, else playing, unless they prefer reduced motion,
 * who get still slides until they press Play.
 */
export const isPlaying = (choice: boolean | null, reducedMotion: boolean) =>
  choice ?? !reducedMotion;

/**
 * Whether the slides move by themselves now (WCAG 2.2.2 and the WAI-ARIA carousel pattern):
 * playing, and nothing holds them.
 */
export const rotates = (playing: boolean, holds: RotationHolds) =>
  playing && !holds.hovered && !holds.focused && !holds.watching;

/** Calls `advance` every `interval` until the returned function stops it. */
export function startRotation(advance: () => void, interval = ROTATION_INTERVAL_MS): () => void {
  const timer = setInterval(advance, interval);
  return () => clearInterval(timer);
}

/**
 * Advances every interval while `running`; each start waits a whole interval, so a slide
 * someone just left stays a moment before it moves on.
 */
export function useRotation(running: boolean, advance: () => void) {
  const onTick = useEffectEvent(advance);
  useEffect(() => (running ? startRotation(() => onTick()) : undefined), [running]);
}
