import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

const pages = {
  ...lazyPages({
    FluencyOverviewPage: () => import("./pages/fluency-overview-page.tsx"),
    StaffSuggestionsPage: () => import("./pages/staff-suggestions-page.tsx"),
  }),
  // These ask for confirmations: each loads with Mantine's ModalsProvider.
  ...lazyPages(
    {
      RecordedVideosPage: () => import("./pages/recorded-videos-page.tsx"),
    },
    withConfirmations,
  ),
};

/** The class's readings to grade, and staff's suggested scoring (composed by app/router.tsx). */
export const fluencyPages: Page[] = [
  ...pagesFor("classOwners", {
    "/teacher/fluency": <pages.FluencyOverviewPage />,
    "/teacher/fluency/videos": <pages.RecordedVideosPage />,
  }),
  ...pagesFor("staff", { "/staff/suggestions": <pages.StaffSuggestionsPage /> }),
];
