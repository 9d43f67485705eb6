import { Anchor, Button, Container, Group } from "@mantine/core";
import { allows } from "@refrain/domain";
import { lazy, Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { RequireCompleteSignup } from "../areas/auth/components/signup-guard.tsx";
import { isTeacherTimePath } from "../areas/learning/teacher-time-path.ts";
import { LoadError, PageLoader } from "../components/page-states.tsx";
import { PageReady } from "../lib/page-ready.ts";
import { usePagePolicies } from "../lib/pages.ts";
import { useSession } from "../lib/session.ts";
import { HeaderBar, Wordmark } from "./header-bar.tsx";
import classes from "./shell.module.css";

// Loaded only for a signed-in user: the sign-in pages never download the menus.
const SignedInHeader = lazy(() =>
  import("./signed-in-header.tsx").then((m) => ({ default: m.SignedInHeader })),
);
// A class owner's trial or lapsed class, said on every page but the checkout itself.
const StandingBanner = lazy(() =>
  import("../areas/account/components/standing-banner.tsx").then((m) => ({
    default: m.StandingBanner,
  })),
);
const TeacherTime = lazy(() =>
  import("../areas/learning/components/teacher-time.tsx").then((m) => ({
    default: m.TeacherTime,
  })),
);

/** The page shell: header with the role's menus and the user menu, and the current page. */
export function Shell() {
  const pages = usePagePolicies();
  const session = useSession();
  const user = session.data?.user ?? null;
  const { pathname } = useLocation();
  // Teacher investment time: a class owner's own time on the grading and report pages. An admin
  // acting as them is not the teacher at work, so that time is not theirs to count.
  const teacherTime =
    user !== null &&
    !user.impersonated &&
    allows("classOwners", user.role) &&
    isTeacherTimePath(pathname);

  return (
    <>
      <header className={classes.header}>
        {user ? (
          <Suspense fallback={<HeaderBar start={<Wordmark />} />}>
            <SignedInHeader user={user} pages={pages} />
          </Suspense>
        ) : (
          <HeaderBar start={<Wordmark />} end={session.isSuccess && <PublicLinks />} />
        )}
      </header>

      {teacherTime && (
        <Suspense fallback={null}>
          <TeacherTime />
        </Suspense>
      )}
      <main className={classes.main}>
        <Container size="lg" py="md">
          {session.isPending ? (
            <PageLoader />
          ) : session.isError ? (
            <LoadError error={session.error} onRetry={() => void session.refetch()} />
          ) : (
            <Suspense fallback={<PageLoader />}>
              {user?.signupComplete &&
                allows("classOwners", user.role) &&
                pathname !== "/subscribe" && (
                  <Suspense fallback={null}>
                    <StandingBanner />
                  </Suspense>
                )}
              <RequireCompleteSignup>
                <Outlet />
              </RequireCompleteSignup>
              <PageReady />
            </Suspense>
          )}
        </Container>
      </main>
      <footer className={classes.footer}>
        <Group gap="lg" justify="center">
          <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
            Privacy Policy
          </Anchor>
          <Anchor component={Link} to="/accessibility" size="sm" c="dimmed">
            Accessibility
          </Anchor>
          <Anchor component={Link} to="/contact" size="sm" c="dimmed">
            Contact Us
          </Anchor>
        </Group>
      </footer>
    </>
  );
}

function PublicLinks() {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/pricing" variant="subtle" visibleFrom="sm">
        Pricing
      </Button>
      <Button component={Link} to="/login" variant="subtle">
        Teacher Login
      </Button>
      <Button component={Link} to="/student/login" variant="light">
        Student Login
      </Button>
    </Group>
  );
}
