import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";
import { withConfirmations } from "../../app/with-confirmations.tsx";

const PrivacyPolicyPage = lazy(() =>
  import("./pages/privacy-policy-page.tsx").then((m) => ({ default: m.PrivacyPolicyPage })),
);
// Deleting the student asks for a confirmation (components/erase-section.tsx).
const StudentPrivacyPage = withConfirmations(() =>
  import("./pages/student-privacy-page.tsx").then((m) => m.StudentPrivacyPage),
);
const FindStudentPage = lazy(() =>
  import("./pages/find-student-page.tsx").then((m) => ({ default: m.FindStudentPage })),
);

const ConsentPage = lazy(() =>
  import("./pages/consent-page.tsx").then((m) => ({ default: m.ConsentPage })),
);

/** Privacy pages (spread into the app's pages, router.tsx). */
export const privacyPages: RouteObject[] = [
  { path: "/privacy", element: <PrivacyPolicyPage /> },
  {
    path: "/privacy/students",
    element: (
      <RequirePolicy policy="admins">
        <FindStudentPage />
      </RequirePolicy>
    ),
  },
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
