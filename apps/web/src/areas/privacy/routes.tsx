import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";

const StudentPrivacyPage = lazy(() =>
  import("./pages/student-privacy-page.tsx").then((m) => ({ default: m.StudentPrivacyPage })),
);

const ConsentPage = lazy(() =>
  import("./pages/consent-page.tsx").then((m) => ({ default: m.ConsentPage })),
);

/** Privacy pages (spread into the app's pages, router.tsx). */
export const privacyPages: RouteObject[] = [
  {
    path: "/teacher/consent",
    element: (
      <RequirePolicy policy="classOwners">
        <ConsentPage />
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
