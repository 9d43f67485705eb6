import { lazyPages, type Page } from "../../lib/pages.ts";

const pages = lazyPages({
  SchoolTeachersPage: () => import("./pages/school-teachers-page.tsx"),
  DistrictSettingsPage: () => import("./pages/district-settings-page.tsx"),
  DistrictSearchPage: () => import("./pages/district-search-page.tsx"),
  SchoolReportsPage: () => import("./pages/school-reports-page.tsx"),
  ColleagueEmailPage: () => import("./pages/colleague-email-page.tsx"),
  RosterImportPage: () => import("./pages/roster-import-page.tsx"),
  RosterImportDetailPage: () => import("./pages/roster-import-detail-page.tsx"),
  ResearchPage: () => import("./pages/research-page.tsx"),
});

/** The admins' pages and the research page (composed by app/router.tsx). */
export const adminPages: Page[] = [
  // The spec's /school_admin/reports/{category}/, one route per category: the menus find their
  // pages by exact path (menus.ts), and any other category falls through to "not found".
  {
    path: "/school_admin/reports/usage",
    policy: "admins",
    element: <pages.SchoolReportsPage category="usage" />,
  },
  {
    path: "/school_admin/reports/concepts",
    policy: "admins",
    element: <pages.SchoolReportsPage category="concepts" />,
  },
  { path: "/school_admin/teachers", policy: "schoolAdmins", element: <pages.SchoolTeachersPage /> },
  {
    path: "/district_admin/settings",
    policy: "districtAdmins",
    element: <pages.DistrictSettingsPage />,
  },
  {
    path: "/district_admin/search",
    policy: "districtAdmins",
    element: <pages.DistrictSearchPage />,
  },
  // Issue 21: a district's roster from its student information system. Staff import for any
  // district, which they choose first; an import's page is the same for both.
  { path: "/district_admin/roster", policy: "districtAdmins", element: <pages.RosterImportPage /> },
  { path: "/staff/roster", policy: "staff", element: <pages.RosterImportPage staff /> },
  {
    path: "/district_admin/roster/imports/:importId",
    policy: "rosterImporters",
    element: <pages.RosterImportDetailPage />,
  },
  {
    path: "/teacher/email/colleagues",
    policy: "classOwners",
    element: <pages.ColleagueEmailPage />,
  },
  // Public: a principal opens it from a teacher's e-mail before signing in.
  { path: "/du-summary", policy: "public", element: <pages.ResearchPage /> },
];
