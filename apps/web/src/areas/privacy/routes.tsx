import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

const pages = {
  ...lazyPages({
    PrivacyPolicyPage: () => import("./pages/privacy-policy-page.tsx"),
    AccessibilityPage: () => import("./pages/accessibility-page.tsx"),
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
  ...pagesFor("public", {
    "/privacy": <pages.PrivacyPolicyPage />,
    "/accessibility": <pages.AccessibilityPage />,
  }),
  ...pagesFor("admins", { "/privacy/students": <pages.FindStudentPage /> }),
  ...pagesFor("classOwners", { "/teacher/consent": <pages.ConsentPage /> }),
  ...pagesFor("reportReaders", { "/privacy/students/:studentId": <pages.StudentPrivacyPage /> }),
];
