import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPage, type Page } from "../../lib/pages.ts";

const RosterPage = withConfirmations(() =>
  import("./pages/roster-page.tsx").then((m) => m.RosterPage),
);
const GroupsPage = withConfirmations(() =>
  import("./pages/groups-page.tsx").then((m) => m.GroupsPage),
);
const PersonalizePage = lazyPage(() =>
  import("./pages/personalize-page.tsx").then((m) => m.PersonalizePage),
);

/** The teacher's students and groups (composed by app/router.tsx). */
export const rosterPages: Page[] = [
  { path: "/teacher/roster", policy: "classOwners", element: <RosterPage /> },
  { path: "/teacher/groups", policy: "classOwners", element: <GroupsPage /> },
  { path: "/teacher/personalize", policy: "classOwners", element: <PersonalizePage /> },
];
