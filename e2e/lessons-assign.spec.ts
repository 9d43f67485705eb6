import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  type AssignmentStudent,
  type LessonsByLevelResponse,
  learningCalls,
  lessonStanding,
  lessonsCalls,
} from "@refrain/domain";
import {
  callApi,
  classList,
  expect,
  screenshot,
  switchToStudent,
  switchToTeacher,
  test,
} from "./fixtures.ts";

const json = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

async function assignmentStudents(page: Page): Promise<AssignmentStudent[]> {
  const answer = await page.request.get(lessonsCalls.assignmentStudents.path, { headers: json });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data;
}

async function lessonsByLevel(page: Page): Promise<LessonsByLevelResponse["data"]> {
  const answer = await page.request.get(lessonsCalls.lessonsByLevel.path, {
    headers: json,
  });
  return (await answer.json()).data;
}

const has = (s: AssignmentStudent, id: number) =>
  s.assigned_lessons.includes(id) || s.completed_lessons.includes(id);

/**
 * Three students of one level and two lessons of it, neither started by them on their own
 * (that asks first): one some of them have (indeterminate) and one none has, read off the
 * demo world's history.
 */
function pickScenario(students: AssignmentStudent[], byLevel: LessonsByLevelResponse["data"]) {
  for (const [level, lessons] of Object.entries(byLevel)) {
    const group = students.filter((s) => s.level === level);
    for (let i = 0; i + 3 <= group.length; i++) {
      const trio = group.slice(i, i + 3);
      const some = lessons.find((l) => {
        const n = trio.filter((s) => has(s, l.id)).length;
        return n > 0 && n < trio.length && trio.every((s) => !s.unassigned_lessons.includes(l.id));
      });
      const none = lessons.find(
        (l) =>
          l.id !== some?.id &&
          trio.every((s) => !has(s, l.id) && !s.unassigned_lessons.includes(l.id)),
      );
      if (some && none) return { level, trio, some, none };
    }
  }
  throw new Error("The demo world has no three students with a partly assigned lesson");
}

