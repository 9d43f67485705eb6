import type { Locator, Page } from "@playwright/test";
import {
  currentSchoolYear,
  dayOf,
  type ExamDataResponse,
  lessonsCalls,
  SEASONS,
  schoolYearOf,
  screeningCalls,
  seasonBounds,
  type WindowsAnswer,
} from "@refrain/domain";
import {
  apiRequest,
  type ClassSpec,
  callApi,
  expect,
  lessonsByLevel,
  type OwnAccount,
  screenshot,
} from "./fixtures.ts";

// Steps many journeys take the same way: their set-ups through the API, picking a select's
// option or a main menu's entry, the screenshots people look at and whether a table fits the
// width.

/** A full-page screenshot from the top, so the fixed header is not painted mid-page. */
export async function shotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** A screenshot at tablet width; the page then goes back to the size it had. */
export async function shotAtTablet(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, name);
  if (size) await page.setViewportSize(size);
}

/** Both widths of the screenshots people look at: desktop, then tablet, each from the top. */
export async function shootBothWidths(page: Page, name: string) {
  await shotFromTop(page, `${name}-1280`);
  await page.setViewportSize({ width: 768, height: 1024 });
  await shotFromTop(page, `${name}-768`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** How far the page and the frame of its table scroll sideways: the page never should. */
export function sideways(page: Page) {
  return page.getByRole("table").evaluate((table) => {
    let scroller = table.parentElement;
    while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowX))
      scroller = scroller.parentElement;
    const root = document.documentElement;
    return {
      table: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
      page: root.scrollWidth - root.clientWidth,
    };
  });
}

/** Picks an option of a Mantine select by typing part of its label. */
export async function chooseOption(
  page: Page,
  scope: Locator | Page,
  label: string,
  option: string,
) {
  await scope.getByRole("combobox", { name: label }).fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Opens a page as a reader does: the main menu's `group`, then its `entry`. */
export async function openFromMenu(page: Page, group: string, entry: string) {
  await page
    .getByRole("menubar", { name: "Main menu" })
    .getByRole("menuitem", { name: group })
    .click();
  await page.getByRole("menuitem", { name: entry }).click();
}

/** Types each value into the field of `scope` its key labels, in order, as a person fills a form. */
export async function fillFields(scope: Locator | Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label).fill(value);
}

/** A journey's own class of one student (`ownClass`), signed in as its teacher. */
export async function ownClassOfOne(ownClass: (spec?: ClassSpec) => Promise<OwnAccount>) {
  const account = await ownClass({ students: 1 });
  const student = account.students[0];
  if (!student) throw new Error("The class has no student");
  return { account, student };
}

/**
 * The `index`-th lesson (from 0) of the reading level named `level` (or the first level it
 * matches), as the signed-in adult's catalog lists it.
 */
export async function catalogLesson(page: Page, level: string | RegExp, index = 0) {
  const byLevel = await lessonsByLevel(page);
  const name =
    typeof level === "string" ? level : Object.keys(byLevel.data).find((n) => level.test(n));
  const lesson = name ? byLevel.data[name]?.[index] : undefined;
  if (!lesson) throw new Error(`No lesson ${index} of ${level} in the catalog`);
  return lesson;
}

/** The signed-in teacher assigns `lessons` to `student`, as Assign Lessons does. */
export async function assignLessons(
  page: Page,
  student: { id: number },
  ...lessons: { id: number }[]
) {
  await callApi(page, lessonsCalls.assign, {
    student_ids: [student.id],
    assign_lesson_ids: lessons.map((lesson) => lesson.id),
  });
}

/** The questions of a lesson's day with their answers, from the signed-in teacher's preview. */
export async function examQuestions(page: Page, lesson: number, day: number) {
  const exam: ExamDataResponse = await callApi(page, lessonsCalls.examData, {
    lesson,
    day,
    mode: "take",
  });
  return exam.questions;
}

/**
 * The signed-in teacher (of no school: their class's windows are their own) opens the window of
 * the season today is in across the whole season, so that readings made today are in it; answers
 * the third grade's passages of that window.
 */
export async function windowOpenToday(page: Page): Promise<number[]> {
  const year = currentSchoolYear();
  const answer = await apiRequest<{ data: WindowsAnswer }>(
    page,
    "GET",
    `${screeningCalls.windows.path}?year=${year}`,
  );
  const today = dayOf(new Date());
  const yearStart = schoolYearOf(today);
  const windows = answer.data.windows.map((w) => {
    const { first, last } = seasonBounds(yearStart, w.season);
    return first <= today && today <= last ? { ...w, start: first, end: last } : w;
  });
  expect(windows.map((w) => w.season)).toEqual([...SEASONS]);
  await callApi(page, screeningCalls.saveWindows, { year, windows });
  const open = windows.find((w) => w.start <= today && today <= w.end);
  return open?.passages["3"] ?? [];
}
