import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";
import { SETTINGS_PATH } from "./paths.ts";

const pages = {
  ...lazyPages({
    SettingsPage: () => import("./pages/settings-page.tsx"),
    SubscribePage: () => import("./pages/subscribe-page.tsx"),
  }),
  // These ask for confirmations: each loads with Mantine's ModalsProvider.
  ...lazyPages(
    {
      StaffBillingPage: () => import("./pages/staff-billing-page.tsx"),
    },
    withConfirmations,
  ),
};

/** The user's settings and the class's subscription (composed by app/router.tsx). */
export const accountPages: Page[] = [
  ...pagesFor("classOwners", { [SETTINGS_PATH]: <pages.SettingsPage /> }),
  // Public: the page shows a visitor the plans and the way to a free trial. Billing pages are
  // linked with plain links (a full page load), since the server gives them their own CSP.
  ...pagesFor("public", { "/subscribe": <pages.SubscribePage /> }),
  ...pagesFor("staff", { "/staff/billing": <pages.StaffBillingPage /> }),
];
