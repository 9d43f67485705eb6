/** What other parts of the server may use of the families area: everything else in it is its own. */
export { markBouncing } from "./bounces.ts";
export { mailFeedbackToParent } from "./feedback-mail.ts";
export { parentIntl } from "./mail/intl.ts";
export { parentPageLanguage } from "./page-language.ts";
export {
  loadAddressees,
  type ParentAddressee,
  sendParentMail,
  skipReasonOf,
} from "./parent-mail.ts";
export { familiesQueues } from "./queues.ts";
export { familiesArea } from "./routes.ts";
export { applyAddressChange } from "./service.ts";
export { unsubscribeArea } from "./unsubscribe-routes.ts";
export {
  fanOutWeeklyReport,
  jobMailer,
  reportOnClass,
  type WeeklyReportDeps,
} from "./weekly/job.ts";
export { weeklyReportArea } from "./weekly-routes.ts";
