import { lazyPage, type Page } from "../../lib/pages.ts";

const PricingPage = lazyPage(() => import("./pages/pricing-page.tsx").then((m) => m.PricingPage));
const QuotePage = lazyPage(() => import("./pages/quote-page.tsx").then((m) => m.QuotePage));
const DistrictPricingPage = lazyPage(() =>
  import("./pages/district-pricing-page.tsx").then((m) => m.DistrictPricingPage),
);
const HomeschoolInvoicePage = lazyPage(() =>
  import("./pages/homeschool-invoice-page.tsx").then((m) => m.HomeschoolInvoicePage),
);
const FeedbackPage = lazyPage(() =>
  import("./pages/feedback-page.tsx").then((m) => m.FeedbackPage),
);
const ContactPage = lazyPage(() => import("./pages/contact-page.tsx").then((m) => m.ContactPage));
const LeadsInboxPage = lazyPage(() =>
  import("./pages/leads-inbox-page.tsx").then((m) => m.LeadsInboxPage),
);
const MailboxPage = lazyPage(() => import("./pages/mailbox-page.tsx").then((m) => m.MailboxPage));

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
