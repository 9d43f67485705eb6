import { describe, expect, it } from "vitest";
import {
  conceptColor,
  conceptPercentage,
  last30DaysOf,
  minutesOf,
  schoolBreakdownQuery,
  schoolYearToDate,
  sumUsage,
  type UsageTotals,
} from "./usage.ts";

describe("concept scores", () => {
  it("colors green from the passing mark, yellow from half right, red below", () => {
    expect(conceptColor(100)).toBe("green");
    expect(conceptColor(75)).toBe("green");
    expect(conceptColor(74)).toBe("yellow");
    expect(conceptColor(50)).toBe("yellow");
    expect(conceptColor(49)).toBe("red");
    expect(conceptColor(0)).toBe("red");
  });

  it("rounds to whole percent and answers 0 when nothing was answered", () => {
    expect(conceptPercentage(7, 8)).toBe(88);
    expect(conceptPercentage(3, 8)).toBe(38);
    expect(conceptPercentage(0, 0)).toBe(0);
  });
});

describe("periods", () => {
  const today = new Date("2026-11-24T18:00:00Z");

  it("counts the last 30 days back from the period's end, counting the end", () => {
    expect(last30DaysOf("2026-03-31", today)).toEqual({
      start_date: "2026-03-02",
      end_date: "2026-03-31",
    });
    // Across a leap day.
    expect(last30DaysOf("2024-03-15", today)).toEqual({
      start_date: "2024-02-15",
      end_date: "2024-03-15",
    });
  });

  it("ends the last 30 days today when the period ends later", () => {
    expect(last30DaysOf("2027-06-30", today)).toEqual({
      start_date: "2026-10-26",
      end_date: "2026-11-24",
    });
  });

  it("starts the school year on 1 July, this year's or last year's", () => {
    expect(schoolYearToDate(today)).toEqual({ start_date: "2026-07-01", end_date: "2026-11-24" });
    expect(schoolYearToDate(new Date("2026-06-30T23:00:00Z"))).toEqual({
      start_date: "2025-07-01",
      end_date: "2026-06-30",
    });
  });

  it("refuses a reversed range and takes either end alone", () => {
    expect(
      schoolBreakdownQuery.safeParse({ start_date: "2026-03-01", end_date: "2026-02-01" }).success,
    ).toBe(false);
    expect(schoolBreakdownQuery.safeParse({ start_date: "2026-03-01" }).success).toBe(true);
    expect(schoolBreakdownQuery.safeParse({ end_date: "2026-02-30" }).success).toBe(false);
  });
});

describe("minutesOf", () => {
  it("rounds seconds down to whole minutes", () => {
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(59)).toBe(0);
    expect(minutesOf(60)).toBe(1);
    expect(minutesOf(1109)).toBe(18);
  });
});

describe("district totals", () => {
  const usage = (n: number): UsageTotals => ({
    student_learning_time: n,
    teacher_investment_time: n * 2,
    active_students: n * 3,
    active_teachers: 1,
    minutes_spent_reading: n * 4,
    comprehension_practice_time: n * 5,
  });

  it("sums every figure over the schools", () => {
    expect(sumUsage([usage(10), usage(1000)])).toEqual({
      student_learning_time: 1010,
      teacher_investment_time: 2020,
      active_students: 3030,
      active_teachers: 2,
      minutes_spent_reading: 4040,
      comprehension_practice_time: 5050,
    });
    expect(sumUsage([]).student_learning_time).toBe(0);
  });
});
