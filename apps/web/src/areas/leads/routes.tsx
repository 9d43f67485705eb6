import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

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
  ...pagesFor("public", {
    "/pricing": <pages.PricingPage />,
    "/quote": <pages.QuotePage />,
    "/district_pricing": <pages.DistrictPricingPage />,
    "/homeschool/invoice": <pages.HomeschoolInvoicePage />,
    "/feedback": <pages.FeedbackPage />,
    "/contact": <pages.ContactPage />,
  }),
  ...pagesFor("staff", {
    "/staff/leads": <pages.LeadsInboxPage />,
    "/staff/mail": <pages.MailboxPage />,
  }),
];
