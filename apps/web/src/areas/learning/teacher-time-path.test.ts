import { describe, expect, it } from "vitest";
import { isTeacherTimePath } from "./teacher-time-path.ts";

describe("teacher investment pages", () => {
  it("counts the class reports and the fluency grading pages", () => {
    for (const path of [
      "/teacher/reports/classroom",
      "/teacher/reports/detailed/12",
      "/teacher/fluency",
      "/teacher/fluency/videos",
    ])
      expect(isTeacherTimePath(path), path).toBe(true);
  });

  it("leaves out the class's other pages and look-alike paths", () => {
    for (const path of [
      "/",
      "/teacher/roster",
      "/teacher/assign",
      "/teacher/reports",
      "/teacher/fluency-tips",
      "/lessons/3",
    ])
      expect(isTeacherTimePath(path), path).toBe(false);
  });
});
