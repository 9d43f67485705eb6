import type { Role } from "@refrain/domain";
import { lazy } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { GuestOnly, RequireRole } from "./guards.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";
import { Shell } from "./shell.tsx";

// One chunk per page, so a student's phone never downloads the admin tables.
const HomePage = lazy(() => import("./home-page.tsx").then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() =>
  import("../areas/auth/pages/login-page.tsx").then((m) => ({ default: m.LoginPage })),
);
const StudentLoginPage = lazy(() =>
  import("../areas/auth/pages/student-login-page.tsx").then((m) => ({
    default: m.StudentLoginPage,
  })),
);
const AllLessonsPage = lazy(() =>
  import("../areas/lessons/pages/all-lessons-page.tsx").then((m) => ({
    default: m.AllLessonsPage,
  })),
);
const LessonPage = lazy(() =>
  import("../areas/lessons/pages/lesson-page.tsx").then((m) => ({ default: m.LessonPage })),
);

const CATALOG_ROLES: Role[] = ["teacher", "parent", "school_admin", "district_admin", "staff"];

const pages: RouteObject[] = [
  { path: "/", element: <HomePage /> },
  {
    path: "/login",
    element: (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
  {
    path: "/student/login",
    element: (
      <GuestOnly>
        <StudentLoginPage />
      </GuestOnly>
    ),
  },
  {
    path: "/lessons",
    element: (
      <RequireRole roles={CATALOG_ROLES}>
        <AllLessonsPage />
      </RequireRole>
    ),
  },
  {
    path: "/lessons/:id",
    element: (
      <RequireRole roles={CATALOG_ROLES}>
        <LessonPage />
      </RequireRole>
    ),
  },
];

/** The route patterns that have a page; menus show only entries that lead to one of them. */
export const implementedPaths: ReadonlySet<string> = new Set(
  pages.flatMap((page) => (page.path ? [page.path] : [])),
);

export const routes: RouteObject[] = [
  {
    element: <Shell implementedPaths={implementedPaths} />,
    errorElement: <RouteErrorPage />,
    children: [...pages, { path: "*", element: <NotFoundPage /> }],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
