import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";
import { withConfirmations } from "../../app/with-confirmations.tsx";

// The teacher's home too (home-page.tsx); it brings its own ModalsProvider.
const ClassSummaryPage = lazy(() =>
  import("./pages/class-summary-page.tsx").then((m) => ({
    default: m.ClassSummaryPage,
  })),
);
const FluencyReportsPage = lazy(() =>
  import("./graphs/fluency-reports-page.tsx").then((m) => ({
    default: m.FluencyReportsPage,
  })),
);
const DetailedReportPage = withConfirmations(() =>
  import("./pages/detailed-report-page.tsx").then((m) => m.DetailedReportPage),
);
const SevenDayPage = withConfirmations(() =>
  import("./pages/seven-day-page.tsx").then((m) => m.SevenDayPage),
);
const ExtensionAnswerPage = lazy(() =>
  import("./pages/extension-answer-page.tsx").then((m) => ({
    default: m.ExtensionAnswerPage,
  })),
);
const ScoresByStoryPage = lazy(() =>
  import("./pages/scores-by-story-page.tsx").then((m) => ({
    default: m.ScoresByStoryPage,
  })),
);
const ConferencePage = lazy(() =>
  import("./pages/conference-page.tsx").then((m) => ({
    default: m.ConferencePage,
  })),
);

/** The teacher's class reports (spread into the app's pages, router.tsx). */
export const reportsPages: RouteObject[] = [
  {
    path: "/teacher/reports/fluency",
    element: (
      <RequirePolicy policy="classOwners">
        <FluencyReportsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/reports/classroom",
    element: (
      <RequirePolicy policy="classOwners">
        <ClassSummaryPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/reports/seven-day",
    element: (
      <RequirePolicy policy="classOwners">
        <SevenDayPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/reports/detailed",
    element: (
      <RequirePolicy policy="classOwners">
        <DetailedReportPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/reports/detailed/:studentId",
    element: (
      <RequirePolicy policy="classOwners">
        <DetailedReportPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/reports/extension_answer",
    element: (
      <RequirePolicy policy="classOwners">
        <ExtensionAnswerPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/reports/scores-by-story",
    element: (
      <RequirePolicy policy="classOwners">
        <ScoresByStoryPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/reports/conference",
    element: (
      <RequirePolicy policy="classOwners">
        <ConferencePage />
      </RequirePolicy>
    ),
  },
];
