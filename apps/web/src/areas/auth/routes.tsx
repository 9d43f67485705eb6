import { lazyPages, type Page } from "../../lib/pages.ts";

const pages = lazyPages({
  LoginPage: () => import("./pages/login-page.tsx"),
  StudentLoginPage: () => import("./pages/student-login-page.tsx"),
  SignUpPage: () => import("./pages/sign-up-page.tsx"),
  CompleteSignupPage: () => import("./pages/complete-signup-page.tsx"),
  PasswordResetRequestPage: () => import("./pages/password-reset-request-page.tsx"),
  EmailLinkPage: () => import("./pages/email-link-page.tsx"),
  PasswordResetPage: () => import("./pages/password-reset-page.tsx"),
});

/** Signing in, signing up and resetting a password (composed by app/router.tsx). */
export const authPages: Page[] = [
  { path: "/login", policy: "guests", element: <pages.LoginPage /> },
  { path: "/student/login", policy: "guests", element: <pages.StudentLoginPage /> },
  { path: "/sign-up", policy: "guests", element: <pages.SignUpPage /> },
  { path: "/complete-signup", policy: "classOwners", element: <pages.CompleteSignupPage /> },
  { path: "/password/reset", policy: "guests", element: <pages.PasswordResetRequestPage /> },
  // Not guest-only: a reset link opened where someone else is signed in still works.
  { path: "/password/reset/:token", policy: "public", element: <pages.PasswordResetPage /> },
  { path: "/auth/email-link/:token", policy: "guests", element: <pages.EmailLinkPage /> },
];
