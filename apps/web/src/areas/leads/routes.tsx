import { lazy } from "react";
import type { Page } from "../../lib/pages.ts";

const PricingPage = lazy(() =>
  import("./pages/pricing-page.tsx").then((m) => ({ default: m.PricingPage })),
);
const QuotePage = lazy(() =>
  import("./pages/quote-page.tsx").then((m) => ({ default: m.QuotePage })),
);
const DistrictPricingPage = lazy(() =>
  import("./pages/district-pricing-page.tsx").then((m) => ({ default: m.DistrictPricingPage })),
);
const HomeschoolInvoicePage = lazy(() =>
  import("./pages/homeschool-invoice-page.tsx").then((m) => ({
    default: m.HomeschoolInvoicePage,
  })),
);
const FeedbackPage = lazy(() =>
  import("./pages/feedback-page.tsx").then((m) => ({ default: m.FeedbackPage })),
);
const ContactPage = lazy(() =>
  import("./pages/contact-page.tsx").then((m) => ({ default: m.ContactPage })),
);
const LeadsInboxPage = lazy(() =>
  import("./pages/leads-inbox-page.tsx").then((m) => ({ default: m.LeadsInboxPage })),
);
const MailboxPage = lazy(() =>
  import("./pages/mailbox-page.tsx").then((m) => ({ default: m.MailboxPage })),
);

/** The visitors' pricing and contact forms, and staff's inbox and mailbox (composed by app/router.tsx). */
export const leadsPages: Page[] = [
  { path: "/pricing", policy: "public", element: <PricingPage /> },
  { path: "/quote", policy: "public", element: <QuotePage /> },
  { path: "/district_pricing", policy: "public", element: <DistrictPricingPage /> },
  { path: "/homeschool/invoice", policy: "public", element: <HomeschoolInvoicePage /> },
  { path: "/feedback", policy: "public", element: <FeedbackPage /> },
  { path: "/contact", policy: "public", element: <ContactPage /> },
  { path: "/staff/leads", policy: "staff", element: <LeadsInboxPage /> },
  { path: "/staff/mail", policy: "staff", element: <MailboxPage /> },
];
