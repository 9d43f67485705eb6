import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { planDistrict } from "../apps/server/src/demo/plan/oneroster-plan.ts";
import { districtAdmin, staff } from "./fixtures.ts";
import { shotAtTablet } from "./journey-steps.ts";
import { expect, screenshot, signInAs, test } from "./own-server.ts";

// The tests share this file's own server (own-server.ts) and run one after the other.
test.describe.configure({ mode: "default" });

/** The sample package's people (the server's sample route writes the same plan). */
const plan = planDistrict("demo");
const WILLOW_BEND = 2;
const newTeacher = plan.teachers.find((t) => t.schools[0] === WILLOW_BEND);
const newStudent = plan.students.find((s) => plan.classes[s.cls]?.school === WILLOW_BEND);
if (!newTeacher || !newStudent) throw new Error("The sample district has no Willow Bend people");

/** Saves a sample package through the page's link, under the name the server gives it. */
async function downloadSample(page: Page, link: string): Promise<string> {
  const saving = page.waitForEvent("download");
  await page.getByRole("button", { name: link }).click();
  const download = await saving;
  // In the test's own output folder, which Playwright empties before each run.
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** Picks the package in the file input and sends it; the import's page opens. */
async function uploadPackage(page: Page, path: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "OneRoster package (.zip)" }).click(),
  ]);
  await chooser.setFiles(path);
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL(/\/district_admin\/roster\/imports\/\d+$/);
}

const cells = (row: Locator) => row.getByRole("cell");

test("the district admin imports the sample roster, applies it and finds its people", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, districtAdmin);
  await page.getByRole("menuitem", { name: "Admin" }).click();
  await page.getByRole("menuitem", { name: "Roster Import" }).click();
  await expect(page.getByRole("heading", { name: "Roster Import", level: 1 })).toBeVisible();
  await expect(page.getByText("No imports yet")).toBeVisible();

  // Not a ZIP: refused before anything is sent.
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "OneRoster package (.zip)" }).click(),
  ]);
  await chooser.setFiles({ name: "users.csv", mimeType: "text/csv", buffer: Buffer.from("a,b") });
  await expect(page.getByText("This file is not a ZIP file.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload and check" })).toBeDisabled();
  await screenshot(page, "admin-roster-import-start");

  const sample = await downloadSample(page, "Sample package");
  expect(sample).toMatch(/riverbend-oneroster\.zip$/);
  await uploadPackage(page, sample);
  await expect(page.getByRole("heading", { name: "riverbend-oneroster.zip" })).toBeVisible();

  // The preview: what changes, per kind of record.
  await expect(page.getByRole("heading", { name: "What this import changes" })).toBeVisible();
  const counts = page.getByRole("region", { name: "Changes per kind of record" });
  await expect(cells(counts.getByRole("row", { name: /^Schools/ }))).toHaveText([
    "2",
    "2",
    "0",
    "0",
  ]);
  await expect(cells(counts.getByRole("row", { name: /^Teachers/ }))).toHaveText([
    "9",
    "3",
    "0",
    "0",
  ]);
  await expect(cells(counts.getByRole("row", { name: /^Students/ }))).toHaveText([
    "200",
    "0",
    "0",
    "0",
  ]);
  await expect(page.getByRole("region", { name: "Files in the package" })).toContainText(
    "users.csv",
  );

  // The demo world's two schools matched by name; the other two are new.
  await expect(page.getByRole("combobox", { name: "Maple Grove Elementary" })).toHaveValue(
    "Maple Grove Elementary",
  );
  await expect(page.getByRole("combobox", { name: "Cedar Hill Elementary" })).toHaveValue(
    "Cedar Hill Elementary",
  );
  await expect(page.getByRole("combobox", { name: "Willow Bend Elementary" })).toHaveValue(
    "Create a new school",
  );
  await expect(page.getByRole("combobox", { name: "Heron Point Elementary" })).toHaveValue(
    "Create a new school",
  );
  await expect(page.getByText("matched by name")).toHaveCount(2);
  await expect(page.getByLabel("Email new teachers an invitation")).toBeChecked();
  await expect(
    page.getByLabel("Set existing students' reading levels from their grades"),
  ).not.toBeChecked();
  await screenshot(page, "admin-roster-import-preview");
  await shotAtTablet(page, "admin-roster-import-preview-tablet");

  // A choice the preview did not count with: the page offers to count again, and the new
  // preview keeps it.
  const levels = page.getByLabel("Set existing students' reading levels from their grades");
  await levels.check();
  const recount = page.getByRole("button", { name: "Count again with these choices" });
  await recount.click();
  await expect(levels).toBeChecked({ timeout: 30_000 });
  await expect(recount).toHaveCount(0);
  await expect(cells(counts.getByRole("row", { name: /^Students/ }))).toHaveText([
    "200",
    "0",
    "0",
    "0",
  ]);

  await page.getByRole("button", { name: "Apply import" }).click();
  const confirm = page.getByRole("dialog", { name: "Apply this import?" });
  await expect(
    confirm.getByText(
      "Creates 2 schools, 9 teachers, 14 classes, 200 students and 214 enrollments.",
    ),
  ).toBeVisible();
  await expect(confirm.getByText("Updates 2 schools and 3 teachers.")).toBeVisible();
  await expect(confirm.getByText("Deactivates nothing.")).toBeVisible();
  await screenshot(page, "admin-roster-import-confirm");

  // The job's progress, as the page polls it, until every record is written: each answer
  // kept in the order it came.
  type Progress = { status: string; done: number; total: number };
  const answers: Promise<Progress | null>[] = [];
  page.on("response", (response) => {
    if (!/\/district_admin\/roster\/imports\/\d+(\/apply)?$/.test(response.url())) return;
    answers.push(
      response.json().then(
        ({ data }: { data: { status: string; progress: { done: number; total: number } } }) => ({
          status: data.status,
          ...data.progress,
        }),
        () => null,
      ),
    );
  });
  await confirm.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByRole("heading", { name: "Applying the import" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeAttached();
  const applied = page.getByRole("status").filter({ hasText: "The import is applied" });
  await expect(applied).toBeVisible({ timeout: 30_000 });
  await expect(applied).toContainText("Imported 216 of 216 records");
  await expect(applied).toContainText(
    "Creates 2 schools, 9 teachers, 14 classes, 200 students and 214 enrollments.",
  );
  const seen = (await Promise.all(answers)).filter((answer) => answer !== null);
  const done = seen.map((s) => s.done);
  expect(done, "the progress never goes back").toEqual([...done].sort((a, b) => a - b));
  expect(seen[0]?.status).toBe("applying");
  expect(seen.at(-1)).toEqual({ status: "applied", done: 216, total: 216 });
  await screenshot(page, "admin-roster-import-applied");

  // The imported people, in the district search.
  await applied.getByRole("link", { name: "Search Teachers and Students" }).click();
  await expect(page.getByRole("heading", { name: "Search Teachers and Students" })).toBeVisible();
  const query = page.getByLabel("Login/Name/Email");
  await query.fill(newTeacher.email);
  await query.press("Enter");
  const teacherRow = page.getByRole("region", { name: "Teachers found" }).getByRole("row").nth(1);
  await expect(teacherRow).toContainText(newTeacher.givenName);
  await expect(teacherRow).toContainText(newTeacher.familyName);
  await expect(teacherRow).toContainText("Willow Bend Elementary");

  await page.getByRole("radio", { name: "Search Students" }).check();
  await query.fill(`${newStudent.givenName} ${newStudent.familyName}`);
  await query.press("Enter");
  const studentRow = page
    .getByRole("region", { name: "Students found" })
    .getByRole("row")
    .filter({ hasText: "Willow Bend Elementary" });
  await expect(studentRow).toHaveCount(1);
  await expect(studentRow).toContainText(newStudent.familyName);
  await screenshot(page, "admin-roster-import-search");
});

