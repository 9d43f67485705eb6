// What other areas may use of the reports area (apps/web/src/borders.test.ts keeps them to it).
export { localToday } from "./components/criteria-target.ts";
export { ReportCriteria } from "./components/report-criteria.tsx";
export { useGraphs } from "./graphs/api.ts";
export { GraphCard } from "./graphs/graph-chart.tsx";
