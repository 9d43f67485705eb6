import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

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
  ...pagesFor("admins", {
    "/school_admin/reports/usage": <pages.SchoolReportsPage category="usage" />,
    "/school_admin/reports/concepts": <pages.SchoolReportsPage category="concepts" />,
  }),
  ...pagesFor("schoolAdmins", { "/school_admin/teachers": <pages.SchoolTeachersPage /> }),
  ...pagesFor("districtAdmins", {
    "/district_admin/settings": <pages.DistrictSettingsPage />,
    "/district_admin/search": <pages.DistrictSearchPage />,
    // Issue 21: a district's roster from its student information system. Staff import for any
    // district, which they choose first; an import's page is the same for both.
    "/district_admin/roster": <pages.RosterImportPage />,
  }),
  ...pagesFor("staff", { "/staff/roster": <pages.RosterImportPage staff /> }),
  ...pagesFor("rosterImporters", {
    "/district_admin/roster/imports/:importId": <pages.RosterImportDetailPage />,
  }),
  ...pagesFor("classOwners", { "/teacher/email/colleagues": <pages.ColleagueEmailPage /> }),
  // Public: a principal opens it from a teacher's e-mail before signing in.
  ...pagesFor("public", { "/du-summary": <pages.ResearchPage /> }),
];
