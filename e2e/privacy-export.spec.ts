import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  districtAdmin,
  expect,
  schoolAdmin,
  screenshot,
  signInAs,
  test,
  tileStudent,
} from "./fixtures.ts";

test("a teacher exports everything held about a student and downloads it once", async ({
  page,
  ownClass,
}, testInfo) => {
  test.setTimeout(60_000);
  const account = await ownClass({ students: 2 });
  const student = account.students[0];
  if (!student) throw new Error("ownClass made no student");
  const name = `${student.firstname} ${student.lastname}`;

  // From the roster's More settings to the student's Privacy and data page.
  await page.goto("/teacher/roster");
  await page.getByRole("button", { name: `More settings for ${name}` }).click();
  await page.getByRole("link", { name: "Privacy and data" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Privacy and data: ${name}` }),
  ).toBeVisible();
  await expect(page.getByText("No exports yet")).toBeVisible();
  await screenshot(page, "privacy-export-empty");

  await page.getByRole("button", { name: "Export everything we hold" }).click();
  const exportsList = page.getByRole("list").filter({ has: page.getByRole("listitem") });
  await expect(exportsList.getByRole("listitem")).toHaveCount(1);
  const download = page.getByRole("button", { name: "Download (once)" });
  // The job builds it; the list asks again until the bar has reached the end.
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Export progress" })).toBeHidden();
  await expect(page.getByText(/^Until /)).toBeVisible();
  await screenshot(page, "privacy-export-ready");

  const saving = page.waitForEvent("download");
  await download.click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/^refrain-student-export-\d+\.zip$/);
  const zip = testInfo.outputPath("export.zip");
  await file.saveAs(zip);
  const out = testInfo.outputPath("export");
  execFileSync("unzip", ["-q", zip, "-d", out]);
  expect(readdirSync(out).sort()).toEqual(["data", "summary.html"]);
  expect(readFileSync(join(out, "summary.html"), "utf8")).toContain(
    `Everything Refrain holds about ${name}`,
  );
  const [profile] = JSON.parse(readFileSync(join(out, "data/profile.json"), "utf8"));
  expect(profile).toMatchObject({
    id: student.id,
    firstName: student.firstname,
    lastName: student.lastname,
    username: student.username,
  });
  expect(profile).not.toHaveProperty("passwordHash");
  expect(readFileSync(join(out, "data/assignments.csv"), "utf8")).toMatch(/^"id","lesson",/);
  expect(readdirSync(join(out, "data"))).toContain("consent-records.json");

  // The list says it went; the link works no more.
  await expect(page.getByText(/^Downloaded /)).toBeVisible();
  await expect(download).toBeHidden();
  const again = await page.request.get(file.url());
  expect(again.status()).toBe(410);
  await page.setViewportSize({ width: 768, height: 1000 });
  await screenshot(page, "privacy-export-downloaded");
});

test("admins reach a student's Privacy and data page: the school admin by its search, the district admin from theirs", async ({
  page,
}) => {
  await signInAs(page, schoolAdmin);
  await page.goto("/");
  await page.getByRole("menuitem", { name: "Admin" }).click();
  await page.getByRole("menuitem", { name: "Student Privacy and Data" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Student Privacy and Data" }),
  ).toBeVisible();
  const words = page.getByLabel("Student login or name");
  await words.fill(tileStudent.firstName);
  await words.press("Enter");
  const found = page.getByRole("region", { name: "Students found" });
  const row = found.getByRole("row", { name: new RegExp(tileStudent.login) });
  await expect(row).toBeVisible();
  await screenshot(page, "privacy-find-student");
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: /^Privacy and data: / })).toBeVisible();
  await expect(page.getByText(`Username ${tileStudent.login}`)).toBeVisible();

  await signInAs(page, districtAdmin);
  await page.goto("/district_admin/search");
  await page.getByRole("radio", { name: "Search Students" }).check();
  const query = page.getByLabel("Login/Name/Email");
  await query.fill(tileStudent.firstName.toLowerCase());
  await query.press("Enter");
  await page
    .getByRole("region", { name: "Students found" })
    .getByRole("link", { name: `Privacy and data of ${tileStudent.login}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Privacy and data: / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export everything we hold" })).toBeVisible();
});

test("an export being built shows its progress as a named progress bar", async ({
  page,
  ownClass,
}) => {
  const account = await ownClass({ students: 1 });
  const student = account.students[0];
  if (!student) throw new Error("ownClass made no student");
  // Held at 40 %, as a long export would be, so the page (and its axe check) meets the bar.
  await page.route(`**/privacy/students/${student.id}/exports`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    body.data.exports = [
      {
        id: 1,
        status: "running",
        progress: 40,
        createdAt: new Date().toISOString(),
        finishedAt: null,
        expiresAt: null,
        downloadedAt: null,
        bytes: null,
        requestedBy: "Alex Morgan",
      },
    ];
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/privacy/students/${student.id}`);
  const bar = page.getByRole("progressbar", { name: "Export progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "40");
  await expect(bar).toHaveAttribute("aria-valuetext", "40%");
  await expect(page.getByText("Preparing: 40%")).toBeVisible();
  // The page asks again every few seconds while an export runs: a call the handler is still
  // answering when the test ends would fail on its closed context ("Response has been disposed").
  await page.unrouteAll({ behavior: "wait" });
});
