import { lazy } from "react";
import { useSession } from "../lib/session.ts";
import { ViewerRoleContext } from "../lib/viewer-role.ts";

// Each role's home is its own chunk.
const LandingPage = lazy(() =>
  import("./landing-page.tsx").then((m) => ({ default: m.LandingPage })),
);
const StaffHome = lazy(() => import("./staff-home.tsx").then((m) => ({ default: m.StaffHome })));
const ClassSummaryPage = lazy(() =>
  import("../areas/reports/pages/class-summary-page.tsx").then((m) => ({
    default: m.ClassSummaryPage,
  })),
);
const StudentHomePage = lazy(() =>
  import("../areas/learning/pages/student-home-page.tsx").then((m) => ({
    default: m.StudentHomePage,
  })),
);
const SchoolAdminHomePage = lazy(() =>
  import("../areas/admin/pages/school-admin-home-page.tsx").then((m) => ({
    default: m.SchoolAdminHomePage,
  })),
);
const DistrictAdminHomePage = lazy(() =>
  import("../areas/admin/pages/district-admin-home-page.tsx").then((m) => ({
    default: m.DistrictAdminHomePage,
  })),
);

/** `/`: the landing page for visitors, otherwise the signed-in role's home. */
export function HomePage() {
  const user = useSession().data?.user;
  switch (user?.role) {
    case undefined:
      return <LandingPage />;
    case "student":
      return <StudentHomePage />;
    case "school_admin":
      return <SchoolAdminHomePage />;
    case "district_admin":
      return <DistrictAdminHomePage districtId={user.districtId} />;
    case "staff":
      return <StaffHome firstName={user.firstName} />;
    case "teacher":
    case "parent":
      return (
        <ViewerRoleContext value={user.role}>
          <ClassSummaryPage />
        </ViewerRoleContext>
      );
  }
}
