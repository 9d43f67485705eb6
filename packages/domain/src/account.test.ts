import { describe, expect, it } from "vitest";
import {
  classLessonRules,
  DEFAULT_STUDENT_PREFERENCES,
  fluencyRecordingPossible,
  settingsUpdateParamsRequest,
  studentPreferences,
} from "./account.ts";
import { resolveLessonRules } from "./learning/progress.ts";

describe("student preferences", () => {
  it("accepts the defaults and trims the class message", () => {
    expect(studentPreferences.parse(DEFAULT_STUDENT_PREFERENCES)).toEqual(
      DEFAULT_STUDENT_PREFERENCES,
    );
    const parsed = studentPreferences.parse({
      ...DEFAULT_STUDENT_PREFERENCES,
      welcome_message: "  Read loud!  ",
    });
    expect(parsed.welcome_message).toBe("Read loud!");
  });

  it("refuses a long class message, a wrong login mode and text for a switch, by field", () => {
    const result = studentPreferences.safeParse({
      ...DEFAULT_STUDENT_PREFERENCES,
      welcome_message: "x".repeat(501),
      student_username: "tiles",
      retake_exm: "yes",
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join("."));
    expect(fields).toEqual(
      expect.arrayContaining(["welcome_message", "student_username", "retake_exm"]),
    );
    expect(result.error?.issues.find((i) => i.path[0] === "welcome_message")?.message).toBe(
      "Field cannot have more than 500 characters.",
    );
  });

  it("update_params takes any subset of the fields, and nothing outside them", () => {
    expect(
      settingsUpdateParamsRequest.parse({ verb: "update_params", record_student_fluency: true }),
    ).toEqual({ verb: "update_params", record_student_fluency: true });
    expect(
      settingsUpdateParamsRequest.safeParse({ verb: "update_params", unlink_video: null }).success,
    ).toBe(false);
  });
});

describe("class lesson rules", () => {
  it("unlink_video off requires three read-alongs; retake_exm requires retakes", () => {
    expect(classLessonRules(DEFAULT_STUDENT_PREFERENCES)).toEqual({
      require3x: false,
      requireRetake: false,
      requireExtension: true,
    });
    expect(
      classLessonRules({
        unlink_video: false,
        retake_exm: true,
        complete_lessons_extensions: false,
      }),
    ).toEqual({ require3x: true, requireRetake: true, requireExtension: false });
  });

  it("a student who inherits takes the class's rule; their own setting wins", () => {
    const strictClass = classLessonRules({ ...DEFAULT_STUDENT_PREFERENCES, unlink_video: false });
    expect(
      resolveLessonRules({ require_3x: "inherit", require_retake: "inherit" }, strictClass)
        .require3x,
    ).toBe(true);
    expect(
      resolveLessonRules({ require_3x: 0, require_retake: "inherit" }, strictClass).require3x,
    ).toBe(false);
  });
});

describe("fluency recording", () => {
  it("is possible for a school teacher's class, not a parent's", () => {
    expect(fluencyRecordingPossible("teacher")).toBe(true);
    expect(fluencyRecordingPossible("parent")).toBe(false);
  });
});
