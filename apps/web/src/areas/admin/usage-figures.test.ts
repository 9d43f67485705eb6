import type { SchoolBreakdown, SchoolUsage } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatFigure,
  formatMinutes,
  hasNoData,
  schoolReportPath,
  usageOf,
} from "./usage-figures.ts";

const usage = (n: number): SchoolUsage => ({
  student_learning_time: n,
  teacher_investment_time: n * 2,
  active_students: n * 3,
  active_teachers: 1,
  minutes_spent_reading: n * 4,
  comprehension_practice_time: n * 5,
  genres: [{ name: "Fable", count: n }],
});

const breakdown = (id: number, year: number, last30: number): SchoolBreakdown => ({
  school: { id, name: `School ${id}` },
  school_year: { breakdown: [{ overall: usage(year) }] },
  last_30_days: { breakdown: [{ overall: usage(last30) }] },
  concepts: [],
});

describe("usage figures", () => {
  it("reads numbers with thousands separators and minutes always in minutes", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(0)).toBe("0");
    expect(formatMinutes(12345)).toBe("12,345 min");
    expect(formatFigure("min", 61)).toBe("61 min");
    expect(formatFigure("count", 4200)).toBe("4,200");
  });

  it("reads a period without a breakdown row as no use", () => {
    expect(usageOf({ breakdown: [] }).active_students).toBe(0);
    const empty: SchoolBreakdown = {
      ...breakdown(3, 0, 0),
      school_year: { breakdown: [] },
    };
    expect(hasNoData(empty)).toBe(true);
    expect(hasNoData(breakdown(4, 0, 0))).toBe(true);
    expect(hasNoData(breakdown(5, 1, 0))).toBe(false);
  });

  it("links a school's report with its period", () => {
    expect(
      schoolReportPath("concepts", 12, { start_date: "2025-07-01", end_date: "2026-01-15" }),
    ).toBe("/school_admin/reports/concepts?school_id=12&start_date=2025-07-01&end_date=2026-01-15");
  });
});
