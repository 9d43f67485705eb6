import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

const pages = {
  ...lazyPages({
    WindowsPage: () => import("./pages/windows-page.tsx"),
    TeacherScreeningPage: () => import("./pages/class-screening-page.tsx"),
    ScreeningOverviewPage: () => import("./pages/screening-overview-page.tsx"),
    MonitoringPage: () => import("./pages/monitoring-page.tsx"),
    StudentMonitoringPage: () => import("./pages/student-monitoring-page.tsx"),
  }),
  // The class's own screening asks before it re-opens a passage: it loads with the dialogs.
  ...lazyPages(
    { ClassScreeningPage: () => import("./pages/class-screening-page.tsx") },
    withConfirmations,
  ),
};

/** Screening and progress monitoring pages (composed by app/router.tsx). */
export const screeningPages: Page[] = [
  ...pagesFor("windowSetters", { "/screening/windows": <pages.WindowsPage /> }),
  ...pagesFor("classOwners", {
    "/screening/class": <pages.ClassScreeningPage />,
    "/screening/monitoring": <pages.MonitoringPage />,
  }),
  ...pagesFor("reportReaders", {
    "/screening/monitoring/students/:studentId": <pages.StudentMonitoringPage />,
  }),
  ...pagesFor("admins", {
    "/screening/overview": <pages.ScreeningOverviewPage />,
    "/screening/classes/:teacherId": <pages.TeacherScreeningPage />,
  }),
];
