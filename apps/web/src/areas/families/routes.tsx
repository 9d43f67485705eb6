import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPage, type Page } from "../../lib/pages.ts";

// The manager asks before switching a parent's unsubscribed mail back on, hence the modals.
const ParentEmailPage = withConfirmations(() =>
  import("./pages/parent-email-page.tsx").then((m) => m.ParentEmailPage),
);

const ParentConnectPage = lazyPage(() =>
  import("./pages/parent-connect-page.tsx").then((m) => m.ParentConnectPage),
);

// For parents, who have no account: the page an e-mail's unsubscribe link opens.
const UnsubscribePage = lazyPage(() =>
  import("./pages/unsubscribe-page.tsx").then((m) => m.UnsubscribePage),
);

/** The pages about families, the teacher's and the parents' (composed by app/router.tsx). */
export const familiesPages: Page[] = [
  { path: "/teacher/students", policy: "classOwners", element: <ParentEmailPage /> },
  { path: "/teacher/parentConnect/home", policy: "classOwners", element: <ParentConnectPage /> },
  { path: "/u/:token", policy: "public", element: <UnsubscribePage /> },
];
