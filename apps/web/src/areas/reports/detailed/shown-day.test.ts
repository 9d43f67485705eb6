import { describe, expect, it } from "vitest";
import { shownDay } from "./shown-day.ts";

describe("shownDay", () => {
  it("shows an instant as MM/DD/YYYY with leading zeros", () => {
    expect(shownDay("2026-03-07T12:00:00.000Z")).toBe("03/07/2026");
  });

  it("takes the day of the local calendar, not UTC's", () => {
    const evening = new Date(2026, 0, 5, 23, 30);
    expect(shownDay(evening.toISOString())).toBe("01/05/2026");
  });
});
