import type { Page } from "@playwright/test";
import { gradingCalls, monitoringMessages, pathOf } from "@refrain/domain";
import { apiRequest, expect, switchToStudent, switchToTeacher, test } from "./fixtures.ts";
import { processedReadings, sendReading, switchRecordingOn } from "./fluency-readings.ts";
import { assignLessons, catalogLesson, shootBothWidths } from "./journey-steps.ts";

/** The signed-in teacher grades a reading at `wpm` words a minute, with no word missed. */
async function grade(page: Page, id: number, wpm: number) {
  await apiRequest(page, "POST", pathOf(gradingCalls.grade, { id }), {
    wpm,
    expression: 2,
    accuracy: 0,
    selectedWordIds: [],
    feedback: "",
    submission: crypto.randomUUID(),
  });
}

/**
 * Progress monitoring (issue 39): a teacher starts a plan for a third grader, the student reads
 * four new lessons cold, each graded under the aim line; the four-point rule raises its flag on
 * the class's list and the student's graph, and the teacher records a decision, which clears it.
 */
test("four monitoring points under the aim line raise the flag, and the teacher records a decision", async ({
  page,
  ownClass,
}) => {
  test.setTimeout(150_000);
  const account = await ownClass({ students: [{ firstname: "Mo", lastname: "Reyes", planid: 9 }] });
  const [mo] = account.students;
  if (!mo) throw new Error("The class has no students");
  await switchRecordingOn(page);
  const lessons = await Promise.all([0, 1, 2, 3].map((i) => catalogLesson(page, "Third Grade", i)));
  await assignLessons(page, mo, ...lessons);

  // Mo has no screening: the teacher monitors them anyway, from a baseline read today.
  await page.goto("/");
  await page.getByRole("menuitem", { name: "Class Scores and Data" }).click();
  await page.getByRole("menuitem", { name: "Progress Monitoring" }).click();
  await expect(page.getByRole("heading", { name: "Progress Monitoring" })).toBeVisible();
  await expect(page.getByText("No monitoring plans yet")).toBeVisible();
  await page.getByRole("combobox", { name: "Monitor another student" }).click();
  await page.getByRole("option", { name: "Mo Reyes" }).click();
  await page.getByRole("button", { name: "Start a plan" }).click();
  const form = page.getByRole("dialog", { name: "Monitoring plan for Mo Reyes" });
  const baseline = form.getByRole("textbox", { name: "Baseline (WCPM)" });
  const goal = form.getByRole("textbox", { name: "End-of-year goal (WCPM)" });
  // Third grade's spring benchmark is the goal offered; a baseline above it is refused.
  await expect(goal).not.toHaveValue("");
  await baseline.fill("200");
  await form.getByRole("button", { name: "Start the plan" }).click();
  await expect(form.getByText(monitoringMessages.goalAboveBaseline)).toBeVisible();
  await expect(baseline).toHaveValue("200");
  await baseline.fill("60");
  await form.getByRole("button", { name: "Start the plan" }).click();
  await expect(page.getByText(monitoringMessages.started("Mo Reyes"))).toBeVisible();
  const plans = page.getByRole("region", { name: "Monitoring plans" });
  const row = plans.getByRole("row", { name: /Mo Reyes/ });
  await expect(row.getByText("0 of 4 points")).toBeVisible();
  await expect(row.getByText("Every two weeks")).toBeVisible();

  // Four lessons read cold, each graded at 20 WCPM: under the aim line, which starts at 60.
  await switchToStudent(page, account, mo);
  for (const lesson of lessons) await sendReading(page, lesson.id, "cold_read");
  await switchToTeacher(page, account);
  for (const reading of await processedReadings(page, 4)) await grade(page, reading.id, 20);

  await page.goto("/screening/monitoring");
  await expect(row.getByText("Change the intervention")).toBeVisible();
  await shootBothWidths(page, "screening-monitoring-class");
  await row.getByRole("link", { name: "Mo Reyes" }).click();
  await expect(page.getByRole("heading", { name: /Mo Reyes, 3rd grade level/ })).toBeVisible();
  const flag = page.getByRole("alert").filter({ hasText: "below the aim line" });
  await expect(flag).toBeVisible();
  await expect(page.getByRole("region", { name: "Baseline" })).toContainText("60 WCPM");
  await expect(
    page.getByRole("region", { name: "Monitoring readings" }).getByRole("row"),
  ).toHaveCount(5);
  await shootBothWidths(page, "screening-monitoring-student");

  // The decision the flag calls for is offered first; recorded, it clears the flag.
  const decision = page.getByRole("form", { name: "Record a decision" });
  await expect(decision.getByRole("radio", { name: "Change the intervention" })).toBeChecked();
  await decision.getByRole("textbox", { name: "Note" }).fill("Daily partner reading, 15 minutes");
  await decision.getByRole("button", { name: "Record the decision" }).click();
  await expect(
    page.getByText(`${monitoringMessages.decided}: change the intervention`),
  ).toBeVisible();
  await expect(flag).toHaveCount(0);
  await expect(page.getByText("Daily partner reading, 15 minutes")).toBeVisible();
  await page.goto("/screening/monitoring");
  await expect(row.getByText("0 of 4 points")).toBeVisible();
});
