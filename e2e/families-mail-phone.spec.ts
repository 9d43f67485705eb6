import { connectCalls, familiesCalls, weeklyReportCalls } from "@refrain/domain";
import { apiRequest as api, callApi, expect, screenshot, test } from "./fixtures.ts";

// Every parent e-mail, in both languages, as a phone shows it: the preview calls return the
// very HTML that is sent, shown here on a blank page 375 pixels wide.
for (const language of ["en", "es"] as const)
  test(`every parent e-mail reads well on a phone (${language})`, async ({ page, ownClass }) => {
    test.setTimeout(60_000);
    const account = await ownClass({ students: 1 });
    const [student] = account.students;
    if (!student) throw new Error("ownClass made no student");
    await callApi(page, familiesCalls.parents.save, {
      student: {
        id: student.id,
        parent_email: `${account.login}.family@example.org`,
        send_weekly_report: true,
        send_parent_emails: true,
        parent_language: language,
      },
    });
    const { data } = await api<{
      data: { templates: { id: string; subject: string; token_list: string[] }[] };
    }>(page, "GET", connectCalls.templates.path);
    const letters: { name: string; html: string }[] = [];
    for (const template of data.templates) {
      const preview = await api<{ data: { body: string } }>(
        page,
        "POST",
        connectCalls.preview.path.replace(":templateId", template.id),
        {
          subject: template.subject,
          custom_message: "We read a new song today. Ask your child to sing you the chorus!",
          student_ids: [student.id],
        },
      );
      letters.push({ name: template.id, html: preview.data.body });
    }
    const weekly = await api<{ data: { html: string; language: string } }>(
      page,
      "GET",
      weeklyReportCalls.preview.path.replace(":studentId", String(student.id)),
    );
    expect(weekly.data.language).toBe(language);
    letters.push({ name: "weekly-report", html: weekly.data.html });

    // A blank page of no origin, as a mail client's view is: the app's CSP is not the letter's.
    await page.goto("about:blank");
    await page.setViewportSize({ width: 375, height: 740 });
    for (const letter of letters) {
      await page.setContent(letter.html);
      expect(await page.evaluate(() => document.documentElement.lang)).toMatch(
        language === "es" ? /^es/ : /^en/,
      );
      // A title for screen readers, which announce it first.
      expect(await page.title(), letter.name).not.toBe("");
      // Nothing wider than the phone: no sideways scrolling to read a letter.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        letter.name,
      ).toBeLessThanOrEqual(375);
      await screenshot(page, `families-mail-${letter.name}-${language}-375`);
    }
  });
