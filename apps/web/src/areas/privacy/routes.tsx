import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";

const StudentPrivacyPage = lazy(() =>
  import("./pages/student-privacy-page.tsx").then((m) => ({ default: m.StudentPrivacyPage })),
);
const FindStudentPage = lazy(() =>
  import("./pages/find-student-page.tsx").then((m) => ({ default: m.FindStudentPage })),
);

/** Privacy pages (spread into the app's pages, router.tsx). */
export const privacyPages: RouteObject[] = [
  {
    path: "/privacy/students",
    element: (
      <RequirePolicy policy="admins">
        <FindStudentPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/privacy/students/:studentId",
    element: (
      <RequirePolicy policy="reportReaders">
        <StudentPrivacyPage />
      </RequirePolicy>
    ),
  },
];
