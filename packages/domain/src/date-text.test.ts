import { describe, expect, it } from "vitest";
import { dateRangeText, dateText, dateTimeText, timeText } from "./date-text.ts";

const utc = { timeZone: "UTC" };
const losAngeles = { timeZone: "America/Los_Angeles" };

describe("dateText", () => {
  it("writes a day as US English does by default: Nov 29, 2026", () => {
    expect(dateText(new Date("2026-11-29T02:35:00Z"), utc)).toBe("Nov 29, 2026");
    expect(dateText("2026-07-01T00:00:00.000Z", utc)).toBe("Jul 1, 2026");
  });

  it("reads an instant in the reader's zone", () => {
    // 02:35 UTC on the 29th is still the 28th in California.
    expect(dateText("2026-11-29T02:35:00Z", losAngeles)).toBe("Nov 28, 2026");
  });

  it("keeps a calendar day the same day wherever it is read", () => {
    expect(dateText("2026-09-30", losAngeles)).toBe("Sep 30, 2026");
    expect(dateText("2026-09-30", { timeZone: "Pacific/Kiritimati" })).toBe("Sep 30, 2026");
  });

  it("writes a Spanish-speaking family's day in their words", () => {
    expect(dateText("2026-11-29", { locale: "es-419" })).toMatch(/^29 nov\.? 2026$/);
  });
});

describe("formatters made once", () => {
  it("keep each locale, zone and shape apart when used in turn", () => {
    const at = "2026-11-29T02:35:00Z";
    for (let round = 0; round < 2; round++) {
      expect(dateText(at, { timeZone: "UTC" })).toBe("Nov 29, 2026");
      expect(dateText(at, { timeZone: "America/Los_Angeles" })).toBe("Nov 28, 2026");
      expect(dateText(at, { locale: "es-419", timeZone: "UTC" })).toMatch(/^29 nov\.? 2026$/);
      expect(timeText(at, { timeZone: "UTC" })).toBe("2:35 AM");
    }
  });
});

describe("dateTimeText", () => {
  it("writes a moment: Nov 29, 2026, 2:35 AM, naming the zone when asked", () => {
    const at = new Date("2026-11-29T02:35:00Z");
    expect(dateTimeText(at, utc)).toBe("Nov 29, 2026, 2:35 AM");
    expect(dateTimeText(at, { ...utc, zoneName: true })).toBe("Nov 29, 2026, 2:35 AM UTC");
    expect(dateTimeText(at, losAngeles)).toBe("Nov 28, 2026, 6:35 PM");
  });
});

describe("timeText", () => {
  it("writes a time of day alone: 2:35 PM", () => {
    expect(timeText("2026-11-29T14:35:00Z", utc)).toBe("2:35 PM");
  });
});

describe("dateRangeText", () => {
  it("writes the year once for a range inside one year: Nov 23 – Nov 29, 2026", () => {
    expect(dateRangeText("2026-11-23", "2026-11-29")).toBe("Nov 23 – Nov 29, 2026");
    expect(dateRangeText("2026-11-30", "2026-12-06")).toBe("Nov 30 – Dec 6, 2026");
  });

  it("keeps both years when the range crosses into a new one", () => {
    expect(dateRangeText("2026-12-28", "2027-01-03")).toBe("Dec 28, 2026 – Jan 3, 2027");
  });

  it("reads instants in the reader's zone", () => {
    expect(dateRangeText("2026-11-23T02:00:00Z", "2026-11-30T02:00:00Z", losAngeles)).toBe(
      "Nov 22 – Nov 29, 2026",
    );
  });
});
