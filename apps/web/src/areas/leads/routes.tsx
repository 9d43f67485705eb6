import { lazyPages, type Page } from "../../lib/pages.ts";

const pages = lazyPages({
  PricingPage: () => import("./pages/pricing-page.tsx"),
  QuotePage: () => import("./pages/quote-page.tsx"),
  DistrictPricingPage: () => import("./pages/district-pricing-page.tsx"),
  HomeschoolInvoicePage: () => import("./pages/homeschool-invoice-page.tsx"),
  FeedbackPage: () => import("./pages/feedback-page.tsx"),
  ContactPage: () => import("./pages/contact-page.tsx"),
  LeadsInboxPage: () => import("./pages/leads-inbox-page.tsx"),
  MailboxPage: () => import("./pages/mailbox-page.tsx"),
});

/** The visitors' pricing and contact forms, and staff's inbox and mailbox (composed by app/router.tsx). */
export const leadsPages: Page[] = [
  { path: "/pricing", policy: "public", element: <pages.PricingPage /> },
  { path: "/quote", policy: "public", element: <pages.QuotePage /> },
  { path: "/district_pricing", policy: "public", element: <pages.DistrictPricingPage /> },
  { path: "/homeschool/invoice", policy: "public", element: <pages.HomeschoolInvoicePage /> },
  { path: "/feedback", policy: "public", element: <pages.FeedbackPage /> },
  { path: "/contact", policy: "public", element: <pages.ContactPage /> },
  { path: "/staff/leads", policy: "staff", element: <pages.LeadsInboxPage /> },
  { path: "/staff/mail", policy: "staff", element: <pages.MailboxPage /> },
];
