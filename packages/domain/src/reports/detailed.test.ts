import { describe, expect, it } from "vitest";
import { lessonScoreRowOf, reportTableOf, staysCompleteAfterReset } from "./detailed.ts";
import { rubricText } from "./extension.ts";
import { sevenDayRowOf, studentOrOverall } from "./seven-day.ts";

describe("the detailed report's rules", () => {
  it("puts a lesson in one table by its assignment", () => {
    expect(reportTableOf({ status: "completed", assignedBy: "auto" })).toBe("completed");
    expect(reportTableOf({ status: "started", assignedBy: "teacher" })).toBe("assigned");
    expect(reportTableOf({ status: "assigned", assignedBy: "teacher" })).toBe("assigned");
    expect(reportTableOf({ status: "started", assignedBy: "auto" })).toBe("incompleted");
    expect(reportTableOf(null)).toBe("incompleted");
  });

  it("keeps a lesson complete only when no scored day and no required day 4 was cleared", () => {
    expect(staysCompleteAfterReset({ days: true, extension: false }, false)).toBe(false);
    expect(staysCompleteAfterReset({ days: false, extension: true }, true)).toBe(false);
    expect(staysCompleteAfterReset({ days: false, extension: true }, false)).toBe(true);
    expect(staysCompleteAfterReset({ days: false, extension: false }, true)).toBe(true);
  });

  it("makes a row from the latest attempts: percents, overall once all three exist, latest date", () => {
    const day = (d: number, correct: number, solved: number, iso: string) => ({
      day: d,
      correct,
      solved,
      at: new Date(iso),
    });
    const two = lessonScoreRowOf({
      id: 1,
      title: "Rain",
      table: "assigned",
      attempts: [day(1, 3, 4, "2024-01-02T00:00:00Z"), day(2, 0, 0, "2024-01-03T00:00:00Z")],
      extension: null,
    });
    expect(two.scores.days.map((d) => d.percent)).toEqual([75, null, null]);
    expect(two.overall).toBeNull();
    expect(two.scores.most_recent_date).toBe("2024-01-03T00:00:00.000Z");
    const all = lessonScoreRowOf({
      ...two,
      attempts: [
        day(1, 2, 3, "2024-01-02T00:00:00Z"),
        day(2, 3, 3, "2024-01-03T00:00:00Z"),
        day(3, 1, 3, "2024-01-04T00:00:00Z"),
      ],
      extension: { points: 3, submittedAt: new Date("2024-01-09T00:00:00Z") },
    });
    // 67, 100 and 33 average to 67.
    expect(all.overall).toBe(67);
    expect(all.scores.extension).toEqual({ submitted: true, points: 3 });
    expect(all.scores.most_recent_date).toBe("2024-01-09T00:00:00.000Z");
  });
});

describe("the seven day row", () => {
  it("averages the lessons worked and each day's percents, and lists the hand-ins", () => {
    const row = sevenDayRowOf({
      student: { id: 7, fullname: "Ann Lee" },
      lessons: [
        { id: 1, title: "Sun", wordsPerMinute: 100, lexile: 500 },
        { id: 2, title: "Moon", wordsPerMinute: 121, lexile: 601 },
      ],
      attempts: [
        { lessonId: 1, day: 1, correct: 4, solved: 4 },
        { lessonId: 2, day: 1, correct: 1, solved: 2 },
        { lessonId: 2, day: 3, correct: 0, solved: 0 },
      ],
      extensions: [2],
    });
    expect(row).toEqual({
      student_id: 7,
      fullname: "Ann Lee",
      titles: ["Moon", "Sun"],
      days_completed: 4,
      avg_wpm: 111,
      avg_lexile: 551,
      avg_scores: [75, null, null],
      extensions: [{ id: 2, title: "Moon" }],
    });
  });

  it("takes a student id or overall in the path, anything else names nobody", () => {
    expect(studentOrOverall.parse("overall")).toBe("overall");
    expect(studentOrOverall.parse("12")).toBe(12);
    for (const bad of ["0", "all", "2147483648", "1.5"])
      expect(studentOrOverall.safeParse(bad).success).toBe(false);
  });

  it("stores the rubric's words for a score", () => {
    expect(rubricText(3)).toMatch(/examples from the text/);
    expect(rubricText(4)).toBeNull();
  });
});
