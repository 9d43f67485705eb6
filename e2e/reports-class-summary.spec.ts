import { type ClassSummaryResponse, shortcutRange } from "@refrain/domain";
import { expect, screenshot, signInAs, teacher, test } from "./fixtures.ts";

/**
 * The demo teacher's home is the class summary (grading spec §2, issue 12 item 1), read only:
 * she picks 30 days, the table shows what the server answered for that range, row by row, with
 * goal badges judged against the norms shown below it, and a student's magnifier opens their
 * recent and ungraded videos.
 */
for (const width of [1280, 768]) {
  test(`the class summary at ${width} px: 30 days, the numbers, goals and a student's videos`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 1000 });
    await signInAs(page, teacher);
    await expect(page.getByRole("heading", { name: "My Class", level: 1 })).toBeVisible();
    const table = page.getByRole("table").first();
    await expect(table.getByRole("columnheader", { name: "Fluency Proficiency" })).toBeVisible();

    const answer = page.waitForResponse(
      (response) =>
        response.url().includes("/dashboard/class_summary") &&
        response.url().includes("start_date="),
    );
    await page.getByRole("button", { name: "30 days" }).click();
    const { data } = (await (await answer).json()) as ClassSummaryResponse;
    // The range of the teacher's local today, in the URL as YYYY-MM-DD, on screen as MM/DD/YYYY.
    const now = new Date();
    const today = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
    const range = shortcutRange("last_30_days", today);
    await expect(page).toHaveURL(
      `/?student_id=overall&start_date=${range.start}&end_date=${range.end}`,
    );
    await expect(page.getByRole("button", { name: "30 days", pressed: true })).toBeVisible();
    const [y, m, d] = range.start.split("-");
    await expect(page.getByText(`Showing ${m}/${d}/${y} to`)).toBeVisible();
    await expect(page.locator("[aria-busy]")).toHaveCount(0);

    // A row per student, then a row per group, each with the server's figures.
    expect(data.students.length).toBeGreaterThan(0);
    await expect(table.locator("tbody tr")).toHaveCount(data.students.length + data.groups.length);
    const shown = (value: number | null, unit = "") => (value === null ? "—" : `${value}${unit}`);
    for (const student of data.students) {
      const cells = table.locator(`tr[data-student="${student.id}"] td`);
      await expect(cells.nth(0)).toContainText(student.name);
      await expect(cells.nth(1)).toHaveText(String(student.lessons));
      await expect(cells.nth(2)).toHaveText(String(student.stories));
      await expect(cells.nth(3)).toHaveText(shown(student.comprehension, "%"));
      await expect(cells.nth(4)).toHaveText(shown(student.cold));
      await expect(cells.nth(5)).toHaveText(shown(student.hot));
      await expect(cells.nth(6)).toHaveText(shown(student.benchmarks));
      await expect(cells.nth(7).locator(`[data-goal="${student.goals}"]`)).toBeVisible();
      await expect(cells.nth(0).getByText(/ new$/)).toHaveCount(student.new_recordings > 0 ? 1 : 0);
    }
    for (const group of data.groups) {
      const goals = table.locator(`tr[data-group="${group.id}"] td`).nth(7);
      await expect(goals).toContainText(`${group.goals.met} met`);
      await expect(goals).toContainText(`${group.goals.below} below`);
    }
    // The class's rings agree with the rows, and the norms behind the badges are on the page.
    const met = data.students.filter((s) => s.goals === "met").length;
    const judged = data.students.filter((s) => s.goals !== "none").length;
    await expect(
      page.getByRole("img", {
        name:
          judged === 0
            ? "Meeting fluency goals: —, no benchmarks yet"
            : `Meeting fluency goals: ${Math.round((met / judged) * 100)}%, ${met} of ${judged} judged`,
      }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "How Fluency Proficiency is judged" }),
    ).toBeVisible();
    await expect(page.getByText(/Hasbrouck, J\. & Tindal, G\. \(2017\)/)).toBeVisible();
    await screenshot(page, `reports-class-summary-${width}`);

    // The magnifier of a student with readings opens their recent and ungraded videos.
    const withVideos = data.students.find((s) => s.new_recordings > 0) ?? data.students[0];
    if (!withVideos) throw new Error("The demo class has no students");
    await page
      .getByRole("button", { name: `Recent and ungraded videos of ${withVideos.name}` })
      .click();
    const popup = page.getByRole("dialog", { name: "Recent and Ungraded Videos" });
    await expect(popup).toBeVisible();
    await expect(
      popup.getByRole("row").first().or(popup.getByText("No fluency videos")),
    ).toBeVisible();
    expect(await popup.getByRole("row").count()).toBeLessThanOrEqual(11);
    await screenshot(page, `reports-class-summary-popup-${width}`);
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
  });
}

/**
 * The Student field is drawn before Mantine's Select has loaded (it loads when the field is
 * reached for, issue 40): what the teacher types meanwhile is not lost. The Select's chunk is
 * held back until she has typed, so the stand-in is what she types into.
 */
test("a student's name typed before the Student field has loaded searches the class", async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(Select|select-chunk)-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await signInAs(page, teacher);
  await expect(page.getByRole("heading", { name: "My Class", level: 1 })).toBeVisible();
  const field = page.getByRole("combobox", { name: "Student" });
  await expect(field).toHaveValue("Overall (whole class)");
  await field.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Levi");
  // Still the stand-in: Mantine's Select has not arrived.
  await expect(page.locator(".mantine-Select-input")).toHaveCount(0);
  await expect(field).toHaveValue("Levi");

  release();
  await expect(page.locator(".mantine-Select-input")).toHaveCount(1);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("Levi");
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["Levi Brooks"]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]student_id=\d+/);
  await expect(field).toHaveValue("Levi Brooks");
});
