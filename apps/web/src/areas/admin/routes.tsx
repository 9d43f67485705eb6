import { lazyPage, type Page } from "../../lib/pages.ts";

const SchoolTeachersPage = lazyPage(() =>
  import("./pages/school-teachers-page.tsx").then((m) => m.SchoolTeachersPage),
);
const DistrictSettingsPage = lazyPage(() =>
  import("./pages/district-settings-page.tsx").then((m) => m.DistrictSettingsPage),
);
const DistrictSearchPage = lazyPage(() =>
  import("./pages/district-search-page.tsx").then((m) => m.DistrictSearchPage),
);
const SchoolReportsPage = lazyPage(() =>
  import("./pages/school-reports-page.tsx").then((m) => m.SchoolReportsPage),
);
const ColleagueEmailPage = lazyPage(() =>
  import("./pages/colleague-email-page.tsx").then((m) => m.ColleagueEmailPage),
);
const RosterImportPage = lazyPage(() =>
  import("./pages/roster-import-page.tsx").then((m) => m.RosterImportPage),
);
const RosterImportDetailPage = lazyPage(() =>
  import("./pages/roster-import-detail-page.tsx").then((m) => m.RosterImportDetailPage),
);
const ResearchPage = lazyPage(() =>
  import("./pages/research-page.tsx").then((m) => m.ResearchPage),
);

/** The admins' pages and the research page (composed by app/router.tsx). */
export const adminPages: Page[] = [
  // The spec's /school_admin/reports/{category}/, one route per category: the menus find their
  // pages by exact path (menus.ts), and any other category falls through to "not found".
  {
    path: "/school_admin/reports/usage",
    policy: "admins",
    element: <SchoolReportsPage category="usage" />,
  },
  {
    path: "/school_admin/reports/concepts",
    policy: "admins",
    element: <SchoolReportsPage category="concepts" />,
  },
  { path: "/school_admin/teachers", policy: "schoolAdmins", element: <SchoolTeachersPage /> },
  { path: "/district_admin/settings", policy: "districtAdmins", element: <DistrictSettingsPage /> },
  { path: "/district_admin/search", policy: "districtAdmins", element: <DistrictSearchPage /> },
  // Issue 21: a district's roster from its student information system. Staff import for any
  // district, which they choose first; an import's page is the same for both.
  { path: "/district_admin/roster", policy: "districtAdmins", element: <RosterImportPage /> },
  { path: "/staff/roster", policy: "staff", element: <RosterImportPage staff /> },
  {
    path: "/district_admin/roster/imports/:importId",
    policy: "rosterImporters",
    element: <RosterImportDetailPage />,
  },
  { path: "/teacher/email/colleagues", policy: "classOwners", element: <ColleagueEmailPage /> },
  // Public: a principal opens it from a teacher's e-mail before signing in.
  { path: "/du-summary", policy: "public", element: <ResearchPage /> },
];
