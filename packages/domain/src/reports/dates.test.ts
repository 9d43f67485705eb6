import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ALL_TIME, dateRangeMessages, shortcutRange, shownDate, withDateRange } from "./dates.ts";

const query = withDateRange({ student_id: z.string().optional() });

describe("withDateRange", () => {
  it("defaults to all time and takes a forward range, one day included", () => {
    expect(query.parse({})).toEqual({ start_date: ALL_TIME.start, end_date: ALL_TIME.end });
    expect(query.parse({ start_date: "2025-09-01", end_date: "2025-09-01" })).toMatchObject({
      start_date: "2025-09-01",
      end_date: "2025-09-01",
    });
  });

  it.each([
    [{ start_date: "2025-09-02", end_date: "2025-09-01" }, "end_date", dateRangeMessages.reversed],
    [{ start_date: "09/01/2025" }, "start_date", dateRangeMessages.format],
    [{ end_date: "2025-02-30" }, "end_date", dateRangeMessages.format],
    [{ start_date: "1999-12-31" }, "start_date", dateRangeMessages.outside],
    [{ end_date: "2500-01-02" }, "end_date", dateRangeMessages.outside],
    [{ end_date: "99999-01-01" }, "end_date", dateRangeMessages.format],
  ])("refuses %o on %s", (input, field, message) => {
    const result = query.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});

describe("shortcutRange", () => {
  const today = new Date("2026-07-01T15:00:00Z");
  it("counts back from today, today included", () => {
    expect(shortcutRange("last_week", today)).toEqual({ start: "2026-06-25", end: "2026-07-01" });
    expect(shortcutRange("last_30_days", today)).toEqual({
      start: "2026-06-02",
      end: "2026-07-01",
    });
    expect(shortcutRange("last_90_days", today)).toEqual({
      start: "2026-04-03",
      end: "2026-07-01",
    });
    expect(shortcutRange("all_time", today)).toEqual({ start: "2000-01-01", end: "2500-01-01" });
  });

  it("starts the school year on 1 July, across the turn of the year", () => {
    expect(shortcutRange("school_year", new Date("2026-06-30T23:00:00Z"))).toEqual({
      start: "2025-07-01",
      end: "2026-06-30",
    });
    expect(shortcutRange("school_year", today)).toEqual({ start: "2026-07-01", end: "2026-07-01" });
    expect(shortcutRange("school_year", new Date("2027-01-05T00:00:00Z"))).toEqual({
      start: "2026-07-01",
      end: "2027-01-05",
    });
  });

  it("shows dates as MM/DD/YYYY", () => {
    expect(shownDate("2026-07-01")).toBe("07/01/2026");
  });
});
