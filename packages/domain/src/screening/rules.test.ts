import { describe, expect, it } from "vitest";
import {
  type AimLine,
  aimAt,
  aimRoi,
  type BenchmarkWindow,
  benchmarkScore,
  currentWindow,
  decisionFlag,
  defaultWindows,
  expectedRoi,
  median,
  monitoringDue,
  normCuts,
  percentileOf,
  percentileText,
  screeningResult,
  seasonBounds,
  tierCounts,
  tierOf,
  tierShare,
  trendAt,
  trendLine,
  windowOn,
} from "./rules.ts";

describe("the benchmark score is the median of three passages", () => {
  it.each([
    [[], null],
    [[70], 70],
    [[90, 70], 80],
    [[70, 95, 82], 82],
    [[82, 82, 40], 82],
    [[101.5, 99, 100], 100],
  ])("median of %j is %s", (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it("takes WCPM and accuracy medians apart, as DIBELS does", () => {
    expect(
      benchmarkScore([
        { wcpm: 70, accuracy: 99 },
        { wcpm: 95, accuracy: 91 },
        { wcpm: 82, accuracy: 96 },
      ]),
    ).toEqual({ status: "complete", wcpm: 82, accuracy: 96 });
  });

  it("is incomplete, not a guess, with fewer than three confirmed readings", () => {
    expect(benchmarkScore([])).toEqual({ status: "incomplete", confirmed: 0 });
    expect(
      benchmarkScore([
        { wcpm: 70, accuracy: 99 },
        { wcpm: 95, accuracy: 91 },
      ]),
    ).toEqual({ status: "incomplete", confirmed: 2 });
  });
});

describe("tiers from the norms (grade 3: fall 83, winter 97, spring 112 at the 50th)", () => {
  it.each([
    ["fall", 83, "at_or_above"],
    ["fall", 82, "below"],
    ["fall", 73.5, "below"],
    ["fall", 73, "well_below"],
    ["winter", 97, "at_or_above"],
    ["winter", 96, "below"],
    ["winter", 87.5, "below"],
    ["winter", 87, "well_below"],
    ["spring", 112, "at_or_above"],
    ["spring", 102.5, "below"],
    ["spring", 102, "well_below"],
  ] as const)("%s %s WCPM is %s", (season, wcpm, tier) => {
    const cuts = normCuts(3, season);
    if (!cuts) throw new Error("grade 3 has norms");
    expect(tierOf(wcpm, cuts)).toBe(tier);
  });

  it("has no cuts where the norms have no row", () => {
    expect(normCuts(0, "winter")).toBeNull();
    expect(normCuts(1, "fall")).toBeNull();
    expect(normCuts(1, "winter")).toEqual({ benchmark: 29, wellBelow: 19 });
  });

  it("uses a district's cut scores over the norms, keeping the norms' percentile", () => {
    const passages = [
      { wcpm: 90, accuracy: 97 },
      { wcpm: 91, accuracy: 98 },
      { wcpm: 89, accuracy: 96 },
    ];
    expect(screeningResult(3, "winter", passages)).toMatchObject({ tier: "below" });
    expect(screeningResult(3, "winter", passages, { benchmark: 88, wellBelow: 70 })).toMatchObject({
      status: "scored",
      wcpm: 90,
      tier: "at_or_above",
      percentile: { value: 40 },
    });
  });

  it("is unrated with a score but no cuts, and incomplete below three readings", () => {
    const three = [40, 45, 50].map((wcpm) => ({ wcpm, accuracy: 95 }));
    expect(screeningResult(1, "fall", three)).toEqual({
      status: "unrated",
      wcpm: 45,
      accuracy: 95,
    });
    expect(screeningResult(3, "fall", three.slice(1))).toEqual({
      status: "incomplete",
      confirmed: 2,
    });
  });

  it("counts tiers and their shares of the scored students", () => {
    const counts = tierCounts([
      { status: "scored", wcpm: 1, accuracy: 1, tier: "well_below", percentile: null },
      { status: "scored", wcpm: 1, accuracy: 1, tier: "at_or_above", percentile: null },
      { status: "scored", wcpm: 1, accuracy: 1, tier: "at_or_above", percentile: null },
      { status: "incomplete", confirmed: 1 },
      { status: "unrated", wcpm: 1, accuracy: 1 },
    ]);
    expect(counts).toEqual({ at_or_above: 2, below: 0, well_below: 1, incomplete: 1, unrated: 1 });
    expect(tierShare(counts, "at_or_above")).toBe(67);
    expect(tierShare(counts, "below")).toBe(0);
    expect(tierShare(tierCounts([{ status: "incomplete", confirmed: 0 }]), "below")).toBeNull();
  });
});

describe("percentiles between the published ones", () => {
  // Grade 3 winter: 62, 79, 97, 137, 161 at the 10th, 25th, 50th, 75th, 90th.
  const row = [62, 79, 97, 137, 161] as const;
  it.each([
    [61, { value: 10, bound: "under" }, "under the 10th"],
    [62, { value: 10, bound: "at" }, "10th"],
    [79, { value: 25, bound: "at" }, "25th"],
    [88, { value: 38, bound: "at" }, "38th"],
    [97, { value: 50, bound: "at" }, "50th"],
    [117, { value: 63, bound: "at" }, "63rd"],
    [161, { value: 90, bound: "at" }, "90th"],
    [162, { value: 90, bound: "over" }, "over the 90th"],
  ] as const)("%s WCPM is the %j", (wcpm, percentile, text) => {
    expect(percentileOf(wcpm, row)).toEqual(percentile);
    expect(percentileText(percentileOf(wcpm, row))).toBe(text);
  });

  it("says ordinals as people do", () => {
    expect(percentileText({ value: 11, bound: "at" })).toBe("11th");
    expect(percentileText({ value: 21, bound: "at" })).toBe("21st");
    expect(percentileText({ value: 42, bound: "at" })).toBe("42nd");
    expect(percentileText({ value: 13, bound: "at" })).toBe("13th");
  });
});

describe("windows", () => {
  const year = defaultWindows("2026-07-01");
  it("default to decision 0018's screening months", () => {
    expect(year).toEqual([
      { season: "fall", start: "2026-09-01", end: "2026-10-31" },
      { season: "winter", start: "2027-01-01", end: "2027-01-31" },
      { season: "spring", start: "2027-05-01", end: "2027-05-31" },
    ]);
  });

  it("lie inside their season's days", () => {
    expect(seasonBounds("2026-07-01", "fall")).toEqual({ first: "2026-07-01", last: "2026-11-30" });
    expect(seasonBounds("2026-07-01", "winter")).toEqual({
      first: "2026-12-01",
      last: "2027-02-28",
    });
    expect(seasonBounds("2027-07-01", "winter").last).toBe("2028-02-29");
    expect(seasonBounds("2026-07-01", "spring")).toEqual({
      first: "2027-03-01",
      last: "2027-06-30",
    });
  });

  it("are open from their first to their last day", () => {
    expect(windowOn("2026-08-31", year)).toBeNull();
    expect(windowOn("2026-09-01", year)?.season).toBe("fall");
    expect(windowOn("2027-01-31", year)?.season).toBe("winter");
    expect(windowOn("2027-02-01", year)).toBeNull();
  });

  it("stand until the next one begins", () => {
    expect(currentWindow("2026-07-15", year).season).toBe("fall");
    expect(currentWindow("2026-12-10", year).season).toBe("fall");
    expect(currentWindow("2027-03-10", year).season).toBe("winter");
    expect(currentWindow("2027-06-30", year).season).toBe("spring");
  });
});

describe("progress monitoring", () => {
  it("is due after the cadence and overdue a week later", () => {
    expect(monitoringDue("2026-10-01", 7, "2026-10-07")).toEqual({
      status: "not_due",
      next: "2026-10-08",
    });
    expect(monitoringDue("2026-10-01", 7, "2026-10-08").status).toBe("due");
    expect(monitoringDue("2026-10-01", 7, "2026-10-14").status).toBe("due");
    expect(monitoringDue("2026-10-01", 7, "2026-10-15").status).toBe("overdue");
    expect(monitoringDue("2026-10-01", 14, "2026-10-15").status).toBe("due");
  });

  // Baseline 60 WCPM on 1 October, goal 88 thirty-five weeks later: 0.8 WCPM a week.
  const aim: AimLine = {
    from: { day: "2026-10-01", wcpm: 60 },
    to: { day: "2027-06-03", wcpm: 88 },
  };

  it("draws the aim line from the baseline to the goal", () => {
    expect(aimAt(aim, "2026-10-01")).toBe(60);
    expect(aimAt(aim, "2027-06-03")).toBe(88);
    expect(aimAt(aim, "2026-10-29")).toBeCloseTo(63.2, 5);
    expect(aimRoi(aim)).toBeCloseTo(0.8, 5);
    expect(aimRoi({ from: aim.from, to: { day: aim.from.day, wcpm: 88 } })).toBeNull();
  });

  it("fits a least-squares trend from six points on", () => {
    const weekly = (wcpms: number[]) =>
      wcpms.map((wcpm, week) => ({
        day: new Date(Date.UTC(2026, 9, 1 + 7 * week)).toISOString().slice(0, 10),
        wcpm,
      }));
    expect(trendLine(weekly([60, 62, 61, 63, 64]))).toBeNull();
    const exact = trendLine(weekly([60, 62, 64, 66, 68, 70]));
    expect(exact?.perWeek).toBeCloseTo(2, 10);
    expect(exact?.start).toEqual({ day: "2026-10-01", wcpm: 60 });
    // y = 60, 61, 60, 63, 62, 65 by week 0–5: slope 15.5 / 17.5 a week, through (2.5, 61.83).
    const noisy = trendLine(weekly([60, 61, 60, 63, 62, 65]));
    expect(noisy?.perWeek).toBeCloseTo(0.8857, 4);
    if (!noisy) throw new Error("six points have a trend");
    expect(trendAt(noisy, "2026-10-01")).toBeCloseTo(59.619, 3);
    expect(
      trendLine(Array.from({ length: 6 }, () => ({ day: "2026-10-01", wcpm: 60 }))),
    ).toBeNull();
  });

  it("expects the norms' gain to spring a week, between the windows' middles", () => {
    const [fall, winter, spring] = defaultWindows("2026-07-01") as [
      BenchmarkWindow,
      BenchmarkWindow,
      BenchmarkWindow,
    ];
    // Grade 3: 83 in the fall to 112 in spring, 1 October to 16 May (32 3/7 weeks).
    expect(expectedRoi(3, fall, spring)).toBeCloseTo(29 / (227 / 7), 5);
    // Winter 97 to 112, 16 January to 16 May (17 1/7 weeks).
    expect(expectedRoi(3, winter, spring)).toBeCloseTo(15 / (120 / 7), 5);
    expect(expectedRoi(1, fall, spring)).toBeNull();
    expect(expectedRoi(3, spring, spring)).toBeNull();
  });

  describe("the four-point rule", () => {
    // The aim line is 60 + 0.8 a week; points weekly from 8 October.
    const points = (gaps: number[]) =>
      gaps.map((gap, i) => {
        const day = new Date(Date.UTC(2026, 9, 8 + 7 * i)).toISOString().slice(0, 10);
        return { day, wcpm: aimAt(aim, day) + gap };
      });

    it("flags four points in a row below the line: change the intervention", () => {
      expect(decisionFlag(points([2, -1, -3, -0.5, -2]), aim)).toBe("change_intervention");
    });
    it("flags four in a row above it: raise the goal", () => {
      expect(decisionFlag(points([-5, 1, 3, 0.5, 2]), aim)).toBe("raise_goal");
    });
    it("needs four, all on one side; a point on the line breaks the run", () => {
      expect(decisionFlag(points([-1, -3, -0.5]), aim)).toBeNull();
      expect(decisionFlag(points([-1, -3, 0, -0.5, -2]), aim)).toBeNull();
      expect(decisionFlag(points([-1, -3, 1, -0.5]), aim)).toBeNull();
    });
    it("counts only the points after the latest decision", () => {
      const below = points([-1, -2, -3, -4, -5, -6]);
      expect(decisionFlag(below, aim, (below[1] as { day: string }).day)).toBe(
        "change_intervention",
      );
      expect(decisionFlag(below, aim, (below[2] as { day: string }).day)).toBeNull();
    });
    it("orders a day's points against a decision made that day by the moment", () => {
      const day = "2026-11-05";
      const at = (hour: number) => `${day}T${String(hour).padStart(2, "0")}:00:00.000Z`;
      const sameDay = [8, 9, 11, 12, 13].map((hour) => ({ day, wcpm: 10, at: at(hour) }));
      expect(decisionFlag(sameDay, aim, at(10))).toBeNull();
      expect(decisionFlag(sameDay, aim, at(8))).toBe("change_intervention");
    });
  });
});
