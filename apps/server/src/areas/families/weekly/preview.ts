import { type ParentLanguage, weekRange, weekStartOf } from "@refrain/domain";
import type { Config } from "../../../config.ts";
import { requireStudentOf } from "../../../core/access.ts";
import { ownedOr404 } from "../../../core/errors.ts";
import type { Db } from "../../../db/client.ts";
import { loadAddressees, renderParentMail } from "../parent-mail.ts";
import { weeklyReportContent } from "./content.ts";
import { loadWeeks } from "./week-data.ts";

/**
 * The Email Parents page's live preview: this week's report of one of the teacher's students
 * (404 for anyone else's), rendered exactly as the job mails it, in the parent's language, and
 * whether or not the parent is subscribed: the teacher sees what switching it on would send.
 */
export async function previewWeeklyReport(
  db: Db,
  config: Config,
  teacherId: number,
  studentId: number,
  now = new Date(),
): Promise<{ subject: string; html: string; language: ParentLanguage }> {
  await requireStudentOf(db, teacherId, studentId);
  const weekStart = weekStartOf(now);
  const [weeks, addressees] = await Promise.all([
    loadWeeks(db, [studentId], weekRange(weekStart, now)),
    loadAddressees(db, [studentId]),
  ]);
  const week = ownedOr404(weeks.get(studentId));
  const addressee = ownedOr404(addressees.get(studentId));
  const mail = await renderParentMail(
    config,
    addressee,
    "weekly_report",
    weeklyReportContent(week, addressee.language, weekStart),
  );
  // The link stops the parent's mail as if the parent had asked: that choice is the parent's
  // alone (the teacher only resubscribes, audited), so the teacher's copy does not carry it.
  const html = mail.html.replaceAll(mail.unsubscribeUrl, "#");
  return { subject: mail.subject, html, language: addressee.language };
}
