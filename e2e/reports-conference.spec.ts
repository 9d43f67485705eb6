import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { authCalls, classSummaryCalls, pathOf } from "@refrain/domain";
import { expect, screenshot, signInAs, teacher, test } from "./fixtures.ts";

const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

/**
 * The class's student with the most completed lessons of all time, so the report has scores and
 * quiz graphs (the journeys' server makes no demo recordings, so no readings are graded).
 */
async function busiestStudent(page: Page) {
  const session = authCalls.session.response.parse(
    await (await page.request.get(authCalls.session.path, { headers: asApi })).json(),
  );
  const url = pathOf(classSummaryCalls.classSummary, { teacher: session.user?.id });
  const summary = classSummaryCalls.classSummary.response.parse(
    await (
      await page.request.get(`${url}?start_date=2000-01-01&end_date=2500-01-01`, {
        headers: asApi,
      })
    ).json(),
  );
  const [best] = [...summary.data.students].sort((a, b) => b.lessons - a.lessons);
  if (!best || best.lessons === 0) throw new Error("No student of the demo class has lessons");
  return best;
}

/**
 * Scores by Story and Conference Reports on the demo world: ms.rivera's class has a history of
 * quizzes and graded readings. She reads the class's lessons, sorts them, picks a student's
 * conference report, waits for its graphs and downloads the PDF report the server draws.
 */
test("the teacher reads Scores by Story and downloads a student's conference PDF", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await signInAs(page, teacher);

  await page.goto("/teacher/reports/scores-by-story?start_date=2000-01-01&end_date=2500-01-01");
  await expect(page.getByRole("heading", { name: "Scores by Story", level: 1 })).toBeVisible();
  const table = page.getByRole("region", { name: "Scores by story" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const titles = async () => table.getByRole("row").locator("td:first-child").allInnerTexts();
  const byTitle = await titles();
  expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b)));
  await table.getByRole("button", { name: "Average" }).click();
  await expect(table.getByRole("columnheader", { name: "Average" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await screenshot(page, "reports-scores-by-story-1280");

  await page.goto("/teacher/reports/conference");
  await expect(page.getByText("Choose a student")).toBeVisible();
  await page.getByRole("button", { name: "All time" }).click();
  const student = await busiestStudent(page);
  await page.getByRole("combobox", { name: "Student" }).click();
  await page.getByRole("option", { name: student.name, exact: true }).click();
  await expect(page).toHaveURL(/student_id=\d+/);
  await expect(page.getByRole("heading", { name: "Fluency goal" })).toBeVisible();
  // Every completed lesson is listed (up to the eight most recent), and any started one too.
  const scoreRows = page.getByRole("region", { name: "Recent scores" }).getByRole("row");
  await expect(scoreRows.nth(1)).toBeVisible();
  expect(await scoreRows.count()).toBeGreaterThanOrEqual(Math.min(student.lessons, 8) + 1);
  await expect(page.getByText("Loaded 3 of 3 graphs")).toBeVisible({ timeout: 20_000 });
  const button = page.getByRole("button", { name: "Download PDF report" });
  await expect(button).toBeVisible();
  await screenshot(page, "reports-conference-1280");

  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toMatch(/-report-2000-01-01-to-2500-01-01\.pdf$/);
  const file = testInfo.outputPath("report.pdf");
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = execFileSync("pdftotext", [file, "-"]).toString();
  expect(text).toContain(student.name);
  expect(text).toContain("Benchmark Progress");
  expect(text).toContain("Lesson scores");

  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, "reports-conference-768");
  await page.goto("/teacher/reports/scores-by-story?start_date=2000-01-01&end_date=2500-01-01");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await screenshot(page, "reports-scores-by-story-768");
});
