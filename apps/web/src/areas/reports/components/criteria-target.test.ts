import { ALL_TIME } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { fillTarget, localToday, shortcutOf } from "./criteria-target.ts";

const range = { start_date: "2026-03-01", end_date: "2026-03-30" };

describe("fillTarget", () => {
  it("fills each placeholder of the path and the query", () => {
    expect(
      fillTarget(
        "/admin/{admin_id}/schools/{school_id}/teachers/{teacher_id}/students/{student_id}?start_date={start_date}&end_date={end_date}",
        { ...range, admin_id: 1, school_id: 2, teacher_id: 3, student_id: 4 },
      ),
    ).toBe("/admin/1/schools/2/teachers/3/students/4?start_date=2026-03-01&end_date=2026-03-30");
  });

  it("keeps fixed query parameters and leaves out those without a value", () => {
    expect(
      fillTarget(
        "/teacher/reports/graph?type=fluency&student_id={student_id}&to={end_date}",
        range,
      ),
    ).toBe("/teacher/reports/graph?type=fluency&to=2026-03-30");
    expect(fillTarget("/?student_id={student_id}", range)).toBe("/");
    expect(fillTarget("/?student_id={student_id}", { ...range, student_id: "overall" })).toBe(
      "/?student_id=overall",
    );
  });

  it("refuses a path it cannot fill, and a placeholder it does not know", () => {
    expect(() => fillTarget("/teacher/reports/detailed/{student_id}", range)).toThrow(
      "No value for {student_id}",
    );
    expect(() => fillTarget("/x?y={class_id}", range)).toThrow("Unknown placeholder {class_id}");
  });
});

describe("shortcutOf and localToday", () => {
  const today = new Date("2026-03-30T00:00:00Z");

  it("names the shortcut that picks the range today, or none", () => {
    expect(shortcutOf("2026-03-01", "2026-03-30", today)).toBe("last_30_days");
    expect(shortcutOf("2026-03-24", "2026-03-30", today)).toBe("last_week");
    expect(shortcutOf("2025-07-01", "2026-03-30", today)).toBe("school_year");
    expect(shortcutOf(ALL_TIME.start, ALL_TIME.end, today)).toBe("all_time");
    expect(shortcutOf("2026-03-02", "2026-03-30", today)).toBeNull();
  });

  it("takes the local calendar day, whatever the UTC day is", () => {
    const lateEvening = new Date(2026, 2, 30, 23, 30);
    expect(localToday(lateEvening).toISOString()).toBe("2026-03-30T00:00:00.000Z");
  });
});
