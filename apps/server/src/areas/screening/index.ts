/** What other parts of the server may use of the screening area: everything else in it is its own. */

export { forgetDistrictExportsOf } from "./export-files.ts";
export { checkInOf } from "./monitoring.ts";
export { screeningQueues } from "./queues.ts";
export { classScreeningToday, screenedToday } from "./results.ts";
export { screeningArea } from "./routes.ts";
export { benchmarkToReadOf, windowBeganFor } from "./session.ts";
export { type SeasonScore, screeningYearOf } from "./student-year.ts";
