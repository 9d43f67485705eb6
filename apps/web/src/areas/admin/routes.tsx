import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";

const SchoolTeachersPage = lazy(() =>
  import("./pages/school-teachers-page.tsx").then((m) => ({ default: m.SchoolTeachersPage })),
);
const DistrictSettingsPage = lazy(() =>
  import("./pages/district-settings-page.tsx").then((m) => ({ default: m.DistrictSettingsPage })),
);
const DistrictSearchPage = lazy(() =>
  import("./pages/district-search-page.tsx").then((m) => ({ default: m.DistrictSearchPage })),
);
const SchoolReportsPage = lazy(() =>
  import("./pages/school-reports-page.tsx").then((m) => ({ default: m.SchoolReportsPage })),
);
const ColleagueEmailPage = lazy(() =>
  import("./pages/colleague-email-page.tsx").then((m) => ({ default: m.ColleagueEmailPage })),
);
const RosterImportPage = lazy(() =>
  import("./pages/roster-import-page.tsx").then((m) => ({ default: m.RosterImportPage })),
);
const RosterImportDetailPage = lazy(() =>
  import("./pages/roster-import-detail-page.tsx").then((m) => ({
    default: m.RosterImportDetailPage,
  })),
);
const ResearchPage = lazy(() =>
  import("./pages/research-page.tsx").then((m) => ({ default: m.ResearchPage })),
);

/** The admins' pages and the research page (spread into the app's pages, router.tsx). */
export const adminPages: RouteObject[] = [
  // The spec's /school_admin/reports/{category}/, one route per category: the menus find their
  // pages by exact path (menus.ts), and any other category falls through to "not found".
  {
    path: "/school_admin/reports/usage",
    element: (
      <RequirePolicy policy="admins">
        <SchoolReportsPage category="usage" />
      </RequirePolicy>
    ),
  },
  {
    path: "/school_admin/reports/concepts",
    element: (
      <RequirePolicy policy="admins">
        <SchoolReportsPage category="concepts" />
      </RequirePolicy>
    ),
  },
  {
    path: "/school_admin/teachers",
    element: (
      <RequirePolicy policy="schoolAdmins">
        <SchoolTeachersPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/district_admin/settings",
    element: (
      <RequirePolicy policy="districtAdmins">
        <DistrictSettingsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/district_admin/search",
    element: (
      <RequirePolicy policy="districtAdmins">
        <DistrictSearchPage />
      </RequirePolicy>
    ),
  },
  // Issue 21: a district's roster from its student information system. Staff import for any
  // district, which they choose first; an import's page is the same for both.
  {
    path: "/district_admin/roster",
    element: (
      <RequirePolicy policy="districtAdmins">
        <RosterImportPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/staff/roster",
    element: (
      <RequirePolicy policy="staff">
        <RosterImportPage staff />
      </RequirePolicy>
    ),
  },
  {
    path: "/district_admin/roster/imports/:importId",
    element: (
      <RequirePolicy policy="rosterImporters">
        <RosterImportDetailPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/email/colleagues",
    element: (
      <RequirePolicy policy="classOwners">
        <ColleagueEmailPage />
      </RequirePolicy>
    ),
  },
  // Public: a principal opens it from a teacher's e-mail before signing in.
  { path: "/du-summary", element: <ResearchPage /> },
];
