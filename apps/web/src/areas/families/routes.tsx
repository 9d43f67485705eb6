import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

const pages = {
  ...lazyPages({
    ParentConnectPage: () => import("./pages/parent-connect-page.tsx"),
    // For parents, who have no account: the page an e-mail's unsubscribe link opens.
    UnsubscribePage: () => import("./pages/unsubscribe-page.tsx"),
  }),
  // These ask for confirmations: each loads with Mantine's ModalsProvider.
  ...lazyPages(
    {
      // The manager asks before switching a parent's unsubscribed mail back on, hence the modals.
      ParentEmailPage: () => import("./pages/parent-email-page.tsx"),
    },
    withConfirmations,
  ),
};

/** The pages about families, the teacher's and the parents' (composed by app/router.tsx). */
export const familiesPages: Page[] = [
  ...pagesFor("classOwners", {
    "/teacher/students": <pages.ParentEmailPage />,
    "/teacher/parentConnect/home": <pages.ParentConnectPage />,
  }),
  ...pagesFor("public", { "/u/:token": <pages.UnsubscribePage /> }),
];