test("a package with errors lists its problems, offers no Apply and can be discarded", async ({
  page,
}) => {
  await signInAs(page, districtAdmin);
  await page.goto("/district_admin/roster");
  const sample = await downloadSample(page, "The same with errors");
  await uploadPackage(page, sample);

  await expect(page.getByRole("alert").filter({ hasText: "cannot be imported" })).toContainText(
    "Nothing was changed.",
  );
  const problems = page.getByRole("region", { name: "Problems found" });
  await expect(problems.getByRole("row")).toHaveCount(1 + 8);
  // Errors first, then the warning.
  await expect(problems.getByRole("row").nth(1)).toContainText("Error");
  await expect(problems.getByRole("row").last()).toContainText("Warning");
  await expect(problems.getByRole("row", { name: /rb-usr-err001/ })).toContainText(
    'givenName starts with "=", which spreadsheets run as a formula',
  );
  await expect(problems.getByRole("row", { name: /rb-enr-err001/ })).toContainText(
    "classSourcedId names rb-cls-9999, which is not in classes.csv.",
  );
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);
  await screenshot(page, "admin-roster-import-errors");
  await shotAtTablet(page, "admin-roster-import-errors-tablet");

  const saving = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the full report (CSV)" }).click();
  const report = await saving;
  expect(report.suggestedFilename()).toMatch(/^roster-import-\d+-problems\.csv$/);
  const lines = readFileSync(await report.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("severity,file,line,sourcedId,field,message");
  expect(lines).toHaveLength(1 + 8);

  await page.getByRole("button", { name: "Discard" }).click();
  await page
    .getByRole("dialog", { name: "Discard this import?" })
    .getByRole("button", {
      name: "Discard import",
    })
    .click();
  await expect(page.getByText("This import was discarded")).toBeVisible();
  await page.getByRole("link", { name: "Roster Import" }).click();
  const row = page.getByRole("region", { name: "Past imports" }).getByRole("row", {
    name: /riverbend-oneroster-errors\.zip/,
  });
  await expect(row).toContainText("Discarded");
  await expect(cells(row).nth(4)).toHaveText("7");
});

test("staff choose the district, then see its imports", async ({ page }) => {
  await signInAs(page, staff);
  await page.getByRole("menuitem", { name: "Districts" }).click();
  await page.getByRole("menuitem", { name: "Roster Import" }).click();
  await expect(page.getByRole("button", { name: "Upload and check" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "District" }).click();
  await page.getByRole("option", { name: "Riverbend Unified School District" }).click();
  await expect(page).toHaveURL(/\/staff\/roster\?districtId=\d+$/);
  await expect(page.getByRole("button", { name: "Upload and check" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Past imports" })).toBeVisible();
  await screenshot(page, "admin-roster-import-staff");
});
