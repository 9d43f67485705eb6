import { describe, expect, it } from "vitest";
import {
  creditedSeconds,
  dayPercent,
  EMPTY_PROGRESS,
  isLessonComplete,
  type LessonProgress,
  type LessonRules,
  lockReason,
  MAX_HEARTBEAT_SECONDS,
  needsRetake,
  nextStep,
  overallPercent,
  PASSING_PERCENT,
  percentText,
  resolveLessonRules,
  resolveTriState,
  schoolYearStart,
} from "./progress.ts";

const progress = (over: Partial<LessonProgress>): LessonProgress => ({
  ...EMPTY_PROGRESS,
  ...over,
});
const open: LessonRules = { require3x: false, requireRetake: false, requireExtension: true };
const strict: LessonRules = { require3x: true, requireRetake: true, requireExtension: true };

describe("percent text", () => {
  it("writes a percent as the rest of the app does, with no space before the sign", () => {
    expect(percentText(88)).toBe("88%");
    expect(percentText(0)).toBe("0%");
    expect(`reach ${percentText(PASSING_PERCENT)}`).toBe("reach 75%");
  });
});

describe("day and overall percent (grading spec §3)", () => {
  it.each([
    [3, 4, 75],
    [2, 3, 67],
    [1, 3, 33],
    [0, 5, 0],
    [5, 5, 100],
  ])("%i of %i is %i %%", (correct, solved, percent) => {
    expect(dayPercent(correct, solved)).toBe(percent);
  });

  it("is null when nothing was solved", () => {
    expect(dayPercent(0, 0)).toBeNull();
  });

  it("averages the three days only once all exist", () => {
    expect(overallPercent([75, 80, 100])).toBe(85);
    expect(overallPercent([67, 67, 68])).toBe(67);
    expect(overallPercent([75, null, 100])).toBeNull();
    expect(overallPercent([75, 80])).toBeNull();
  });
});

describe("retake under 75 %", () => {
  it.each([
    [74, true],
    [75, false],
    [100, false],
    [0, true],
    [null, false],
  ])("%s needs a retake: %s", (percent, expected) => {
    expect(needsRetake(percent)).toBe(expected);
  });
});

describe("tri-state settings", () => {
  it("inherit takes the class default; 1 and 0 force it", () => {
    expect(resolveTriState("inherit", true)).toBe(true);
    expect(resolveTriState("inherit", false)).toBe(false);
    expect(resolveTriState(1, false)).toBe(true);
    expect(resolveTriState(0, true)).toBe(false);
  });

  it("resolves both lesson rules against the class defaults, which keep day 4's rule", () => {
    expect(resolveLessonRules({ require_3x: "inherit", require_retake: 1 }, open)).toEqual({
      require3x: false,
      requireRetake: true,
      requireExtension: true,
    });
    expect(
      resolveLessonRules(
        { require_3x: "inherit", require_retake: 0 },
        { require3x: true, requireRetake: true, requireExtension: false },
      ),
    ).toEqual({ require3x: true, requireRetake: false, requireExtension: false });
  });
});

describe("unlock rules", () => {
  it("with require_3x every day waits for three read-alongs", () => {
    for (const day of [1, 2, 3, 4]) {
      expect(lockReason(day, progress({ readAlongs: 2 }), { ...open, require3x: true })).toBe(
        "read_alongs",
      );
    }
    expect(lockReason(1, progress({ readAlongs: 3 }), { ...open, require3x: true })).toBeNull();
    expect(lockReason(1, progress({ readAlongs: 0 }), open)).toBeNull();
  });

  it("with require_retake the next day waits for the previous one passed", () => {
    const failedDay1 = progress({ readAlongs: 3, days: { 1: 50, 2: null, 3: null } });
    expect(lockReason(2, failedDay1, strict)).toBe("previous_day");
    expect(lockReason(2, failedDay1, open)).toBeNull();
    const passedDay1 = progress({ readAlongs: 3, days: { 1: 75, 2: null, 3: null } });
    expect(lockReason(2, passedDay1, strict)).toBeNull();
    expect(lockReason(3, passedDay1, strict)).toBe("previous_day");
    expect(lockReason(1, EMPTY_PROGRESS, { ...open, requireRetake: true })).toBeNull();
  });

  it("day 4 waits for days 1–3, passed when retakes are required", () => {
    const taken = progress({ days: { 1: 50, 2: 80, 3: 100 } });
    expect(lockReason(4, taken, open)).toBeNull();
    expect(lockReason(4, taken, { ...open, requireRetake: true })).toBe("days_1_to_3");
    expect(lockReason(4, progress({ days: { 1: 80, 2: 80, 3: null } }), open)).toBe("days_1_to_3");
  });
});

