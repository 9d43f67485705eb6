import { describe, expect, it } from "vitest";
import { monthTicks, timeOf, wcpmTicks } from "./chart-ticks.ts";

describe("the monitoring graph's ticks", () => {
  it("marks the first of each month inside the plan's days", () => {
    expect(monthTicks("2026-11-29", "2027-02-15")).toEqual(
      ["2026-12-01", "2027-01-01", "2027-02-01"].map(timeOf),
    );
    expect(monthTicks("2026-12-01", "2026-12-31")).toEqual([timeOf("2026-12-01")]);
  });
  it("counts WCPM in tens, twenties or fifties, past the highest value", () => {
    expect(wcpmTicks(45)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(wcpmTicks(112)).toEqual([0, 20, 40, 60, 80, 100, 120]);
    expect(wcpmTicks(180)).toEqual([0, 50, 100, 150, 200]);
  });
});
