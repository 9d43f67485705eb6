import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

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
export const rosterPages: Page[] = pagesFor("classOwners", {
  "/teacher/roster": <pages.RosterPage />,
  "/teacher/groups": <pages.GroupsPage />,
  "/teacher/personalize": <pages.PersonalizePage />,
});
