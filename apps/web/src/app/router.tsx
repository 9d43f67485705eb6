import { type RouteObject, useLocation, useRoutes } from "react-router";
import { accountPages } from "../areas/account/routes.tsx";
import { adminPages } from "../areas/admin/routes.tsx";
import { authPages } from "../areas/auth/routes.tsx";
import { familiesPages } from "../areas/families/routes.tsx";
import { fluencyPages } from "../areas/fluency/routes.tsx";
import { helpPages } from "../areas/help/routes.tsx";
import { leadsPages } from "../areas/leads/routes.tsx";
import { learningPages } from "../areas/learning/routes.tsx";
import { lessonsPages } from "../areas/lessons/routes.tsx";
import { privacyPages } from "../areas/privacy/routes.tsx";
import { reportsPages } from "../areas/reports/routes.tsx";
import { rosterPages } from "../areas/roster/routes.tsx";
import { screeningPages } from "../areas/screening/routes.tsx";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { lazyPages, type Page, PagePoliciesContext, pagePoliciesOf } from "../lib/pages.ts";
import { GuestOnly, RequirePolicy } from "./guards.tsx";
import { RouteErrorBoundary } from "./route-error-page.tsx";
import { Shell } from "./shell.tsx";

// Each area declares its pages, one chunk per page, so a student's phone never downloads the
// admin tables; the home page is the app's, since it picks a role's own home.
const { HomePage } = lazyPages({ HomePage: () => import("./home-page.tsx") });

const pages: Page[] = [
  { path: "/", policy: "public", element: <HomePage /> },
  ...learningPages,
  ...leadsPages,
  ...authPages,
  ...accountPages,
  ...rosterPages,
  ...lessonsPages,
  ...fluencyPages,
  ...reportsPages,
  ...adminPages,
  ...familiesPages,
  ...helpPages,
  ...privacyPages,
  ...screeningPages,
];

/** The route of a page, behind the guard its policy names. */
function guarded({ path, policy, element }: Page): RouteObject {
  if (policy === "public") return { path, element };
  if (policy === "guests") return { path, element: <GuestOnly>{element}</GuestOnly> };
  return { path, element: <RequirePolicy policy={policy}>{element}</RequirePolicy> };
}

/**
 * The route patterns that have a page, with the policy of each: menus and help links show only
 * what leads to a page the user may open.
 */
export const pagePolicies = pagePoliciesOf(pages);

const routes: RouteObject[] = [
  {
    element: (
      <PagePoliciesContext value={pagePolicies}>
        <Shell />
      </PagePoliciesContext>
    ),
    children: [...pages.map(guarded), { path: "*", element: <NotFoundPage /> }],
  },
];

/**
 * The pages, inside <BrowserRouter>. Declarative routing rather than a data router
 * (createBrowserRouter): no page loads data through the router, and the data router's code is
 * 15 KB of compressed JavaScript that every first visit would download. A page that throws
 * shows the error page in place of the shell, as an errorElement did.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
