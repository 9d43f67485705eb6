import { describe, expect, it } from "vitest";
import { pollWhileMade, readyWhen, readyWhenShort } from "./media-readiness.ts";

describe("a video being made", () => {
  it("says when it will be ready in whole minutes, never 'about 0'", () => {
    expect(readyWhen(20)).toBe("It should be ready in about 1 minute.");
    expect(readyWhen(150)).toBe("It should be ready in about 3 minutes.");
    expect(readyWhen(null)).toBe("It will be ready soon.");
    expect(readyWhenShort(150)).toBe("Video ready in about 3 min");
  });

  it("is asked about again sooner as it nears, between 3 and 15 seconds, and no more once made", () => {
    const waiting = (...seconds: (number | null)[]) =>
      seconds.map((s) => ({ ready_in_seconds: s }));
    expect(pollWhileMade(waiting(null, null))).toBe(false);
    expect(pollWhileMade(waiting(null, 600, 12))).toBe(6000);
    expect(pollWhileMade(waiting(2))).toBe(3000);
    expect(pollWhileMade(waiting(3600))).toBe(15_000);
  });
});
