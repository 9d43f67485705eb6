import { lazyPage } from "../lib/pages.ts";
import { useSession } from "../lib/session.ts";
import { ViewerRoleContext } from "../lib/viewer-role.ts";

// Each role's home is its own chunk.
const LandingPage = lazyPage(() => import("./landing-page.tsx").then((m) => m.LandingPage));
const StaffHome = lazyPage(() => import("./staff-home.tsx").then((m) => m.StaffHome));
const ClassSummaryPage = lazyPage(() =>
  import("../areas/reports/pages/class-summary-page.tsx").then((m) => m.ClassSummaryPage),
);
const StudentHomePage = lazyPage(() =>
  import("../areas/learning/pages/student-home-page.tsx").then((m) => m.StudentHomePage),
);
const SchoolAdminHomePage = lazyPage(() =>
  import("../areas/admin/pages/school-admin-home-page.tsx").then((m) => m.SchoolAdminHomePage),
);
const DistrictAdminHomePage = lazyPage(() =>
  import("../areas/admin/pages/district-admin-home-page.tsx").then((m) => m.DistrictAdminHomePage),
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
