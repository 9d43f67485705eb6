import type { PolicyName, RoutePolicy } from "@refrain/domain";
import { isValidElement, lazy } from "react";
import { type RouteObject, useLocation, useRoutes } from "react-router";
import { adminPages } from "../areas/admin/routes.tsx";
import { familiesPages } from "../areas/families/routes.tsx";
import { helpPages } from "../areas/help/routes.tsx";
import { privacyPages } from "../areas/privacy/routes.tsx";
import { reportsPages } from "../areas/reports/routes.tsx";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { GuestOnly, RequirePolicy } from "./guards.tsx";
import { type PagePolicies, SETTINGS_PATH } from "./menus.ts";
import { RouteErrorBoundary } from "./route-error-page.tsx";
import { Shell } from "./shell.tsx";
import { withConfirmations } from "./with-confirmations.tsx";

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
const SignUpPage = lazy(() =>
  import("../areas/auth/pages/sign-up-page.tsx").then((m) => ({ default: m.SignUpPage })),
);
const CompleteSignupPage = lazy(() =>
  import("../areas/auth/pages/complete-signup-page.tsx").then((m) => ({
    default: m.CompleteSignupPage,
  })),
);
const PasswordResetRequestPage = lazy(() =>
  import("../areas/auth/pages/password-reset-request-page.tsx").then((m) => ({
    default: m.PasswordResetRequestPage,
  })),
);
const EmailLinkPage = lazy(() =>
  import("../areas/auth/pages/email-link-page.tsx").then((m) => ({ default: m.EmailLinkPage })),
);
const PasswordResetPage = lazy(() =>
  import("../areas/auth/pages/password-reset-page.tsx").then((m) => ({
    default: m.PasswordResetPage,
  })),
);
const AllLessonsPage = lazy(() =>
  import("../areas/lessons/pages/all-lessons-page.tsx").then((m) => ({
    default: m.AllLessonsPage,
  })),
);
const RosterPage = withConfirmations(() =>
  import("../areas/roster/pages/roster-page.tsx").then((m) => m.RosterPage),
);
const GroupsPage = withConfirmations(() =>
  import("../areas/roster/pages/groups-page.tsx").then((m) => m.GroupsPage),
);
const PersonalizePage = lazy(() =>
  import("../areas/roster/pages/personalize-page.tsx").then((m) => ({
    default: m.PersonalizePage,
  })),
);
const SettingsPage = lazy(() =>
  import("../areas/account/pages/settings-page.tsx").then((m) => ({ default: m.SettingsPage })),
);
const LessonPage = lazy(() =>
  import("../areas/lessons/pages/lesson-page.tsx").then((m) => ({ default: m.LessonPage })),
);
const ExamPreviewPage = lazy(() =>
  import("../areas/lessons/pages/exam-preview-page.tsx").then((m) => ({
    default: m.ExamPreviewPage,
  })),
);
const ScopeAndSequencePage = lazy(() =>
  import("../areas/lessons/pages/scope-and-sequence-page.tsx").then((m) => ({
    default: m.ScopeAndSequencePage,
  })),
);
const AssignLessonsPage = lazy(() =>
  import("../areas/lessons/pages/assign-lessons-page.tsx").then((m) => ({
    default: m.AssignLessonsPage,
  })),
);
const WorksheetsPage = lazy(() =>
  import("../areas/lessons/pages/worksheets-page.tsx").then((m) => ({
    default: m.WorksheetsPage,
  })),
);
const ResourcesPage = lazy(() =>
  import("../areas/lessons/pages/resources-page.tsx").then((m) => ({
    default: m.ResourcesPage,
  })),
);

