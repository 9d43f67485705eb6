import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

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
export const reportsPages: Page[] = pagesFor("classOwners", {
  "/teacher/reports/fluency": <pages.FluencyReportsPage />,
  "/teacher/reports/classroom": <pages.ClassSummaryPage />,
  "/teacher/reports/seven-day": <pages.SevenDayPage />,
  "/teacher/reports/detailed": <pages.DetailedReportPage />,
  "/teacher/reports/detailed/:studentId": <pages.DetailedReportPage />,
  "/teacher/reports/extension_answer": <pages.ExtensionAnswerPage />,
  "/teacher/reports/scores-by-story": <pages.ScoresByStoryPage />,
  "/teacher/reports/conference": <pages.ConferencePage />,
});
