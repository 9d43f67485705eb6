import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPage, type Page } from "../../lib/pages.ts";

const PrivacyPolicyPage = lazyPage(() =>
  import("./pages/privacy-policy-page.tsx").then((m) => m.PrivacyPolicyPage),
);
// Deleting the student asks for a confirmation (components/erase-section.tsx).
const StudentPrivacyPage = withConfirmations(() =>
  import("./pages/student-privacy-page.tsx").then((m) => m.StudentPrivacyPage),
);
const FindStudentPage = lazyPage(() =>
  import("./pages/find-student-page.tsx").then((m) => m.FindStudentPage),
);

const ConsentPage = lazyPage(() => import("./pages/consent-page.tsx").then((m) => m.ConsentPage));

/** Privacy pages (composed by app/router.tsx). */
export const privacyPages: Page[] = [
  { path: "/privacy", policy: "public", element: <PrivacyPolicyPage /> },
  { path: "/privacy/students", policy: "admins", element: <FindStudentPage /> },
  { path: "/teacher/consent", policy: "classOwners", element: <ConsentPage /> },
  {
    path: "/privacy/students/:studentId",
    policy: "reportReaders",
    element: <StudentPrivacyPage />,
  },
];
