import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";
import { withConfirmations } from "../../app/with-confirmations.tsx";

// The manager asks before switching a parent's unsubscribed mail back on, hence the modals.
const ParentEmailPage = withConfirmations(() =>
  import("./pages/parent-email-page.tsx").then((m) => m.ParentEmailPage),
);

const ParentConnectPage = lazy(() =>
  import("./pages/parent-connect-page.tsx").then((m) => ({ default: m.ParentConnectPage })),
);

// For parents, who have no account: the page an e-mail's unsubscribe link opens.
const UnsubscribePage = lazy(() =>
  import("./pages/unsubscribe-page.tsx").then((m) => ({ default: m.UnsubscribePage })),
);

/** The pages about families, the teacher's and the parents' (spread into the app's pages, router.tsx). */
export const familiesPages: RouteObject[] = [
  {
    path: "/teacher/students",
    element: (
      <RequirePolicy policy="classOwners">
        <ParentEmailPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/parentConnect/home",
    element: (
      <RequirePolicy policy="classOwners">
        <ParentConnectPage />
      </RequirePolicy>
    ),
  },
  { path: "/u/:token", element: <UnsubscribePage /> },
];
