import { describe, expect, it } from "vitest";
import { recordingKeptUntil, schoolYearEnd } from "./retention.ts";

const at = (iso: string) => new Date(iso);
const schoolYear = { days: null, graceDays: 30 };

describe("a recording's kept-until date", () => {
  it("ends the school year on 30 June, this year's until June is over, next year's from July", () => {
    expect(schoolYearEnd(at("2026-06-29T23:59:59Z"))).toEqual(at("2026-06-30T00:00:00Z"));
    expect(schoolYearEnd(at("2026-06-30T12:00:00Z"))).toEqual(at("2026-06-30T00:00:00Z"));
    expect(schoolYearEnd(at("2026-07-01T00:00:00Z"))).toEqual(at("2027-06-30T00:00:00Z"));
    expect(schoolYearEnd(at("2026-12-31T23:00:00Z"))).toEqual(at("2027-06-30T00:00:00Z"));
  });

  it("keeps media to the school year's end plus the grace by default", () => {
    const made = { createdAt: at("2026-10-05T14:00:00Z"), gradedAt: null };
    expect(recordingKeptUntil(made, schoolYear, null)).toEqual({
      until: at("2027-07-30T00:00:00Z"),
      untilGraded: false,
    });
    const lastDay = { createdAt: at("2027-06-30T20:00:00Z"), gradedAt: null };
    expect(recordingKeptUntil(lastDay, { days: null, graceDays: 0 }, null).until).toEqual(
      at("2027-06-30T00:00:00Z"),
    );
    const firstDay = { createdAt: at("2027-07-01T08:00:00Z"), gradedAt: null };
    expect(recordingKeptUntil(firstDay, schoolYear, null).until).toEqual(
      at("2028-07-30T00:00:00Z"),
    );
  });

  it("keeps media a number of days after it was made", () => {
    const made = { createdAt: at("2026-10-05T14:00:00Z"), gradedAt: null };
    expect(recordingKeptUntil(made, { days: 10, graceDays: 30 }, null)).toEqual({
      until: at("2026-10-15T14:00:00Z"),
      untilGraded: false,
    });
  });

  it("with 0 keeps a graded reading until its grading, an ungraded one until graded or the school year's date", () => {
    const graded = { createdAt: at("2026-10-05T14:00:00Z"), gradedAt: at("2026-10-07T09:00:00Z") };
    expect(recordingKeptUntil(graded, { days: 0, graceDays: 30 }, null)).toEqual({
      until: at("2026-10-07T09:00:00Z"),
      untilGraded: false,
    });
    const ungraded = { createdAt: at("2026-10-05T14:00:00Z"), gradedAt: null };
    expect(recordingKeptUntil(ungraded, { days: 0, graceDays: 30 }, null)).toEqual({
      until: at("2027-07-30T00:00:00Z"),
      untilGraded: true,
    });
    expect(recordingKeptUntil(ungraded, schoolYear, 0)).toEqual({
      until: at("2027-07-30T00:00:00Z"),
      untilGraded: true,
    });
    expect(recordingKeptUntil(graded, schoolYear, 0).until).toEqual(at("2026-10-07T09:00:00Z"));
  });

  it("takes the earlier of the product's rule and the district's", () => {
    const made = { createdAt: at("2026-10-05T14:00:00Z"), gradedAt: null };
    expect(recordingKeptUntil(made, schoolYear, 60).until).toEqual(at("2026-12-04T14:00:00Z"));
    // A district cannot lengthen the product's rule.
    expect(recordingKeptUntil(made, { days: 10, graceDays: 30 }, 60).until).toEqual(
      at("2026-10-15T14:00:00Z"),
    );
    expect(recordingKeptUntil(made, schoolYear, 730).until).toEqual(at("2027-07-30T00:00:00Z"));
    // A shorter district rule beats "until graded" while the reading waits.
    expect(recordingKeptUntil(made, { days: 0, graceDays: 30 }, 5)).toEqual({
      until: at("2026-10-10T14:00:00Z"),
      untilGraded: false,
    });
  });
});
