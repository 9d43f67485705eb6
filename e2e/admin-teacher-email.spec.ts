import { mailReceived } from "./auth-helpers.ts";
import { expect, screenshot, signInAs, teacher, test } from "./fixtures.ts";

test("a teacher e-mails their class summary to the school admin from the Welcome modal, and tells colleagues", async ({
  page,
}) => {
  await signInAs(page, teacher);
  await page.goto("/");
  await page.getByRole("button", { name: "Email School Admin" }).click();
  const modal = page.getByRole("dialog", { name: "Welcome" });
  await expect(modal.getByLabel("Your message")).not.toBeEmpty();
  // The preview is the e-mail itself, in a sandboxed frame.
  const preview = modal.frameLocator('iframe[title="Preview of the email"]');
  // Its opening paragraph (the same words also fill the inbox's hidden preview line).
  await expect(
    preview.getByRole("paragraph").filter({ hasText: "Elena Rivera (Maple Grove Elementary)" }),
  ).toBeVisible();
  await modal.getByLabel("Your message").fill("Could we look at this together on Friday?");
  await expect(preview.getByText("Could we look at this together on Friday?")).toBeVisible();

  const send = modal.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeDisabled();
  await expect(modal.getByRole("button", { name: "Remove Email" })).toBeDisabled();
  await modal.getByLabel("Email address 1").fill("not an address");
  await modal.getByLabel("Email address 2").fill("principal.hughes@riverbend.example.org");
  await expect(modal.getByText("Will send to 1 address.")).toBeVisible();
  await screenshot(page, "admin-teacher-email-modal");
  const asked = Date.now();
  await send.click();
  await expect(modal.getByText("Sent to 1 address")).toBeVisible();
  const mail = await mailReceived("principal.hughes@riverbend.example.org", asked);
  expect(mail.text).toContain("Could we look at this together on Friday?");
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  await page.goto("/teacher/email/colleagues");
  await expect(page.getByRole("heading", { name: "Tell a Colleague" })).toBeVisible();
  await expect(page.getByLabel("Email address 3")).toBeVisible();
  await page.getByRole("button", { name: "Add Email" }).click();
  await expect(page.getByLabel("Email address 4")).toBeVisible();
  await page.getByRole("button", { name: "Remove Email" }).click();
  await expect(page.getByLabel("Email address 4")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove Email" })).toBeDisabled();
  await screenshot(page, "admin-colleague-email");
});
