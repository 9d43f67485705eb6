import { groupMessages, monitoringMessages } from "@refrain/domain";
import { expect, switchToStudent, switchToTeacher, test } from "./fixtures.ts";
import {
  gradeReading,
  PROCESSED_WITHIN_MS,
  processedReadings,
  sendReading,
  switchRecordingOn,
} from "./fluency-readings.ts";
import { assignLessons, catalogLesson, shootBothWidths, windowOpenToday } from "./journey-steps.ts";

/**
 * Screening to monitoring (issue 39): a third grader reads the window's three passages, graded
 * well below benchmark; the teacher sees the tier, makes the suggested intervention group, and
 * starts a monitoring plan from the screening. Four new lessons read cold, each graded under the
 * aim line, raise the four-point flag on the class's list and the student's graph; the teacher
 * records a decision, which clears it.
 */
test("a student screened well below benchmark gets a group and a plan; four points under the aim line raise the flag, and the teacher records a decision", async ({
  page,
  ownClass,
}) => {
  test.setTimeout(90_000 + 2 * PROCESSED_WITHIN_MS);
  const account = await ownClass({ students: [{ firstname: "Mo", lastname: "Reyes", planid: 9 }] });
  const [mo] = account.students;
  if (!mo) throw new Error("The class has no students");
  await switchRecordingOn(page);
  const passages = await windowOpenToday(page);
  expect(passages).toHaveLength(3);

  // The teacher starts a benchmark session: the class gets the window's passages.
  await page.goto("/screening/class");
  await page.getByRole("button", { name: "Start a benchmark session" }).click();
  await expect(page.getByText("Assigned 3 passages to 1 student.")).toBeVisible();

  await switchToStudent(page, account, mo);
  for (const id of passages) await sendReading(page, id, "benchmark");
  await switchToTeacher(page, account);
  for (const [i, reading] of (await processedReadings(page, 3)).entries())
    await gradeReading(page, reading.id, [28, 30, 34][i] as number);

  await page.goto("/");
  await page.getByRole("menuitem", { name: "Class Scores and Data" }).click();
  await page.getByRole("menuitem", { name: "Screening" }).click();
  const screened = page.getByRole("region", { name: "Students' screening" });
  await expect(screened.getByRole("row", { name: /Mo Reyes/ })).toContainText(
    "Well below benchmark",
  );
  const suggested = page.getByRole("region", { name: /Suggested group: Fluency/ });
  await expect(suggested.getByRole("checkbox", { name: "Mo Reyes" })).toBeChecked();
  await suggested.getByRole("textbox", { name: "Group name" }).fill("Fluency boost");
  await suggested.getByRole("button", { name: "Make this group" }).click();
  await expect(page.getByText(groupMessages.accepted("Fluency boost", 1))).toBeVisible();
  await shootBothWidths(page, "screening-class-groups");
  await suggested.getByRole("link", { name: "Open Groups" }).click();
  await expect(page.getByRole("region", { name: "Fluency boost" })).toContainText("Mo");

  // The plan starts from the screening: the median as the baseline, the spring goal.
  await page.getByRole("menuitem", { name: "Class Scores and Data" }).click();
  await page.getByRole("menuitem", { name: "Progress Monitoring" }).click();
  await expect(page.getByRole("heading", { name: "Progress Monitoring" })).toBeVisible();
  await expect(page.getByText("No monitoring plans yet")).toBeVisible();
  await page.getByRole("button", { name: "Start a plan for Mo Reyes" }).click();
  const form = page.getByRole("dialog", { name: "Monitoring plan for Mo Reyes" });
  const baseline = form.getByRole("textbox", { name: "Baseline (WCPM)" });
  await expect(baseline).toHaveValue("30");
  await expect(form.getByRole("textbox", { name: "End-of-year goal (WCPM)" })).not.toHaveValue("");
  // A baseline above the goal is refused under the goal, and what was typed stays.
  await baseline.fill("200");
  await form.getByRole("button", { name: "Start the plan" }).click();
  await expect(form.getByText(monitoringMessages.goalAboveBaseline)).toBeVisible();
  await expect(baseline).toHaveValue("200");
  await baseline.fill("30");
  await form.getByRole("button", { name: "Start the plan" }).click();
  await expect(page.getByText(monitoringMessages.started("Mo Reyes"))).toBeVisible();
  const row = page.getByRole("region", { name: "Monitoring plans" }).getByRole("row", {
    name: /Mo Reyes/,
  });
  await expect(row.getByText("0 of 4 points")).toBeVisible();
  await expect(row.getByText("Every week")).toBeVisible();

  // Four new lessons read cold, each graded at 20 WCPM: under the aim line, which starts at 30.
  const lessons = await Promise.all([0, 1, 2, 3].map((i) => catalogLesson(page, "Third Grade", i)));
  await assignLessons(page, mo, ...lessons);
  await switchToStudent(page, account, mo);
  for (const lesson of lessons) await sendReading(page, lesson.id, "cold_read");
  await switchToTeacher(page, account);
  const readings = await processedReadings(page, 7);
  for (const reading of readings.filter((r) => r.classification === "cold_read"))
    await gradeReading(page, reading.id, 20);

  await page.goto("/screening/monitoring");
  await expect(row.getByText("Change the intervention")).toBeVisible();
  await shootBothWidths(page, "screening-monitoring-class");
  await row.getByRole("link", { name: "Mo Reyes" }).click();
  await expect(page.getByRole("heading", { name: /Mo Reyes, 3rd grade level/ })).toBeVisible();
  const flag = page.getByRole("alert").filter({ hasText: "below the aim line" });
  await expect(flag).toBeVisible();
  await expect(page.getByRole("region", { name: "Baseline" })).toContainText("30 WCPM");
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

  // The intervention group's graphs side by side.
  await page.getByRole("combobox", { name: "Group" }).click();
  await page.getByRole("option", { name: "Fluency boost" }).click();
  const graph = page.getByRole("region", { name: "Mo Reyes" });
  await expect(graph.getByRole("link", { name: "Mo Reyes" })).toBeVisible();
  await expect(graph.getByText("4 readings")).toBeVisible();
  await shootBothWidths(page, "screening-monitoring-group");
});
