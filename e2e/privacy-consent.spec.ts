import { authCalls, pathOf, settingsCalls } from "@refrain/domain";
import {
  apiRequest,
  expect,
  screenshot,
  switchToStudent,
  switchToTeacher,
  test,
} from "./fixtures.ts";
import { sendReading } from "./fluency-readings.ts";
import { assignLessons, catalogLesson } from "./journey-steps.ts";

/** A one-page PDF as a scanner makes it: the first bytes are what the server checks. */
const SLIP_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

test.describe("privacy: recording consent", () => {
  test("a teacher records consent for two students at once with a slip, withdraws one and deletes that student's recording", async ({
    page,
    ownClass,
  }) => {
    // Two consents, a reading sent over tus, a withdrawal: more than 30 s on a busy machine.
    test.setTimeout(150_000);
    const account = await ownClass({ students: 2 });
    const [ada, bilal] = account.students;
    if (!ada || !bilal) throw new Error("The class has too few students");
    const adaName = `${ada.firstname} ${ada.lastname}`;
    const bilalName = `${bilal.firstname} ${bilal.lastname}`;
    const session = await apiRequest<{ user: { id: number } }>(page, "GET", authCalls.session.path);
    await apiRequest(
      page,
      "POST",
      pathOf(settingsCalls.update_params, { teacherId: session.user.id }),
      {
        verb: "update_params",
        record_student_fluency: true,
      },
    );

    await page.goto("/");
    await page.getByRole("menuitem", { name: "Fluency", exact: true }).click();
    await page.getByRole("menuitem", { name: "Recording Consent" }).click();
    await expect(page).toHaveURL(/\/teacher\/consent$/);
    await expect(page.getByRole("heading", { name: "Recording Consent" })).toBeVisible();
    const rowOf = (name: string) => page.getByRole("row").filter({ hasText: name });
    await expect(rowOf(adaName).getByText("Missing")).toHaveCount(2);
    const record = page.getByRole("button", { name: "Record consent" });
    await expect(record).toBeDisabled();

    // Parent permission for both at once, with the signed slip's scan.
    await page.getByRole("checkbox", { name: `Select ${adaName}` }).check();
    await page.getByRole("checkbox", { name: `Select ${bilalName}` }).check();
    await record.click();
    const dialog = page.getByRole("dialog", { name: "Record consent" });
    await expect(dialog.getByText(`For 2 students: ${adaName}, ${bilalName}`)).toBeVisible();
    await dialog.getByRole("radio", { name: "Parent permission" }).check();
    await dialog.getByLabel("Note").fill("Signed at the September conferences.");
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: "slips.pdf", mimeType: "application/pdf", buffer: SLIP_PDF });
    await expect(dialog.getByText("slips.pdf")).toBeVisible();
    await screenshot(page, "privacy-consent-record");
    await dialog.getByRole("button", { name: "Record consent" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(adaName).getByText("On file")).toHaveCount(1);
    await expect(rowOf(bilalName).getByText("On file")).toHaveCount(1);

    // The school's approval for both, by its policy, no slip.
    await page.getByRole("checkbox", { name: "Select every student" }).check();
    await record.click();
    await dialog.getByRole("radio", { name: "Admin approval" }).check();
    await dialog.getByRole("combobox", { name: "How it was given" }).click();
    await page.getByRole("option", { name: "School policy" }).click();
    // With no slip chosen: the file input's placeholder is text axe measures.
    await screenshot(page, "privacy-consent-approval", { fullPage: false });
    await dialog.getByRole("button", { name: "Record consent" }).click();
    await expect(dialog).toBeHidden();
    for (const name of [adaName, bilalName]) {
      await expect(rowOf(name).getByText("On file")).toHaveCount(2);
      await expect(rowOf(name).getByText("Missing")).toHaveCount(0);
    }
    await screenshot(page, "privacy-consent");

    // Ada records a cold read, as her consent allows.
    const lesson = await catalogLesson(page, "Second Grade");
    await assignLessons(page, ada, lesson);
    await switchToStudent(page, account, ada);
    await sendReading(page, lesson.id, "cold_read");
    await switchToTeacher(page, account);

    // Ada's parents withdraw: the history offers to delete her recording.
    await page.goto("/teacher/consent");
    await rowOf(adaName)
      .getByRole("button", { name: `History of ${adaName}` })
      .click();
    const drawer = page.getByRole("dialog", { name: `Consent of ${adaName}` });
    const parentRecord = drawer.getByRole("article", { name: /^Parent permission/ });
    await expect(
      parentRecord.getByText(/^Signed slip, given [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    ).toBeVisible();
    await expect(parentRecord.getByText("Signed at the September conferences.")).toBeVisible();
    const slip = page.waitForEvent("download");
    await parentRecord.getByRole("button", { name: "Slip" }).click();
    expect((await slip).suggestedFilename()).toMatch(/^consent-slip-\d+\.pdf$/);
    await parentRecord.getByRole("button", { name: "Withdraw" }).click();
    const confirm = page.getByRole("dialog", { name: "Withdraw parent permission?" });
    await expect(confirm.getByText(`${adaName} stops recording at once.`)).toBeVisible();
    await confirm.getByRole("button", { name: "Withdraw consent" }).click();
    const offer = page.getByRole("dialog", { name: `Delete ${adaName}'s recordings too?` });
    await expect(offer.getByText(`${adaName} has 1 recording.`)).toBeVisible();
    await screenshot(page, "privacy-consent-offer");
    await offer.getByRole("button", { name: "Delete 1 recording" }).click();
    await expect(offer.getByRole("status")).toHaveText("1 recording deleted.");
    await offer.getByRole("button", { name: "Done" }).click();
    await expect(drawer.getByText(/Withdrawn/)).toBeVisible();
    await expect(drawer.getByText(`${adaName} cannot record`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(rowOf(adaName).getByText("Missing")).toHaveCount(1);
    await expect(rowOf(bilalName).getByText("On file")).toHaveCount(2);

    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "privacy-consent-tablet");

    // The student's privacy page shows the same history.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/privacy/students/${ada.id}`);
    const section = page.getByRole("region", { name: "Consent to record" });
    await expect(
      section.getByRole("article", { name: "Parent permission, withdrawn" }),
    ).toBeVisible();
    await expect(section.getByRole("article", { name: "Admin approval, in force" })).toBeVisible();
    await screenshot(page, "privacy-consent-student");
  });
});
