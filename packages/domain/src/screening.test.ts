import { describe, expect, it } from "vitest";
import { parseCutScoreCsv } from "./screening/cut-scores.ts";
import { windowsBody } from "./screening.ts";

describe("a cut-score CSV", () => {
  it("reads the columns by their names, in any order and case", () => {
    expect(
      parseCutScoreCsv(
        "\uFEFFSeason,Grade,Well_Below,Benchmark\r\nfall,2,30,44\r\nWinter,3,70,90\r\n",
      ),
    ).toEqual([
      { grade: 2, season: "fall", benchmark: 44, wellBelow: 30 },
      { grade: 3, season: "winter", benchmark: 90, wellBelow: 70 },
    ]);
  });

  it("keeps what it cannot read as typed, for the form's checks to name", () => {
    expect(parseCutScoreCsv("grade,season,benchmark,well_below\nsecond,fall,4x,30")).toEqual([
      { grade: "second", season: "fall", benchmark: "4x", wellBelow: 30 },
    ]);
    expect(parseCutScoreCsv("grade,season,cut\n2,fall,40")).toBeNull();
  });
});

describe("the windows a form sends", () => {
  const passages = { 1: [1, 2, 3], 2: [4, 5, 6], 3: [7, 8, 9], 4: [10, 11, 12], 5: [13, 14, 15] };
  const year = (windows: { season: string; start: string; end: string }[]) =>
    windowsBody.safeParse({ year: 2026, windows: windows.map((w) => ({ ...w, passages })) });
  const fall = { season: "fall", start: "2026-09-01", end: "2026-10-31" };
  const winter = { season: "winter", start: "2027-01-04", end: "2027-01-29" };
  const spring = { season: "spring", start: "2027-05-03", end: "2027-05-28" };

  it("take three windows in their seasons, in order", () => {
    expect(year([fall, winter, spring]).success).toBe(true);
    expect(year([winter, fall, spring]).success).toBe(false);
    expect(year([fall, winter]).success).toBe(false);
  });

  it("take a window on its season's first and last days, not a day beyond", () => {
    expect(
      year([{ ...fall, start: "2026-07-01", end: "2026-11-30" }, winter, spring]).success,
    ).toBe(true);
    expect(year([fall, { ...winter, end: "2027-03-01" }, spring]).success).toBe(false);
    expect(year([fall, winter, { ...spring, end: "2027-07-01" }]).success).toBe(false);
  });
});
