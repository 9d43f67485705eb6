import { lazy } from "react";
import type { Page } from "../../lib/pages.ts";

const LoginPage = lazy(() =>
  import("./pages/login-page.tsx").then((m) => ({ default: m.LoginPage })),
);
const StudentLoginPage = lazy(() =>
  import("./pages/student-login-page.tsx").then((m) => ({ default: m.StudentLoginPage })),
);
const SignUpPage = lazy(() =>
  import("./pages/sign-up-page.tsx").then((m) => ({ default: m.SignUpPage })),
);
const CompleteSignupPage = lazy(() =>
  import("./pages/complete-signup-page.tsx").then((m) => ({ default: m.CompleteSignupPage })),
);
const PasswordResetRequestPage = lazy(() =>
  import("./pages/password-reset-request-page.tsx").then((m) => ({
    default: m.PasswordResetRequestPage,
  })),
);
const EmailLinkPage = lazy(() =>
  import("./pages/email-link-page.tsx").then((m) => ({ default: m.EmailLinkPage })),
);
const PasswordResetPage = lazy(() =>
  import("./pages/password-reset-page.tsx").then((m) => ({ default: m.PasswordResetPage })),
);

/** Signing in, signing up and resetting a password (composed by app/router.tsx). */
export const authPages: Page[] = [
  { path: "/login", policy: "guests", element: <LoginPage /> },
  { path: "/student/login", policy: "guests", element: <StudentLoginPage /> },
  { path: "/sign-up", policy: "guests", element: <SignUpPage /> },
  { path: "/complete-signup", policy: "classOwners", element: <CompleteSignupPage /> },
  { path: "/password/reset", policy: "guests", element: <PasswordResetRequestPage /> },
  // Not guest-only: a reset link opened where someone else is signed in still works.
  { path: "/password/reset/:token", policy: "public", element: <PasswordResetPage /> },
  { path: "/auth/email-link/:token", policy: "guests", element: <EmailLinkPage /> },
];
