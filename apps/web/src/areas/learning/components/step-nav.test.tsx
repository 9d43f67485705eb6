import type { LessonProgressSummary, StudentLessonRecordings } from "@refrain/domain";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { StepNav } from "./step-nav.tsx";

const labels = (
  progress: LessonProgressSummary | undefined,
  recordings?: StudentLessonRecordings,
) =>
  [
    ...staticMarkup(
      <MemoryRouter>
        <StepNav lessonId={9} step="1" progress={progress} recordings={recordings} />
      </MemoryRouter>,
    ).matchAll(/aria-label="([^"]+)"/g),
  ]
    .map((m) => m[1])
    .filter((label) => label !== "Lesson steps");

const progress: LessonProgressSummary = {
  lessonid: 9,
  readAlongs: 3,
  readAlongsRequired: 3,
  days: [
    { day: 1, percent: 50, attempts: 1, retake: true, locked: null },
    { day: 2, percent: null, attempts: 0, retake: false, locked: "previous_day" },
    { day: 3, percent: 100, attempts: 1, retake: false, locked: null },
  ],
  extension: { state: "none", locked: "days_1_to_3" },
  next: 1,
  completed: false,
};

describe("StepNav", () => {
  it("says of each step whether it is done, to try again or locked", () => {
    expect(labels(progress)).toEqual([
      "Read along (done)",
      "Day 1 (try again)",
      "Day 2 (locked)",
      "Day 3 (done)",
      "Day 4 (locked)",
    ]);
  });

  it("counts the read-along done at three even when none are required", () => {
    const few = { ...progress, readAlongs: 2, readAlongsRequired: 0 };
    expect(labels(few)[0]).toBe("Read along");
    expect(labels({ ...few, readAlongs: 3 })[0]).toBe("Read along (done)");
  });

  it("shows the recording steps the student may record, each as it stands", () => {
    const recordings: StudentLessonRecordings = {
      allowed: true,
      lyricsOnly: false,
      options: { cold_read: "sent", hot_read: "locked", benchmark: "none" },
      recordings: [],
    };
    expect(labels(progress, recordings).slice(0, 4)).toEqual([
      "Cold read (sent)",
      "Read along (done)",
      "Hot read (locked)",
      "Day 1 (try again)",
    ]);
    expect(labels(progress, { ...recordings, allowed: false })[0]).toBe("Read along (done)");
    const benchmark = { ...recordings.options, cold_read: "none", benchmark: "available" } as const;
    expect(labels(progress, { ...recordings, options: benchmark }).slice(0, 3)).toEqual([
      "Read along (done)",
      "Hot read (locked)",
      "Benchmark reading",
    ]);
  });

  it("marks nothing in a preview", () => {
    expect(labels(undefined)).toEqual(["Read along", "Day 1", "Day 2", "Day 3", "Day 4"]);
  });
});
