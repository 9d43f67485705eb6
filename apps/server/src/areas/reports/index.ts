/** What other parts of the server may use of the reports area: everything else in it is its own. */

export { classSummary } from "./class-summary.ts";
export { reportsClassSummaryArea } from "./class-summary-routes.ts";
export { adminTeachers, studentList } from "./criteria.ts";
export { reportsDetailedArea } from "./detailed-routes.ts";
export { reportGraph } from "./graphs.ts";
export { reportsGraphsArea } from "./graphs-routes.ts";
export { reportsPdfArea } from "./report-pdf-routes.ts";
export { scoresByStory } from "./scores-by-story.ts";
export { sevenDayRows } from "./seven-day.ts";
