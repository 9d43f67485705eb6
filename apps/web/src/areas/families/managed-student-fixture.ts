import type { ManagedStudent } from "@refrain/domain";

/** For tests: a student of the parent e-mail manager, no address yet, with `patch` over it. */
export const aManagedStudent = (patch: Partial<ManagedStudent> = {}): ManagedStudent => ({
  id: 7,
  firstname: "Ana",
  lastname: "Lee",
  parent_email: null,
  send_weekly_report: false,
  send_parent_emails: false,
  send_weekly_report_unsubscribed: null,
  send_parent_emails_unsubscribed: null,
  parent_language: "en",
  parent_email_bouncing: null,
  ...patch,
});
