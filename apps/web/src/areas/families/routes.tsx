import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";
import { withConfirmations } from "../../app/with-confirmations.tsx";

// The manager asks before switching a parent's unsubscribed mail back on, hence the modals.
const ParentEmailPage = withConfirmations(() =>
  import("./pages/parent-email-page.tsx").then((m) => m.ParentEmailPage),
);

/** The teacher's pages about families (spread into the app's pages, router.tsx). */
export const familiesPages: RouteObject[] = [
  {
    path: "/teacher/students",
    element: (
      <RequirePolicy policy="classOwners">
        <ParentEmailPage />
      </RequirePolicy>
    ),
  },
];