const PricingPage = lazy(() =>
  import("../areas/leads/pages/pricing-page.tsx").then((m) => ({ default: m.PricingPage })),
);
const QuotePage = lazy(() =>
  import("../areas/leads/pages/quote-page.tsx").then((m) => ({ default: m.QuotePage })),
);
const DistrictPricingPage = lazy(() =>
  import("../areas/leads/pages/district-pricing-page.tsx").then((m) => ({
    default: m.DistrictPricingPage,
  })),
);
const HomeschoolInvoicePage = lazy(() =>
  import("../areas/leads/pages/homeschool-invoice-page.tsx").then((m) => ({
    default: m.HomeschoolInvoicePage,
  })),
);
const FeedbackPage = lazy(() =>
  import("../areas/leads/pages/feedback-page.tsx").then((m) => ({ default: m.FeedbackPage })),
);
const ContactPage = lazy(() =>
  import("../areas/leads/pages/contact-page.tsx").then((m) => ({ default: m.ContactPage })),
);
const LeadsInboxPage = lazy(() =>
  import("../areas/leads/pages/leads-inbox-page.tsx").then((m) => ({
    default: m.LeadsInboxPage,
  })),
);
const LessonTracksPage = lazy(() =>
  import("../areas/lessons/pages/lesson-tracks-page.tsx").then((m) => ({
    default: m.LessonTracksPage,
  })),
);
const StaffSuggestionsPage = lazy(() =>
  import("../areas/fluency/pages/staff-suggestions-page.tsx").then((m) => ({
    default: m.StaffSuggestionsPage,
  })),
);
const MailboxPage = lazy(() =>
  import("../areas/leads/pages/mailbox-page.tsx").then((m) => ({ default: m.MailboxPage })),
);
const SubscribePage = lazy(() =>
  import("../areas/account/pages/subscribe-page.tsx").then((m) => ({ default: m.SubscribePage })),
);
const StaffBillingPage = withConfirmations(() =>
  import("../areas/account/pages/staff-billing-page.tsx").then((m) => m.StaffBillingPage),
);
const RecordedVideosPage = withConfirmations(() =>
  import("../areas/fluency/pages/recorded-videos-page.tsx").then((m) => m.RecordedVideosPage),
);
const FluencyOverviewPage = lazy(() =>
  import("../areas/fluency/pages/fluency-overview-page.tsx").then((m) => ({
    default: m.FluencyOverviewPage,
  })),
);
const LessonPlayerPage = lazy(() =>
  import("../areas/learning/pages/lesson-player-page.tsx").then((m) => ({
    default: m.LessonPlayerPage,
  })),
);
const pages: RouteObject[] = [
  { path: "/", element: <HomePage /> },
  {
    path: "/student/learn/:lessonId/:step",
    // Students learn here; adults open the same player as a preview (a sample lesson).
    element: (
      <RequirePolicy policy="signedIn">
        <LessonPlayerPage />
      </RequirePolicy>
    ),
  },
  { path: "/pricing", element: <PricingPage /> },
  { path: "/quote", element: <QuotePage /> },
  { path: "/district_pricing", element: <DistrictPricingPage /> },
  { path: "/homeschool/invoice", element: <HomeschoolInvoicePage /> },
  { path: "/feedback", element: <FeedbackPage /> },
  { path: "/contact", element: <ContactPage /> },
  {
    path: "/staff/leads",
    element: (
      <RequirePolicy policy="staff">
        <LeadsInboxPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/staff/lessons/tracks",
    element: (
      <RequirePolicy policy="staff">
        <LessonTracksPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/staff/suggestions",
    element: (
      <RequirePolicy policy="staff">
        <StaffSuggestionsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/staff/mail",
    element: (
      <RequirePolicy policy="staff">
        <MailboxPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/staff/billing",
    element: (
      <RequirePolicy policy="staff">
        <StaffBillingPage />
      </RequirePolicy>
    ),
  },
  // Public: the page shows a visitor the plans and the way to a free trial. Billing pages are
  // linked with plain links (a full page load), since the server gives them their own CSP.
  { path: "/subscribe", element: <SubscribePage /> },
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
    path: "/sign-up",
    element: (
      <GuestOnly>
        <SignUpPage />
      </GuestOnly>
    ),
  },
  {
    path: "/complete-signup",
    element: (
      <RequirePolicy policy="classOwners">
        <CompleteSignupPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/password/reset",
    element: (
      <GuestOnly>
        <PasswordResetRequestPage />
      </GuestOnly>
    ),
  },
  // Not guest-only: a reset link opened where someone else is signed in still works.
  { path: "/password/reset/:token", element: <PasswordResetPage /> },
  {
    path: "/auth/email-link/:token",
    element: (
      <GuestOnly>
        <EmailLinkPage />
      </GuestOnly>
    ),
  },
  {
    path: SETTINGS_PATH,
    element: (
      <RequirePolicy policy="classOwners">
        <SettingsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/roster",
    element: (
      <RequirePolicy policy="classOwners">
        <RosterPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/groups",
    element: (
      <RequirePolicy policy="classOwners">
        <GroupsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/personalize",
    element: (
      <RequirePolicy policy="classOwners">
        <PersonalizePage />
      </RequirePolicy>
    ),
  },
  {
    path: "/lessons",
    element: (
      <RequirePolicy policy="adults">
        <AllLessonsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/lessons/:id",
    element: (
      <RequirePolicy policy="adults">
        <LessonPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/lessons/:id/exam/:day",
    element: (
      <RequirePolicy policy="adults">
        <ExamPreviewPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/scope-and-sequence",
    element: (
      <RequirePolicy policy="adults">
        <ScopeAndSequencePage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/assign",
    element: (
      <RequirePolicy policy="classOwners">
        <AssignLessonsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/worksheets",
    element: (
      <RequirePolicy policy="classOwners">
        <WorksheetsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/resources",
    element: (
      <RequirePolicy policy="classOwners">
        <ResourcesPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/fluency",
    element: (
      <RequirePolicy policy="classOwners">
        <FluencyOverviewPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/teacher/fluency/videos",
    element: (
      <RequirePolicy policy="classOwners">
        <RecordedVideosPage />
      </RequirePolicy>
    ),
  },
  ...reportsPages,
  ...adminPages,
  ...familiesPages,
  ...helpPages,
  ...privacyPages,
];

/**
 * The route patterns that have a page, with the policy of each (public when the page has
 * none): menus show only entries that lead to a page the user may open.
 */
export const pagePolicies: PagePolicies = new Map(
  pages.flatMap(({ path, element }): [string, RoutePolicy][] =>
    path
      ? [
          [
            path,
            isValidElement<{ policy: PolicyName }>(element) && element.type === RequirePolicy
              ? element.props.policy
              : "public",
          ],
        ]
      : [],
  ),
);

const routes: RouteObject[] = [
  {
    element: <Shell pages={pagePolicies} />,
    children: [...pages, { path: "*", element: <NotFoundPage /> }],
  },
];

/**
 * The pages, inside <BrowserRouter>. Declarative routing rather than a data router
 * (createBrowserRouter): no page loads data through the router, and the data router's code is
 * 15 KB of compressed JavaScript that every first visit would download. A page that throws
 * shows the error page in place of the shell, as an errorElement did.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
