import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page } from "../../lib/pages.ts";

const pages = {
  ...lazyPages({
    // The teacher's home too (home-page.tsx); it brings its own ModalsProvider.
    ClassSummaryPage: () => import("./pages/class-summary-page.tsx"),
    FluencyReportsPage: () => import("./graphs/fluency-reports-page.tsx"),
    ExtensionAnswerPage: () => import("./pages/extension-answer-page.tsx"),
    ScoresByStoryPage: () => import("./pages/scores-by-story-page.tsx"),
    ConferencePage: () => import("./pages/conference-page.tsx"),
  }),
  // These ask for confirmations: each loads with Mantine's ModalsProvider.
  ...lazyPages(
    {
      DetailedReportPage: () => import("./pages/detailed-report-page.tsx"),
      SevenDayPage: () => import("./pages/seven-day-page.tsx"),
    },
    withConfirmations,
  ),
};

/** The teacher's class reports (composed by app/router.tsx). */
export const reportsPages: Page[] = [
  {
    path: "/teacher/reports/fluency",
    policy: "classOwners",
    element: <pages.FluencyReportsPage />,
  },
  {
    path: "/teacher/reports/classroom",
    policy: "classOwners",
    element: <pages.ClassSummaryPage />,
  },
  { path: "/teacher/reports/seven-day", policy: "classOwners", element: <pages.SevenDayPage /> },
  {
    path: "/teacher/reports/detailed",
    policy: "classOwners",
    element: <pages.DetailedReportPage />,
  },
  {
    path: "/teacher/reports/detailed/:studentId",
    policy: "classOwners",
    element: <pages.DetailedReportPage />,
  },
  {
    path: "/teacher/reports/extension_answer",
    policy: "classOwners",
    element: <pages.ExtensionAnswerPage />,
  },
  {
    path: "/teacher/reports/scores-by-story",
    policy: "classOwners",
    element: <pages.ScoresByStoryPage />,
  },
  { path: "/teacher/reports/conference", policy: "classOwners", element: <pages.ConferencePage /> },
];
