/** What other areas may use of learning: the rule that a day's latest attempt counts (0013). */
export { attemptDay, latestAttemptFirst, latestAttemptsSql } from "./latest-attempts.ts";
