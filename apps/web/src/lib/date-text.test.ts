import { describe, expect, it } from "vitest";
import { dateText, dateTimeText, timeText } from "./date-text.ts";

// Built from local parts, so each holds in any time zone the tests run in.
const localMoment = new Date(2026, 10, 29, 14, 35).toISOString();

describe("the web's dates", () => {
  it("shows an instant in the viewer's own zone: a day, a moment, a time", () => {
    expect(dateText(localMoment)).toBe("Nov 29, 2026");
    expect(dateTimeText(localMoment)).toBe("Nov 29, 2026, 2:35 PM");
    expect(timeText(localMoment)).toBe("2:35 PM");
  });

  it("shows a calendar day as that day, never the one before west of UTC", () => {
    expect(dateText("2026-09-30")).toBe("Sep 30, 2026");
    expect(dateText("2026-07-01")).toBe("Jul 1, 2026");
  });
});
