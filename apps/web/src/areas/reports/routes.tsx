import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPage, type Page } from "../../lib/pages.ts";

// The teacher's home too (home-page.tsx); it brings its own ModalsProvider.
const ClassSummaryPage = lazyPage(() =>
  import("./pages/class-summary-page.tsx").then((m) => m.ClassSummaryPage),
);
const FluencyReportsPage = lazyPage(() =>
  import("./graphs/fluency-reports-page.tsx").then((m) => m.FluencyReportsPage),
);
const DetailedReportPage = withConfirmations(() =>
  import("./pages/detailed-report-page.tsx").then((m) => m.DetailedReportPage),
);
const SevenDayPage = withConfirmations(() =>
  import("./pages/seven-day-page.tsx").then((m) => m.SevenDayPage),
);
const ExtensionAnswerPage = lazyPage(() =>
  import("./pages/extension-answer-page.tsx").then((m) => m.ExtensionAnswerPage),
);
const ScoresByStoryPage = lazyPage(() =>
  import("./pages/scores-by-story-page.tsx").then((m) => m.ScoresByStoryPage),
);
const ConferencePage = lazyPage(() =>
  import("./pages/conference-page.tsx").then((m) => m.ConferencePage),
);

/** The teacher's class reports (composed by app/router.tsx). */
export const reportsPages: Page[] = [
  { path: "/teacher/reports/fluency", policy: "classOwners", element: <FluencyReportsPage /> },
  { path: "/teacher/reports/classroom", policy: "classOwners", element: <ClassSummaryPage /> },
  { path: "/teacher/reports/seven-day", policy: "classOwners", element: <SevenDayPage /> },
  { path: "/teacher/reports/detailed", policy: "classOwners", element: <DetailedReportPage /> },
  {
    path: "/teacher/reports/detailed/:studentId",
    policy: "classOwners",
    element: <DetailedReportPage />,
  },
  {
    path: "/teacher/reports/extension_answer",
    policy: "classOwners",
    element: <ExtensionAnswerPage />,
  },
  {
    path: "/teacher/reports/scores-by-story",
    policy: "classOwners",
    element: <ScoresByStoryPage />,
  },
  { path: "/teacher/reports/conference", policy: "classOwners", element: <ConferencePage /> },
];
