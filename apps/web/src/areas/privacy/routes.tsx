import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";

const PrivacyPolicyPage = lazy(() =>
  import("./pages/privacy-policy-page.tsx").then((m) => ({ default: m.PrivacyPolicyPage })),
);
const StudentPrivacyPage = lazy(() =>
  import("./pages/student-privacy-page.tsx").then((m) => ({ default: m.StudentPrivacyPage })),
);

/** Privacy pages (spread into the app's pages, router.tsx). */
export const privacyPages: RouteObject[] = [
  { path: "/privacy", element: <PrivacyPolicyPage /> },
  {
    path: "/privacy/students/:studentId",
    element: (
      <RequirePolicy policy="reportReaders">
        <StudentPrivacyPage />
      </RequirePolicy>
    ),
  },
];