test.describe("Assign Lessons", () => {
  test("a teacher assigns and removes lessons for three students, the partly assigned one shown indeterminate", async ({
    page,
    ownClass,
  }) => {
    // Tall enough for one level's tiles and the bar below them.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await ownClass({ students: 4 });
    // A history for the scenario: one lesson of the class's level that one student has.
    const [first] = await assignmentStudents(page);
    const [lesson] = (await lessonsByLevel(page))[first?.level ?? ""] ?? [];
    if (!first || !lesson) throw new Error("No lesson of the class's level");
    await callApi(page, lessonsCalls.assign, {
      student_ids: [first.id],
      assign_lesson_ids: [lesson.id],
    });
    const students = await assignmentStudents(page);
    const { level, trio, some, none } = pickScenario(students, await lessonsByLevel(page));

    await page.goto("/teacher/assign");
    const heading = page.getByRole("heading", { name: "Assign Lessons", level: 1 });
    await expect(heading).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /^Select / })).toHaveCount(students.length + 1);

    // The counts say what they count, and each of a student's lessons is in one of them.
    const columns = [
      "Assigned, not started",
      "Assigned, started",
      "Started on their own",
      "Completed",
    ];
    for (const name of columns)
      await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
    // A student with lessons in every column, if the demo world has one.
    const counted = (s: AssignmentStudent) => Object.values(lessonStanding(s));
    const busy =
      students.find((s) => counted(s).every((n) => n > 0)) ?? (students[0] as AssignmentStudent);
    const busyRow = page.getByRole("row").filter({ hasText: busy.name });
    await expect(busyRow.getByRole("cell").filter({ hasText: /^\d+$/ })).toHaveText(
      counted(busy).map(String),
    );
    expect(counted(busy).reduce((a, b) => a + b, 0)).toBe(
      new Set([
        ...busy.assigned_lessons,
        ...busy.started_lessons,
        ...busy.unassigned_lessons,
        ...busy.completed_lessons,
      ]).size,
    );
    await expect(page.getByRole("button", { name: "Choose Lessons" })).toBeDisabled();
    for (const student of trio) {
      await page.getByRole("checkbox", { name: `Select ${student.name}` }).check();
    }
    await expect(page.getByText("3 students selected")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Select all students" })).toBeChecked({
      indeterminate: true,
    });
    await screenshot(page, "lessons-assign-students");

    await page.getByRole("button", { name: "Choose Lessons" }).click();
    await expect(
      page.getByRole("heading", { name: "Assign lessons to 3 students", level: 2 }),
    ).toBeVisible();
    // The three share a level, so the page opens on it.
    await expect(page.getByRole("combobox", { name: "Reading level" })).toHaveValue(level);

    const partly = page.getByRole("checkbox", { name: some.title, exact: true });
    const fresh = page.getByRole("checkbox", { name: none.title, exact: true });
    await expect(partly).toHaveAttribute("aria-checked", "mixed");
    await expect(fresh).toHaveAttribute("aria-checked", "false");
    await screenshot(page, "lessons-assign-indeterminate", { fullPage: false });

    // The new lesson is assigned; the partly assigned one goes checked, then to removal.
    await fresh.click();
    await expect(fresh).toHaveAttribute("aria-checked", "true");
    await partly.click();
    await expect(partly).toHaveAttribute("aria-checked", "true");
    await partly.click();
    await expect(partly).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("1 lesson to assign · 1 lesson to remove")).toBeVisible();
    await screenshot(page, "lessons-assign-pending", { fullPage: false });

    // Saving from far down the page (a shorter window, so that the lessons step scrolls)...
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Review and Save" }).click();
    const review = page.getByRole("dialog", { name: "Save these lesson changes?" });
    await expect(review.getByText("Assign 1 lesson")).toBeVisible();
    await expect(review.getByText("Remove 1 lesson")).toBeVisible();
    await expect(review.getByRole("listitem").filter({ hasText: none.title })).toBeVisible();
    await expect(review.getByRole("listitem").filter({ hasText: some.title })).toBeVisible();
    await screenshot(page, "lessons-assign-review", { fullPage: false });
    await review.getByRole("button", { name: "Save Changes" }).click();

    await expect(page.getByText("Lessons updated for 3 students.")).toBeVisible();
    await expect(review).toBeHidden();
    await expect(page.getByText("0 students selected")).toBeVisible();
    await expect(page.getByRole("button", { name: "Choose Lessons" })).toBeDisabled();
    // ...returns to the top of step 1, the focus with it.
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const after = (await assignmentStudents(page)).filter((s) => trio.some((t) => t.id === s.id));
    for (const student of after) {
      expect(student.assigned_lessons).toContain(none.id);
      expect(student.assigned_lessons).not.toContain(some.id);
    }
    // Removing erases nothing a student did: a started or completed lesson stays theirs.
    for (const before of trio) {
      const wasStarted = before.started_lessons.includes(some.id) && has(before, some.id);
      const now = after.find((s) => s.id === before.id);
      expect(now?.unassigned_lessons.includes(some.id)).toBe(wasStarted);
      expect(now?.completed_lessons.includes(some.id)).toBe(
        before.completed_lessons.includes(some.id),
      );
    }
    await screenshot(page, "lessons-assign-saved", { fullPage: false });
  });

  test("a lesson a student started on their own is assigned after a confirmation, progress kept", async ({
    page,
    ownClass,
  }) => {
    const account = await ownClass({ students: 1 });
    const own = account.students[0];
    if (!own) throw new Error("The class has no student");
    // The student starts a lesson of their level on their own, by reading it along once.
    await switchToStudent(page, account, own);
    const home = learningCalls.home.response.parse(
      await (await page.request.get(learningCalls.home.path, { headers: json })).json(),
    );
    const lesson = home.data.lessons[0];
    if (!lesson) throw new Error("The student's level has no lesson");
    await callApi(page, learningCalls.readAlong, { lesson: lesson.lessonid, play: randomUUID() });
    await switchToTeacher(page, account);
    const student = (await assignmentStudents(page)).find((s) => s.id === own.id);
    if (!student) throw new Error("The student is not in the class");
    expect(student.unassigned_lessons).toEqual([lesson.lessonid]);
    const lessonId = lesson.lessonid;

    await page.goto("/teacher/assign");
    await page.getByRole("checkbox", { name: `Select ${student.name}` }).check();
    await page.getByRole("button", { name: "Choose Lessons" }).click();
    await expect(page.getByRole("heading", { name: "Assign lessons to 1 student" })).toBeVisible();
    const tile = page.getByRole("checkbox", { name: lesson.ltitle, exact: true });
    await expect(tile).toHaveAttribute("aria-checked", "false");
    await tile.click();

    const confirm = page.getByRole("dialog", { name: "Started on their own" });
    await expect(confirm).toContainText(`${student.name} has already started ${lesson.ltitle}`);
    await screenshot(page, "lessons-assign-started-confirm", { fullPage: false });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(tile).toHaveAttribute("aria-checked", "false");

    await tile.click();
    await confirm.getByRole("button", { name: "Assign and Keep Progress" }).click();
    await expect(tile).toHaveAttribute("aria-checked", "true");
    await page.getByRole("button", { name: "Review and Save" }).click();
    const review = page.getByRole("dialog", { name: "Save these lesson changes?" });
    await expect(review).toContainText("progress kept");
    await review.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Lessons updated for 1 student.")).toBeVisible();

    const now = (await assignmentStudents(page)).find((s) => s.id === student.id);
    expect(now?.assigned_lessons).toContain(lessonId);
    expect(now?.unassigned_lessons).not.toContain(lessonId);
    // Its status is kept: a started lesson is still started, a finished one still finished.
    expect(now?.started_lessons.includes(lessonId)).toBe(
      student.started_lessons.includes(lessonId),
    );
  });

  test("at tablet width the two steps stay usable", async ({ page, ownClass }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    // Students of three levels: First, Second and Third Grade.
    await ownClass({ students: classList(9).map((s, i) => ({ ...s, planid: 7 + (i % 3) })) });
    const students = await assignmentStudents(page);
    await page.goto("/teacher/assign");
    await page.getByRole("checkbox", { name: "Select all students" }).check();
    await expect(page.getByText(`${students.length} students selected`)).toBeVisible();
    // Every count is on the screen, the last one too.
    await expect(page.getByRole("columnheader", { name: "Completed" })).toBeInViewport();
    await screenshot(page, "lessons-assign-tablet-students");
    await page.getByRole("button", { name: "Choose Lessons" }).click();
    await expect(
      page.getByRole("heading", { name: `Assign lessons to ${students.length} students` }),
    ).toBeVisible();
    // Students of several levels: every level is shown until one is picked.
    await expect(page.getByRole("combobox", { name: "Reading level" })).toHaveValue("All levels");
    await page.getByRole("combobox", { name: "Reading level" }).click();
    await page.getByRole("option", { name: "Second Grade", exact: true }).click();
    await expect(page.getByRole("button", { name: "Review and Save" })).toBeDisabled();
    // Each tile carries its grade tag; the level's heading does not repeat it beside itself.
    const level = page.getByRole("region", { name: "Second Grade" });
    await expect(level.getByRole("checkbox").first()).toBeVisible();
    await expect(level.locator("[data-grade]")).toHaveCount(
      await level.getByRole("checkbox").count(),
    );
    await screenshot(page, "lessons-assign-tablet-lessons", { fullPage: false });
  });
});
