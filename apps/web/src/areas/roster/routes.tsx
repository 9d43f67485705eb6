import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page } from "../../lib/pages.ts";

const pages = {
  ...lazyPages({
    PersonalizePage: () => import("./pages/personalize-page.tsx"),
  }),
  // These ask for confirmations: each loads with Mantine's ModalsProvider.
  ...lazyPages(
    {
      RosterPage: () => import("./pages/roster-page.tsx"),
      GroupsPage: () => import("./pages/groups-page.tsx"),
    },
    withConfirmations,
  ),
};

/** The teacher's students and groups (composed by app/router.tsx). */
export const rosterPages: Page[] = [
  { path: "/teacher/roster", policy: "classOwners", element: <pages.RosterPage /> },
  { path: "/teacher/groups", policy: "classOwners", element: <pages.GroupsPage /> },
  { path: "/teacher/personalize", policy: "classOwners", element: <pages.PersonalizePage /> },
];
