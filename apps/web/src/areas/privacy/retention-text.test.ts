import { describe, expect, it } from "vitest";
import { keptUntilText } from "./retention-text.ts";

describe("a recording's kept-until line", () => {
  const keptUntil = "2027-07-30T00:00:00.000Z";
  it("says the day the media goes, in UTC", () => {
    expect(keptUntilText({ keptUntil, untilGraded: false, purgedAt: null })).toBe(
      "Kept until Jul 30, 2027",
    );
  });
  it("says a 0-day rule keeps it until graded, with the latest day", () => {
    expect(keptUntilText({ keptUntil, untilGraded: true, purgedAt: null })).toBe(
      "Kept until graded (at most until Jul 30, 2027)",
    );
  });
  it("says when retention removed the video and that the grades stay", () => {
    const purgedAt = "2027-07-30T03:15:00.000Z";
    expect(keptUntilText({ keptUntil, untilGraded: false, purgedAt })).toBe(
      "Video removed on Jul 30, 2027 — grades kept",
    );
  });
});
