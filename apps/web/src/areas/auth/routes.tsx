import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

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
  ...pagesFor("guests", {
    "/login": <pages.LoginPage />,
    "/student/login": <pages.StudentLoginPage />,
    "/sign-up": <pages.SignUpPage />,
    "/password/reset": <pages.PasswordResetRequestPage />,
    "/auth/email-link/:token": <pages.EmailLinkPage />,
  }),
  ...pagesFor("classOwners", { "/complete-signup": <pages.CompleteSignupPage /> }),
  // Not guest-only: a reset link opened where someone else is signed in still works.
  ...pagesFor("public", { "/password/reset/:token": <pages.PasswordResetPage /> }),
];
