import { describe, expect, it } from "vitest";
import { readyInText } from "./help.ts";

describe("when a video being made should be ready", () => {
  it("says it in whole minutes, rounded up, and never promises what the server cannot tell", () => {
    expect(readyInText(null)).toBe("It will show here as soon as it is ready.");
    expect(readyInText(0)).toBe("It should be ready within a minute.");
    expect(readyInText(59)).toBe("It should be ready within a minute.");
    expect(readyInText(61)).toBe("It should be ready in about 2 minutes.");
    expect(readyInText(600)).toBe("It should be ready in about 10 minutes.");
  });
});
