import { Button, Container, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, Outlet } from "react-router";
import { useSession } from "../areas/auth/api/get-session.ts";
import { RequireCompleteSignup } from "../areas/auth/components/signup-guard.tsx";
import { LoadError, PageLoader } from "../components/page-states.tsx";
import { HeaderBar, Wordmark } from "./header-bar.tsx";
import type { PagePolicies } from "./menus.ts";
import classes from "./shell.module.css";

// Loaded only for a signed-in user: the sign-in pages never download the menus.
const SignedInHeader = lazy(() =>
  import("./signed-in-header.tsx").then((m) => ({ default: m.SignedInHeader })),
);

/** The page shell: header with the role's menus and the user menu, and the current page. */
export function Shell({ pages }: { pages: PagePolicies }) {
  const session = useSession();
  const user = session.data?.user ?? null;

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

      <main className={classes.main}>
        <Container size="lg" py="md">
          {session.isPending ? (
            <PageLoader />
          ) : session.isError ? (
            <LoadError error={session.error} onRetry={() => void session.refetch()} />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <RequireCompleteSignup>
                <Outlet />
              </RequireCompleteSignup>
            </Suspense>
          )}
        </Container>
      </main>
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
