import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPage, type Page } from "../../lib/pages.ts";

const FluencyOverviewPage = lazyPage(() =>
  import("./pages/fluency-overview-page.tsx").then((m) => m.FluencyOverviewPage),
);
const RecordedVideosPage = withConfirmations(() =>
  import("./pages/recorded-videos-page.tsx").then((m) => m.RecordedVideosPage),
);
const StaffSuggestionsPage = lazyPage(() =>
  import("./pages/staff-suggestions-page.tsx").then((m) => m.StaffSuggestionsPage),
);

/** The class's readings to grade, and staff's suggested scoring (composed by app/router.tsx). */
export const fluencyPages: Page[] = [
  { path: "/teacher/fluency", policy: "classOwners", element: <FluencyOverviewPage /> },
  { path: "/teacher/fluency/videos", policy: "classOwners", element: <RecordedVideosPage /> },
  { path: "/staff/suggestions", policy: "staff", element: <StaffSuggestionsPage /> },
];
