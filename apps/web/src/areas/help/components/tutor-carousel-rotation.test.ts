import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  isPlaying,
  ROTATION_INTERVAL_MS,
  type RotationHolds,
  rotates,
  startRotation,
} from "./tutor-carousel-rotation.ts";

const free: RotationHolds = { hovered: false, focused: false, watching: false };

describe("the tutor carousel's rotation", () => {
  it("moves every 4 seconds, the spec's interval", () => {
    expect(ROTATION_INTERVAL_MS).toBe(4000);
  });

  it("plays unless the user prefers reduced motion, and then follows what they pressed", () => {
    expect(isPlaying(null, false)).toBe(true);
    expect(isPlaying(null, true)).toBe(false);
    expect(isPlaying(false, false)).toBe(false);
    expect(isPlaying(true, true)).toBe(true);
  });

  it("stands still while paused, hovered, focused or a video is open", () => {
    expect(rotates(true, free)).toBe(true);
    expect(rotates(false, free)).toBe(false);
    expect(rotates(true, { ...free, hovered: true })).toBe(false);
    expect(rotates(true, { ...free, focused: true })).toBe(false);
    expect(rotates(true, { ...free, watching: true })).toBe(false);
  });

  describe("the timer", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("advances once per interval until stopped", () => {
      const advance = vi.fn();
      const stop = startRotation(advance);
      vi.advanceTimersByTime(3999);
      expect(advance).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(advance).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(8000);
      expect(advance).toHaveBeenCalledTimes(3);
      stop();
      vi.advanceTimersByTime(20_000);
      expect(advance).toHaveBeenCalledTimes(3);
    });

    it("waits a whole interval again after a pause, however far the last one had gone", () => {
      const advance = vi.fn();
      const stop = startRotation(advance);
      vi.advanceTimersByTime(3000);
      stop();
      const again = startRotation(advance);
      vi.advanceTimersByTime(3000);
      expect(advance).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(advance).toHaveBeenCalledTimes(1);
      again();
    });
  });
});
