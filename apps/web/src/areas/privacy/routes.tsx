import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page } from "../../lib/pages.ts";

const pages = {
  ...lazyPages({
    PrivacyPolicyPage: () => import("./pages/privacy-policy-page.tsx"),
    FindStudentPage: () => import("./pages/find-student-page.tsx"),
    ConsentPage: () => import("./pages/consent-page.tsx"),
  }),
  // These ask for confirmations: each loads with Mantine's ModalsProvider.
  ...lazyPages(
    {
      // Deleting the student asks for a confirmation (components/erase-section.tsx).
      StudentPrivacyPage: () => import("./pages/student-privacy-page.tsx"),
    },
    withConfirmations,
  ),
};

/** Privacy pages (composed by app/router.tsx). */
export const privacyPages: Page[] = [
  { path: "/privacy", policy: "public", element: <pages.PrivacyPolicyPage /> },
  { path: "/privacy/students", policy: "admins", element: <pages.FindStudentPage /> },
  { path: "/teacher/consent", policy: "classOwners", element: <pages.ConsentPage /> },
  {
    path: "/privacy/students/:studentId",
    policy: "reportReaders",
    element: <pages.StudentPrivacyPage />,
  },
];
