import { describe, expect, it } from "vitest";
import { goalCounts, goalStatus, normFor, seasonOf, statusAgainst, targetWcpm } from "./goals.ts";

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("seasonOf: a school year from 1 July", () => {
  it.each([
    ["2025-07-01", "fall"],
    ["2025-11-30", "fall"],
    ["2025-12-01", "winter"],
    ["2026-01-15", "winter"],
    ["2026-02-28", "winter"],
    ["2024-02-29", "winter"],
    ["2026-03-01", "spring"],
    ["2026-06-30", "spring"],
  ])("%s is %s", (iso, season) => {
    expect(seasonOf(day(iso))).toBe(season);
  });

  it("counts the day by UTC at its edges", () => {
    expect(seasonOf(new Date("2025-11-30T23:59:59Z"))).toBe("fall");
    expect(seasonOf(new Date("2025-12-01T00:00:00Z"))).toBe("winter");
    expect(seasonOf(new Date("2026-06-30T23:59:59Z"))).toBe("spring");
    expect(seasonOf(new Date("2026-07-01T00:00:00Z"))).toBe("fall");
  });
});

describe("statusAgainst the 50th percentile (grade 3 winter: 97)", () => {
  it.each([
    [130, "met"],
    [97, "met"],
    [96, "approaching"],
    [87.5, "approaching"],
    // 10 WCPM below the 50th is where the compilers say support may be needed.
    [87, "below"],
    [40, "below"],
  ])("%s WCPM is %s", (wcpm, status) => {
    expect(statusAgainst(wcpm, 97)).toBe(status);
  });
});

describe("normFor and targetWcpm", () => {
  it("reads the table's 50th percentiles", () => {
    expect(targetWcpm(2, day("2025-09-15"))).toBe(50);
    expect(targetWcpm(2, day("2026-01-15"))).toBe(84);
    expect(targetWcpm(2, day("2026-05-15"))).toBe(100);
    expect(targetWcpm(5, day("2026-05-15"))).toBe(146);
  });
  it("has no norm for Kindergarten or grade 1 in the fall", () => {
    expect(normFor(0, "winter")).toBeNull();
    expect(normFor(1, "fall")).toBeNull();
    expect(normFor(1, "winter")?.[2]).toBe(29);
  });
});

describe("goalStatus", () => {
  it("is none without a benchmark reading, for Kindergarten and for grade 1 in the fall", () => {
    expect(goalStatus(3, []).status).toBe("none");
    expect(goalStatus(0, [{ wcpm: 80, at: day("2026-01-10") }]).status).toBe("none");
    expect(goalStatus(1, [{ wcpm: 80, at: day("2025-10-10") }]).status).toBe("none");
  });

  it("judges one reading against its season's 50th percentile", () => {
    // Grade 4: fall 94, winter 120.
    expect(goalStatus(4, [{ wcpm: 94, at: day("2025-11-30") }])).toEqual({
      status: "met",
      wcpm: 94,
      target: 94,
      season: "fall",
      readings: 1,
    });
    expect(goalStatus(4, [{ wcpm: 94, at: day("2025-12-01") }]).status).toBe("below");
    expect(goalStatus(4, [{ wcpm: 111, at: day("2025-12-01") }]).status).toBe("approaching");
    expect(goalStatus(4, [{ wcpm: 110, at: day("2025-12-01") }]).status).toBe("below");
  });

  it("averages the latest two readings of the latest reading's season", () => {
    // Grade 2 spring: 100. (95 + 104) / 2 = 99.5 → approaching; the older 40 is left out.
    const spring = [
      { wcpm: 40, at: day("2026-03-02") },
      { wcpm: 104, at: day("2026-05-20") },
      { wcpm: 95, at: day("2026-04-10") },
    ];
    expect(goalStatus(2, spring)).toMatchObject({ status: "approaching", wcpm: 99.5, readings: 2 });
  });

  it("never averages across seasons or school years", () => {
    // Grade 2: the fall 150 does not lift the single winter 80 (winter 50th 84 → approaching).
    const readings = [
      { wcpm: 150, at: day("2025-11-20") },
      { wcpm: 80, at: day("2025-12-05") },
    ];
    expect(goalStatus(2, readings)).toMatchObject({ status: "approaching", wcpm: 80, readings: 1 });
    // Spring 2025 and fall 2025 are different years; the fall reading alone decides.
    const years = [
      { wcpm: 20, at: day("2025-06-30") },
      { wcpm: 50, at: day("2025-07-01") },
    ];
    expect(goalStatus(2, years)).toMatchObject({ status: "met", season: "fall", readings: 1 });
  });
});

describe("goalCounts", () => {
  it("counts a group's statuses", () => {
    expect(goalCounts(["met", "below", "met", "none"])).toEqual({
      met: 2,
      approaching: 0,
      below: 1,
      none: 1,
    });
  });
});
