import { readFileSync } from "node:fs";
import {
  currentSchoolYear,
  EXPORT_COLUMNS,
  exportFileName,
  schoolYearLabel,
  windowMessages,
} from "@refrain/domain";
import { districtAdmin, expect, screenshot, signInAs, signOut, teacher, test } from "./fixtures.ts";
import { shootBothWidths, shotFromTop } from "./journey-steps.ts";

test("the district admin sets next year's benchmark windows, and a teacher of the district reads them and screens the class", async ({
  page,
}) => {
  // Three people's pages, an export's job and a download: over the default 30 s on a loaded
  // machine.
  test.setTimeout(90_000);
  // Next year's, so that no other page's current window moves under another journey.
  const year = currentSchoolYear() + 1;
  await signInAs(page, districtAdmin);
  await page.goto("/");
  await page.getByRole("menuitem", { name: "Admin" }).click();
  await page.getByRole("menuitem", { name: "Benchmark Windows" }).click();
  await expect(page.getByRole("heading", { name: "Benchmark Windows" })).toBeVisible();
  await page.getByRole("combobox", { name: "School year" }).click();
  await page.getByRole("option", { name: schoolYearLabel(year) }).click();

  const fall = page.getByRole("group", { name: "Beginning of year (fall)" });
  const fallStart = fall.getByLabel("First day");
  await expect(fallStart).toBeEnabled();
  // A window outside its season is refused under the field, and what was typed stays.
  await fallStart.fill(`${year}-06-20`);
  const outside = windowMessages.outside("fall", `${year}-07-01`, `${year}-11-30`);
  await expect(fall.getByText(outside)).toBeVisible();
  await expect(fallStart).toHaveValue(`${year}-06-20`);
  await fallStart.fill(`${year}-08-24`);
  await fall.getByLabel("Last day").fill(`${year}-09-25`);
  await expect(fall.getByText(outside)).toHaveCount(0);
  const winterEnd = page
    .getByRole("group", { name: "Middle of year (winter)" })
    .getByLabel("Last day");
  await winterEnd.fill(`${year + 1}-01-22`);
  await page.getByRole("button", { name: "Save windows" }).click();
  await expect(page.getByText(windowMessages.saved)).toBeVisible();
  await expect(page.getByText(/Your district set these windows\. Last saved .* by /)).toBeVisible();
  await screenshot(page, "screening-windows-district");

  // The district's data in one file, made by a job: this year's, with a header a data system
  // reads by name. The file stays offered, with its date, once it is made.
  await page.getByRole("menuitem", { name: "Reports" }).click();
  await page.getByRole("menuitem", { name: "Screening" }).click();
  await page.getByRole("button", { name: "Export the year's scores (CSV)" }).click();
  const fileName = exportFileName(currentSchoolYear());
  const downloadButton = page.getByRole("button", { name: `Download ${fileName}` });
  await expect(downloadButton).toBeVisible();
  await expect(page.getByText(/^Made .*, asked for by /)).toBeVisible();
  await screenshot(page, "screening-export-district");
  const downloading = page.waitForEvent("download");
  await downloadButton.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(fileName);
  const [header, ...rows] = readFileSync(await file.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(header).toBe(EXPORT_COLUMNS.join(","));
  for (const row of rows) expect(row).toMatch(/,(benchmark|monitoring),(BOY|MOY|EOY)?,\d{4}-/);

  // The district lists its schools a page at a time, found by name; one school opens with its
  // classes, each opening its students, and going back finds the list as it was.
  await expect(page.getByRole("region", { name: "Screening by class" })).toHaveCount(0);
  const bySchool = page.getByRole("region", { name: "Screening by school" });
  // Other journeys add schools to the demo district: how many there are is not known here.
  await expect(page.getByText(/^1–\d+ of \d+ schools$/)).toBeVisible();
  const find = page.getByRole("textbox", { name: "Find a school" });
  await find.fill("zz");
  await expect(page.getByText("No schools match")).toBeVisible();
  await find.fill("maple");
  await expect(page.getByText("1–1 of 1 school matching “maple”")).toBeVisible();
  await expect(bySchool.getByRole("link")).toHaveText(["Maple Grove Elementary"]);
  await page.setViewportSize({ width: 820, height: 1180 });
  await shotFromTop(page, "screening-district-schools-820");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shotFromTop(page, "screening-district-schools-1280");
  await bySchool.getByRole("link", { name: "Maple Grove Elementary" }).click();
  await expect(
    page.getByRole("heading", { name: "Screening: Maple Grove Elementary" }),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Screening by class" }).getByRole("link").first(),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Screening by school" })).toHaveCount(0);
  await screenshot(page, "screening-school-of-district");
  await page.getByRole("link", { name: "← All schools" }).click();
  await expect(page.getByRole("heading", { name: "Screening", exact: true })).toBeVisible();
  await expect(find).toHaveValue("maple");
  await expect(bySchool.getByRole("link")).toHaveText(["Maple Grove Elementary"]);
  // Back after a search goes back: the search typed is not put over the address Back left.
  await page.goto("/screening/overview?page=99");
  await expect(page.getByText("No schools on this page")).toBeVisible();
  // What the page puts in the box from here on. The router renders a new address in a
  // transition, after the box's own state: the box took the old address for one changed by Back
  // and emptied itself, and on a slow device its emptiness then became the search.
  await find.evaluate((box: HTMLInputElement) => {
    const shown: string[] = [];
    Object.assign(window, { shownInBox: shown });
    const own = Object.getOwnPropertyDescriptor(box, "value");
    const value = own ?? Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
    Object.defineProperty(box, "value", {
      configurable: true,
      get() {
        return value?.get?.call(this);
      },
      set(text: string) {
        shown.push(text);
        value?.set?.call(this, text);
      },
    });
  });
  // As a slow tablet: four times slower, the box's emptying showed in every run of the old page.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.getByRole("button", { name: "First page" }).click();
  await find.fill("maple");
  await expect(page.getByText("1–1 of 1 school matching “maple”")).toBeVisible();
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const shown = await page.evaluate(() => (window as { shownInBox?: string[] }).shownInBox ?? []);
  expect(shown.slice(shown.indexOf("maple"))).toEqual(
    shown.slice(shown.indexOf("maple")).map(() => "maple"),
  );
  await expect(find).toHaveValue("maple");
  await page.goBack();
  await expect(page.getByText("No schools on this page")).toBeVisible();
  await expect(find).toHaveValue("");
  await expect(page).toHaveURL(/\/screening\/overview\?page=99$/);

  // A teacher of the district reads them, and cannot change them.
  await signOut(page);
  await signInAs(page, teacher);
  await page.goto("/screening/windows");
  await page.getByRole("combobox", { name: "School year" }).click();
  await page.getByRole("option", { name: schoolYearLabel(year) }).click();
  await expect(
    page.getByText(/Your district set these windows\..*Only they can change them\./),
  ).toBeVisible();
  const seen = page.getByRole("group", { name: "Beginning of year (fall)" });
  await expect(seen.getByLabel("First day")).toHaveValue(`${year}-08-24`);
  await expect(seen.getByLabel("First day")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save windows" })).toHaveCount(0);

  // The class's screening in this year's current window: every student, each tier counted.
  await page.getByRole("menuitem", { name: "Class Scores and Data" }).click();
  await page.getByRole("menuitem", { name: "Screening" }).click();
  await expect(page.getByRole("heading", { name: "Screening" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Students' screening" })).toBeVisible();
  for (const tier of [
    "At or above benchmark",
    "Below benchmark",
    "Well below benchmark",
    "Incomplete",
  ])
    await expect(page.getByRole("region", { name: tier, exact: true })).toBeVisible();
  await page.getByText("MOY (winter)", { exact: true }).click();
  await expect(page.getByText(/Middle of year \(winter\) window:/)).toBeVisible();
  await shootBothWidths(page, "screening-class");
});
