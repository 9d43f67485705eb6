import { lazyPage, type Page } from "../../lib/pages.ts";

const LoginPage = lazyPage(() => import("./pages/login-page.tsx").then((m) => m.LoginPage));
const StudentLoginPage = lazyPage(() =>
  import("./pages/student-login-page.tsx").then((m) => m.StudentLoginPage),
);
const SignUpPage = lazyPage(() => import("./pages/sign-up-page.tsx").then((m) => m.SignUpPage));
const CompleteSignupPage = lazyPage(() =>
  import("./pages/complete-signup-page.tsx").then((m) => m.CompleteSignupPage),
);
const PasswordResetRequestPage = lazyPage(() =>
  import("./pages/password-reset-request-page.tsx").then((m) => m.PasswordResetRequestPage),
);
const EmailLinkPage = lazyPage(() =>
  import("./pages/email-link-page.tsx").then((m) => m.EmailLinkPage),
);
const PasswordResetPage = lazyPage(() =>
  import("./pages/password-reset-page.tsx").then((m) => m.PasswordResetPage),
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
