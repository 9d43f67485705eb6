import { readFileSync } from "node:fs";
import { expect, screenshot, signInStudentAs, test } from "./fixtures.ts";
import { shotFromTop } from "./journey-steps.ts";

test.describe("settings and preferences", () => {
  test("a teacher turns on fluency recording, sees how much of the class has consent on file, saves, finds it kept, downloads the slip, and the class sees the message", async ({
    page,
    ownClass,
  }) => {
    // Settings, a reload, the slip's download and the student's home: more than 30 s when it
    // is the first journey a busy machine runs.
    test.setTimeout(60_000);
    const account = await ownClass({ firstName: "Rhea", lastName: "Lindqvist", students: 1 });
    await page.goto("/");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Settings and Preferences" }).click();
    await expect(page).toHaveURL(/\/teacher\/\d+\/settings$/);
    await expect(
      page.getByRole("heading", { name: "Student Accountability Preferences" }),
    ).toBeVisible();

    const save = page.getByRole("button", { name: "Save preferences" });
    const record = page.getByRole("switch", { name: "Students record themselves reading" });
    // Consent is recorded per student on the consent page (issue 19): the card shows the count.
    const permission = page.getByText("Parent permission on file for 0 of 1 student");
    const approval = page.getByText("Admin approval on file for 0 of 1 student");
    // Nothing changed yet: no Save; the consent standing waits for recording to be on.
    await expect(save).toBeHidden();
    await expect(record).not.toBeChecked();
    await expect(permission).toBeHidden();

    await record.click();
    await expect(save).toBeVisible();
    await expect(permission).toBeVisible();
    await expect(approval).toBeVisible();
    await expect(page.getByText("A student records only once both")).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Record or review consent per student" }),
    ).toHaveAttribute("href", "/teacher/consent");
    await page.getByRole("radio", { name: /Lyrics Only/ }).check();
    await page.getByRole("switch", { name: "Read along three times before the exams" }).click();
    const message = page.getByRole("textbox", { name: "Message to the class" });
    await message.fill("Welcome back, readers! Sing it loud.");
    // From the top, so the sticky header does not cover the page in the full-page capture.
    await shotFromTop(page, "account-settings-changed");

    await save.click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your preferences were saved." }),
    ).toBeVisible();
    await expect(save).toBeHidden();

    await page.reload();
    await expect(record).toBeChecked();
    await expect(permission).toBeVisible();
    await expect(approval).toBeVisible();
    await expect(page.getByRole("radio", { name: /Lyrics Only/ })).toBeChecked();
    await expect(
      page.getByRole("switch", { name: "Read along three times before the exams" }),
    ).toBeChecked();
    await expect(message).toHaveValue("Welcome back, readers! Sing it loud.");

    // The class picks names from tiles: its code is here, and a new one replaces it.
    const code = page.getByLabel("Class code");
    await expect(code).toHaveText(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
    const before = await code.textContent();
    await page.getByRole("button", { name: "Get a new code" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your class has a new code." }),
    ).toBeVisible();
    await expect(code).not.toHaveText(before ?? "");
    await expect(save).toBeHidden();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: /Download the permission slip/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("student-fluency-permission-slip.docx");
    // A .docx is a zip: it starts with the zip signature "PK".
    expect(
      readFileSync(await file.path())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "account-settings-tablet");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "account-settings");

    const student = account.students[0];
    if (!student) throw new Error("The class has no student");
    await signInStudentAs(page, {
      login: student.username,
      password: student.password,
      teacher: account.login,
    });
    await page.goto("/");
    await expect(page.getByText("Welcome back, readers! Sing it loud.")).toBeVisible();
  });

  test("a parent's page shows their account and subscription but no class cards", async ({
    page,
    ownClass,
  }) => {
    await ownClass({ userType: "parent" });
    await page.goto("/");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Settings and Preferences" }).click();
    for (const card of ["Subscription Information", "Login Information", "My Information"])
      await expect(page.getByRole("heading", { name: card })).toBeVisible();
    for (const card of ["Student Accountability Preferences", "How I Teach"])
      await expect(page.getByRole("heading", { name: card })).toBeHidden();
  });
});
