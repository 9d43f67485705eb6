/** What other parts of the server may use of the learning area: everything else in it is its own. */
export {
  attemptDay,
  latestAttemptFirst,
  latestAttemptsSql,
  latestDayPercents,
} from "./latest-attempts.ts";
export { lessonForStudent, progressOfOne, tri } from "./progress.ts";
export { heartbeat } from "./record.ts";
export { learningArea } from "./routes.ts";
