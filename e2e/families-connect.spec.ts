import { familiesCalls } from "@refrain/domain";
import { mailReceived } from "./auth-helpers.ts";
import { callApi, expect, screenshot, test } from "./fixtures.ts";

test("a teacher writes to a family through Parent Connect; the parent stops the mail with its one link, and the teacher sees the box locked", async ({
  page,
  browser,
  ownClass,
}) => {
  const account = await ownClass({ students: 2 });
  const [student] = account.students;
  if (!student) throw new Error("ownClass made no student");
  const name = `${student.firstname} ${student.lastname}`.trim();
  const parent = `${account.login}.family@example.org`;
  await callApi(page, familiesCalls.parents.save, {
    student: {
      id: student.id,
      parent_email: parent,
      send_weekly_report: true,
      send_parent_emails: true,
      parent_language: "en",
    },
  });

  await page.goto("/teacher/students");
  await page.getByRole("link", { name: "Parent Connect" }).click();
  await expect(page.getByRole("heading", { name: "Parent Connect", level: 1 })).toBeVisible();
  const send = page.getByRole("button", { name: "Send", exact: true });
  await page.getByLabel(`Send to ${name}'s parent`).check();
  await page.getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option", { name: "Blank note (your message only)" }).click();
  await expect(page.getByLabel("Subject")).not.toHaveValue("");
  // The blank note needs the teacher's words before anything can go.
  await expect(send).toBeDisabled();
  await page
    .getByLabel("Your message")
    .fill("Thank you for reading with us every evening this week!");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: "Preview" });
  await expect(
    preview
      .frameLocator('iframe[title="The email\'s text"]')
      .getByText("Thank you for reading with us every evening this week!"),
  ).toBeVisible();
  await screenshot(page, "families-connect-preview");
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  const asked = Date.now();
  await send.click();
  await expect(page.getByText("1 email is on its way.")).toBeVisible();
  await screenshot(page, "families-connect-sent");

  // What arrives: the teacher's words, a plain-text part, and RFC 8058's one-click headers.
  const mail = await mailReceived(parent, asked);
  expect(mail.text).toContain("Thank you for reading with us every evening this week!");
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const link = mail.headers["list-unsubscribe"]?.match(
    /<https?:\/\/[^/>]+(\/u\/[A-Za-z0-9_-]+)>/,
  )?.[1];
  expect(link, mail.headers["list-unsubscribe"]).toBeTruthy();
  expect(mail.text).toContain(link as string);

  // The parent, in a browser of their own: opening the link changes nothing, the button does.
  const theirs = await browser.newContext();
  try {
    const parentPage = await theirs.newPage();
    await parentPage.goto(link as string);
    await parentPage.getByRole("radio", { name: /All emails about/ }).check();
    await parentPage.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(parentPage.getByText(/You will no longer receive emails about/)).toBeVisible();
    await screenshot(parentPage, "families-unsubscribed");
  } finally {
    await theirs.close();
  }

  await page.goto("/teacher/students");
  const locked = page.getByLabel(`Parent emails for ${name} (unsubscribed)`);
  await expect(locked).not.toBeChecked();
  await expect(
    page.getByText(
      /^The parent unsubscribed from parent emails on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
    ),
  ).toBeVisible();
  await screenshot(page, "families-locked");
});