describe("lesson completion", () => {
  const done = progress({
    readAlongs: 3,
    days: { 1: 75, 2: 80, 3: 100 },
    extension: "submitted",
  });

  it("is complete with read-alongs, days 1–3 and day 4 submitted", () => {
    expect(isLessonComplete(done, strict)).toBe(true);
    expect(nextStep(done, strict)).toBe("done");
  });

  it("needs day 4 submitted, not a draft", () => {
    const draft = { ...done, extension: "draft" as const };
    expect(isLessonComplete(draft, open)).toBe(false);
    expect(nextStep(draft, open)).toBe(4);
  });

  it("needs no day 4 in a class that does not require extensions, and continue skips it", () => {
    const noExtension = { ...open, requireExtension: false };
    const daysDone = { ...done, extension: "none" as const };
    expect(isLessonComplete(daysDone, noExtension)).toBe(true);
    expect(nextStep(daysDone, noExtension)).toBe("done");
    expect(lockReason(4, daysDone, noExtension)).toBeNull();
    expect(isLessonComplete({ ...daysDone, days: { 1: 80, 2: 90, 3: null } }, noExtension)).toBe(
      false,
    );
  });

  it("needs three read-alongs only when required", () => {
    const twice = { ...done, readAlongs: 2 };
    expect(isLessonComplete(twice, open)).toBe(true);
    expect(isLessonComplete(twice, strict)).toBe(false);
    expect(nextStep(twice, strict)).toBe("read");
  });

  it("needs passed days only when retakes are required", () => {
    const failed = { ...done, days: { 1: 75, 2: 60, 3: 100 } };
    expect(isLessonComplete(failed, open)).toBe(true);
    expect(isLessonComplete(failed, strict)).toBe(false);
    expect(nextStep(failed, strict)).toBe(2);
  });

  it("a fresh lesson starts with reading along; without require_3x one read-along is enough", () => {
    expect(nextStep(EMPTY_PROGRESS, open)).toBe("read");
    expect(nextStep(EMPTY_PROGRESS, strict)).toBe("read");
    expect(nextStep(progress({ readAlongs: 1 }), open)).toBe(1);
    expect(nextStep(progress({ readAlongs: 1 }), strict)).toBe("read");
    // A student who went straight to the questions continues with them.
    expect(nextStep(progress({ days: { 1: 80, 2: null, 3: null } }), open)).toBe(2);
    expect(isLessonComplete(EMPTY_PROGRESS, open)).toBe(false);
  });
});

describe("heartbeat credit", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (s: number) => new Date(now.getTime() - s * 1000);

  it("caps a claim at one heartbeat interval", () => {
    expect(creditedSeconds(3600, now, null)).toBe(MAX_HEARTBEAT_SECONDS);
    expect(creditedSeconds(30, now, null)).toBe(30);
    expect(creditedSeconds(-5, now, null)).toBe(0);
  });

  it("never credits the same seconds twice (a second tab)", () => {
    expect(creditedSeconds(30, now, ago(10))).toBe(10);
    expect(creditedSeconds(30, now, now)).toBe(0);
    expect(creditedSeconds(30, now, ago(120))).toBe(30);
  });

  it("two tabs each claiming 30 s in the same 30 s count 30 s", () => {
    const first = creditedSeconds(30, now, ago(30));
    const second = creditedSeconds(30, new Date(now.getTime() + 1000), now);
    expect(first + second).toBe(31);
  });
});

describe("school year", () => {
  it.each([
    ["2026-07-01T00:00:00Z", "2026-07-01"],
    ["2026-06-30T23:59:59Z", "2025-07-01"],
    ["2027-01-15T12:00:00Z", "2026-07-01"],
  ])("%s is in the year from %s", (at, start) => {
    expect(schoolYearStart(new Date(at))).toBe(start);
  });
});
