import type { LessonProgressSummary } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { staticMarkup as html } from "../../../components/static-markup.tsx";
import { LessonProgressBadges } from "./lesson-progress.tsx";

const started: LessonProgressSummary = {
  lessonid: 1,
  readAlongs: 2,
  readAlongsRequired: 0,
  days: [
    { day: 1, percent: 80, attempts: 1, retake: false, locked: null },
    { day: 2, percent: 50, attempts: 2, retake: true, locked: null },
    { day: 3, percent: null, attempts: 0, retake: false, locked: null },
  ],
  extension: { state: "draft", locked: null },
  next: 2,
  completed: false,
};

describe("LessonProgressBadges", () => {
  it("shows what is left: read-alongs of three, each day's score, try again under 75 %", () => {
    const out = html(<LessonProgressBadges progress={started} />);
    expect(out).toContain("Read-alongs 2/3");
    expect(out).toContain("Day 1: 80%");
    expect(out).not.toMatch(/Day 1: 80%[^<]*try again/);
    expect(out).toMatch(/Day 2: 50%[^<]*try again/);
    expect(out).toContain("Day 3: to do");
    expect(out).toContain("Day 4: draft saved");
  });

  it("counts no more read-alongs than the three asked for", () => {
    const out = html(
      <LessonProgressBadges progress={{ ...started, readAlongs: 5, readAlongsRequired: 3 }} />,
    );
    expect(out).toContain("Read-alongs 3/3");
  });

  it("says only Completed for a finished lesson", () => {
    const out = html(<LessonProgressBadges progress={{ ...started, completed: true }} />);
    expect(out).toContain("Completed");
    expect(out).not.toContain("Day 1");
  });
});
