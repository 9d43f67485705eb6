import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { authCalls, gradingCalls, graphMessages, pathOf } from "@refrain/domain";
import { expect, parent, screenshot, signInAs, test } from "./fixtures.ts";
import { PROCESSED_WITHIN_MS, readingsOfALessonAndBenchmark } from "./fluency-readings.ts";

const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

/** The signed-in teacher grades a reading through the grading modal's call. */
async function grade(page: Page, id: number, wpm: number, expression: number) {
  const { csrfToken } = authCalls.session.response.parse(
    await (await page.request.get(authCalls.session.path, { headers: asApi })).json(),
  );
  const answer = await page.request.post(pathOf(gradingCalls.grade, { id }), {
    data: {
      wpm,
      expression,
      accuracy: 0,
      selectedWordIds: [],
      feedback: "",
      submission: crypto.randomUUID(),
    },
    headers: { ...asApi, "X-CSRF-Token": csrfToken },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * Fluency Reports with real readings: a third grader reads a lesson cold and hot and a
 * benchmark passage, the teacher grades them; the class's and the reader's graphs then show
 * those numbers with the norm's target line, a classmate without readings shows the server's
 * no-data messages, at desktop and tablet width.
 */
test("the teacher's fluency graphs of the class, a reader, and a student without readings", async ({
  page,
  ownClass,
}, testInfo) => {
  test.setTimeout(90_000 + PROCESSED_WITHIN_MS);
  // Plan 9 is third grade (goals.ts gradeOfPlan), a grade with a norm in every season.
  const account = await ownClass({
    students: [
      { firstname: "Ada", lastname: "Abbott", planid: 9 },
      { firstname: "Bilal", lastname: "Baker", planid: 9 },
    ],
  });
  const [reader, newcomer] = account.students;
  if (!reader || !newcomer) throw new Error("The class has no students");
  // Three readings and the comparison of the cold and hot pair, which is not graded itself.
  const { rows } = await readingsOfALessonAndBenchmark(page, account, reader, "Third Grade");
  const wpmOf: Record<string, number> = { cold_read: 52, hot_read: 74, benchmark: 66 };
  for (const row of rows) {
    const wpm = wpmOf[row.classification];
    if (wpm !== undefined) await grade(page, row.id, wpm, 3);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.getByRole("menuitem", { name: "Class Scores and Data" }).click();
  await page.getByRole("menuitem", { name: "Fluency Reports" }).click();
  await expect(page).toHaveURL("/teacher/reports/fluency");
  await expect(page.getByRole("heading", { name: "Fluency Reports", level: 1 })).toBeVisible();

  const counter = page.getByRole("status").filter({ hasText: /graphs$/ });
  await expect(counter).toHaveText("Loaded 4 of 4 graphs");
  const benchmark = page.locator('[data-graph="fluency_benchmark"]');
  await expect(benchmark.locator("svg.recharts-surface")).toBeVisible();
  // The goal: each date's norm in the legend, and the latest goal's label on its line.
  await expect(page.getByText("Goal: 50th percentile (Hasbrouck & Tindal 2017)")).toBeVisible();
  await expect(benchmark.getByText(/^Goal now: \d+ WPM$/)).toBeVisible();
  for (const type of ["fluency_cold_hot", "fluency"])
    await expect(page.locator(`[data-graph="${type}"] svg.recharts-surface`)).toBeVisible();
  // Screen readers get the numbers: the answer's rows, the graded CWPM among them.
  const table = page.getByRole("table", { name: /^Benchmark Progress: / });
  await expect(table.getByRole("cell", { name: "66", exact: true })).toBeAttached();
  await expect(page.getByText(graphMessages.noData.quiz_complete)).toBeVisible();
  // The PDF report is a student's: the whole class has none.
  const pdfButton = page.getByRole("button", { name: "Download PDF report" });
  await expect(pdfButton).toHaveCount(0);
  await screenshot(page, "reports-graphs-class-1280");

  // The reader alone: titled with their name.
  const pick = async (name: string) => {
    await page.getByRole("combobox", { name: "Student" }).click();
    await page.getByRole("option", { name }).click();
    await expect(counter).toHaveText("Loaded 4 of 4 graphs");
  };
  await pick(`${reader.firstname} ${reader.lastname}`);
  await expect(page).toHaveURL(new RegExp(`student=${reader.id}`));
  await expect(
    page.getByRole("heading", { name: `Benchmark Progress: ${reader.firstname}` }),
  ).toBeVisible();
  await expect(benchmark.locator("svg.recharts-surface")).toBeVisible();

  // Beside the reader's graphs, their PDF report: the one Conference Reports gives.
  const [download] = await Promise.all([page.waitForEvent("download"), pdfButton.click()]);
  expect(download.suggestedFilename()).toBe(
    `${reader.firstname}-${reader.lastname}-report-2000-01-01-to-2500-01-01.pdf`,
  );
  const file = testInfo.outputPath("report.pdf");
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = execFileSync("pdftotext", [file, "-"]).toString();
  expect(text).toContain(`${reader.firstname} ${reader.lastname}`);
  expect(text).toContain("Benchmark Progress");
  await screenshot(page, "reports-graphs-reader-1280");

  // A classmate without readings: each header-only answer shows the server's message.
  await pick(`${newcomer.firstname} ${newcomer.lastname}`);
  for (const message of Object.values(graphMessages.noData))
    await expect(page.getByText(message)).toBeVisible();
  await expect(page.locator("svg.recharts-surface")).toHaveCount(0);

  // A reversed range is refused before any call.
  await page.getByLabel("From").fill("2400-01-01");
  await page.getByLabel("To").fill("2300-01-01");
  await expect(page.getByText("The end date must be on or after the start date.")).toBeVisible();
  await expect(counter).toHaveCount(0);

  // The reader at tablet width: the charts fit the narrower page.
  await page.goto(`/teacher/reports/fluency?student=${reader.id}`);
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(counter).toHaveText("Loaded 4 of 4 graphs");
  await expect(benchmark.locator("svg.recharts-surface")).toBeVisible();
  await expect
    .poll(() => benchmark.evaluate((el) => el.getBoundingClientRect().right))
    .toBeLessThanOrEqual(768);
  await screenshot(page, "reports-graphs-reader-768");
});

/**
 * A parent's Fluency Reports and Conference Reports: a home class never records readings, so
 * both show the children's exam graph alone, in family words, and the server refuses the
 * reading graphs they cannot have; at desktop and tablet width.
 */
test("a parent's reports show their children's exam graph alone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await signInAs(page, parent);
  await page.goto("/");
  await page.getByRole("menuitem", { name: "Class Scores and Data" }).click();
  await page.getByRole("menuitem", { name: "Fluency Reports" }).click();
  await expect(page).toHaveURL("/teacher/reports/fluency");
  await expect(page.getByRole("heading", { name: "Fluency Reports", level: 1 })).toBeVisible();
  await expect(page.getByText(/^How your children do on each lesson's/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Student" })).toHaveValue(
    "Overall (all my children)",
  );
  const counter = page.getByRole("status").filter({ hasText: /graphs?$/ });
  await expect(counter).toHaveText("Loaded 1 of 1 graph");
  await expect(
    page.getByRole("heading", { name: "Exam Scores: Jordan Taylor's children" }),
  ).toBeVisible();
  await expect(page.locator('[data-graph="quiz_complete"] svg.recharts-surface')).toBeVisible();
  for (const title of ["Benchmark Progress", "Cold and Hot Reads", "Correct Words per Minute"])
    await expect(page.getByRole("heading", { name: new RegExp(`^${title}`) })).toHaveCount(0);
  await screenshot(page, "reports-graphs-parent-1280");
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(page.locator('[data-graph="quiz_complete"] svg.recharts-surface')).toBeVisible();
  await screenshot(page, "reports-graphs-parent-820");

  // The call refuses what the page no longer asks for.
  const refused = await page.request.get("/teacher/reports/graphs?types=fluency_benchmark", {
    headers: asApi,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(graphMessages.noReadings);

  // A child's conference report, in family words: their scores and exam graph, no fluency goal.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/teacher/reports/conference");
  await expect(page.getByText("Choose a child", { exact: true })).toBeVisible();
  await expect(
    page.getByText(/^One child's exam scores and graph, to print or keep/),
  ).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Student" })).toHaveAttribute(
    "placeholder",
    "Choose a child",
  );
  await page.getByRole("button", { name: "All time" }).click();
  await page.getByRole("combobox", { name: "Student" }).click();
  await page.getByRole("option").first().click();
  await expect(page).toHaveURL(/student_id=\d+/);
  await expect(page.getByText("Loaded 1 of 1 graph")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: /^Exam Scores: / })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fluency goal" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^Benchmark Progress/ })).toHaveCount(0);
  await screenshot(page, "reports-conference-parent-1280");
});
