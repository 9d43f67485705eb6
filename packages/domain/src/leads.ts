import { z } from "zod";
import { contract } from "./contract.ts";
import {
  bookCallRequest,
  bookCallResponse,
  captchaChallengeResponse,
  contactRequest,
  districtPricingRequest,
  leadMessageResponse,
  productFeedbackRequest,
  quoteRequest,
  quoteResponse,
  schoolTrialRequest,
} from "./leads/forms.ts";
import {
  leadsQuery,
  leadsResponse,
  outboxAttachmentParams,
  outboxQuery,
  outboxResponse,
} from "./leads/staff.ts";
import { dataResponse, text } from "./validation.ts";

// The leads area: its words and choice lists, the public forms, the pricing rules and what staff
// read are in leads/, re-exported here so that the area reads as one module.
export * from "./leads/choices.ts";
export * from "./leads/forms.ts";
export * from "./leads/pricing.ts";
export * from "./leads/staff.ts";

// ───────────────────────── GET /contact: what the contact page and banner show ─────────────────────────

export const contactInfoResponse = dataResponse(
  z.object({ salesEmail: z.string(), bookingUrl: z.string() }),
);
export type ContactInfoResponse = z.infer<typeof contactInfoResponse>;

// ───────────────────────── Calls ─────────────────────────

const publicCall = { tag: "leads", policy: "public" } as const;
const staffCall = { tag: "leads", policy: "staff" } as const;

export const leadsCalls = {
  contactInfo: contract({
    ...publicCall,
    method: "GET",
    path: "/contact",
    summary: "The sales address and the booking link the contact and pricing pages show",
    response: contactInfoResponse,
  }),
  contact: contract({
    ...publicCall,
    method: "POST",
    path: "/contact",
    summary: "A message to the company from the contact page, with the address to reply to",
    body: contactRequest,
    response: leadMessageResponse,
  }),
  bookCall: contract({
    ...publicCall,
    method: "POST",
    path: "/tutor/book-call",
    summary: "Book a call: emails the visitor a link to schedule it",
    body: bookCallRequest,
    response: bookCallResponse,
  }),
  /** Fetched by the ALTCHA widget itself, from the path the form gives it. */
  captchaChallenge: contract({
    ...publicCall,
    method: "GET",
    path: "/altcha/challenge",
    summary: "A proof-of-work challenge for the captcha widget of the school trial form",
    response: captchaChallengeResponse,
  }),
  schoolTrial: contract({
    ...publicCall,
    method: "POST",
    path: "/school/free_trial",
    summary: "A school's free trial request, with the solved captcha in `altcha`",
    body: schoolTrialRequest,
    response: leadMessageResponse,
  }),
  districtPricing: contract({
    ...publicCall,
    method: "POST",
    path: "/district_pricing",
    summary: "A district's pricing request",
    body: districtPricingRequest,
    response: leadMessageResponse,
  }),
  feedback: contract({
    ...publicCall,
    method: "POST",
    path: "/feedback",
    summary: "Feedback about the product, from a visitor or a signed-in user",
    body: productFeedbackRequest,
    response: leadMessageResponse,
  }),
  quote: contract({
    ...publicCall,
    method: "POST",
    path: "/school_pricing_invoice",
    summary:
      "A school quote (product school) or homeschool invoice (product homeschool): priced, numbered, its PDF link emailed",
    body: quoteRequest,
    response: quoteResponse,
  }),
  /** The link in the quote's e-mail; past its days, a page (410) instead of the PDF. */
  quotePdf: contract({
    ...publicCall,
    method: "GET",
    path: "/quotes/:token.pdf",
    summary: "A quote's or invoice's PDF for 30 days; then a page saying it expired (410)",
    params: z.object({ token: text().max(100) }),
    file: "application/pdf",
    opensFromLink: true,
  }),
  leads: contract({
    ...staffCall,
    method: "GET",
    path: "/staff/leads",
    summary: "Every lead, newest first, by kind and text; 50 a page",
    query: leadsQuery,
    response: leadsResponse,
  }),
  outbox: contract({
    ...staffCall,
    method: "GET",
    path: "/staff/outbox",
    summary: "The mail outbox, newest first (at most 200), optionally to one address",
    query: outboxQuery,
    response: outboxResponse,
  }),
  /** Opened by the mailbox page's links; the answer has the attachment's own content type. */
  outboxAttachment: contract({
    ...staffCall,
    method: "GET",
    path: "/staff/outbox/:id/attachments/:index",
    summary: "One attachment of an outbox message, with its content type",
    params: outboxAttachmentParams,
    file: "application/octet-stream",
    opensFromLink: true,
  }),
};
