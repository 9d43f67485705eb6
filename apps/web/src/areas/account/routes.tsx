import { withConfirmations } from "../../components/with-confirmations.tsx";
import { lazyPage, type Page } from "../../lib/pages.ts";
import { SETTINGS_PATH } from "./paths.ts";

const SettingsPage = lazyPage(() =>
  import("./pages/settings-page.tsx").then((m) => m.SettingsPage),
);
const SubscribePage = lazyPage(() =>
  import("./pages/subscribe-page.tsx").then((m) => m.SubscribePage),
);
const StaffBillingPage = withConfirmations(() =>
  import("./pages/staff-billing-page.tsx").then((m) => m.StaffBillingPage),
);

/** The user's settings and the class's subscription (composed by app/router.tsx). */
export const accountPages: Page[] = [
  { path: SETTINGS_PATH, policy: "classOwners", element: <SettingsPage /> },
  // Public: the page shows a visitor the plans and the way to a free trial. Billing pages are
  // linked with plain links (a full page load), since the server gives them their own CSP.
  { path: "/subscribe", policy: "public", element: <SubscribePage /> },
  { path: "/staff/billing", policy: "staff", element: <StaffBillingPage /> },
];
