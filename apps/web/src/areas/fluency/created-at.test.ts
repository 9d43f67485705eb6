import { describe, expect, it } from "vitest";
import { createdAt } from "./created-at.ts";

describe("createdAt", () => {
  it("shows the local date as MM/DD/YYYY with the time", () => {
    // Built from local parts, so the test holds in any time zone.
    const local = new Date(2026, 2, 7, 9, 5).toISOString();
    expect(createdAt(local)).toBe("03/07/2026 9:05 AM");
    expect(createdAt(new Date(2026, 10, 24, 15, 40).toISOString())).toBe("11/24/2026 3:40 PM");
  });
});
