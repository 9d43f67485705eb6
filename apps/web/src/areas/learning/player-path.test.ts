import { describe, expect, it } from "vitest";
import {
  isPlayerStep,
  isRecordingStep,
  nextAfterReading,
  playerPath,
  RECORDING_STEPS,
  stepOf,
} from "./player-path.ts";

describe("lesson player steps", () => {
  it("opens a lesson at the step the home says is next, the read-along once all is done", () => {
    expect(stepOf(undefined)).toBe("read");
    expect(stepOf("read")).toBe("read");
    expect(stepOf(2)).toBe("2");
    expect(stepOf(4)).toBe("4");
    expect(stepOf("done")).toBe("read");
    expect(playerPath(7, stepOf(3))).toBe("/student/learn/7/3");
  });

  it("knows its steps and nothing else", () => {
    expect(["read", "1", "4"].every(isPlayerStep)).toBe(true);
    expect(["0", "5", "day1", undefined].some(isPlayerStep)).toBe(false);
  });

  it("has a step for each reading a student records, and only those record", () => {
    expect(["cold-read", "hot-read", "benchmark"].every(isPlayerStep)).toBe(true);
    expect(Object.values(RECORDING_STEPS).sort()).toEqual(["benchmark", "cold_read", "hot_read"]);
    expect(isRecordingStep("hot-read")).toBe(true);
    expect(isRecordingStep("read")).toBe(false);
    expect(isRecordingStep("1")).toBe(false);
    expect(playerPath(7, "cold-read")).toBe("/student/learn/7/cold-read");
  });

  it("leads on from a reading to the first step not done, never to a day already done", () => {
    expect(nextAfterReading("cold-read", 1)).toEqual({ label: "Next: Read along", step: "read" });
    expect(nextAfterReading("hot-read", 1)).toEqual({ label: "Next: Day 1", step: "1" });
    expect(nextAfterReading("hot-read", 4)).toEqual({ label: "Next: Day 4", step: "4" });
    expect(nextAfterReading("benchmark", "read")).toEqual({
      label: "Next: Read along",
      step: "read",
    });
    expect(nextAfterReading("hot-read", "done")).toBeNull();
    // A preview has no progress: it shows the lesson's order.
    expect(nextAfterReading("hot-read", undefined)).toEqual({ label: "Next: Day 1", step: "1" });
  });
});
