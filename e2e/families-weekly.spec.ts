import { accountCalls, authCalls, familiesCalls } from "@refrain/domain";
import { mailReceived } from "./auth-helpers.ts";
import { apiRequest, callApi, expect, test } from "./fixtures.ts";

// The journeys' server runs the weekly report every minute (WEEKLY_REPORT_CRON in
// playwright.config.ts) instead of on Fridays, so a real report reaches a real mailbox here.
test("a Spanish-speaking parent's weekly report arrives in Spanish", async ({ page, ownClass }) => {
  test.setTimeout(180_000);
  const account = await ownClass({ students: 1 });
  const [student] = account.students;
  if (!student) throw new Error("ownClass made no student");
  const parent = `${account.login}.familia@example.org`;
  const { user } = await apiRequest<{ user: { id: number } }>(page, "GET", authCalls.session.path);
  await apiRequest(
    page,
    "POST",
    accountCalls.settings.update_params.path.replace(":teacherId", String(user.id)),
    {
      verb: "update_params",
      send_weekly_report: true,
    },
  );
  const asked = Date.now();
  await callApi(page, familiesCalls.parents.save, {
    student: {
      id: student.id,
      parent_email: parent,
      send_weekly_report: true,
      send_parent_emails: false,
      parent_language: "es",
    },
  });

  const mail = await mailReceived(parent, asked, 150_000);
  expect(mail.html).toContain('lang="es"');
  expect(mail.text).toContain(student.firstname);
  // Written for a Spanish reader, with the one-click unsubscribe a bulk sender owes.
  expect(mail.text).toMatch(/Dejar de recibir estos correos/);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
});
