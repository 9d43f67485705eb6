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
  it.each([
    ["last_week", "2026-06-25", "2026-07-01"],
    ["last_30_days", "2026-06-02", "2026-07-01"],
    ["last_90_days", "2026-04-03", "2026-07-01"],
    ["all_time", "2000-01-01", "2500-01-01"],
  ] as const)("counts %s back from today, today included: %s to %s", (shortcut, start, end) => {
    expect(shortcutRange(shortcut, today)).toEqual({ start, end });
  });

  it.each([
    ["2026-06-30T23:00:00Z", "2025-07-01", "2026-06-30"],
    ["2026-07-01T15:00:00Z", "2026-07-01", "2026-07-01"],
    ["2027-01-05T00:00:00Z", "2026-07-01", "2027-01-05"],
  ])(
    "starts the school year on 1 July, across the turn of the year: on %s, %s to %s",
    (on, start, end) => {
      expect(shortcutRange("school_year", new Date(on))).toEqual({ start, end });
    },
  );

  it("shows dates as MM/DD/YYYY", () => {
    expect(shownDate("2026-07-01")).toBe("07/01/2026");
  });
});
