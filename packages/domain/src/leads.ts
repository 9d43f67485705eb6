import { z } from "zod";
import { REFERRAL_OPTIONS } from "./auth/signup.ts";
import { contract } from "./contract.ts";
import { emailField } from "./email.ts";
import { idParam, indexParam, messages, requiredText, text } from "./validation.ts";

// ───────────────────────── Company, limits and texts (access spec §3, §5, §8, §9) ─────────────────────────

/** Who we are, on the contact page and on every quote. */
export const COMPANY = {
  name: "Refrain Learning, Inc.",
  product: "Refrain",
  addressLines: ["1200 Harbor Street, Suite 300", "Portland, OR 97209"],
  founder: "Dana Whitfield",
} as const;

export const LEAD_LIMITS = {
  name: 45,
  /** Trial, pricing and quote forms: names of the person writing to us. */
  contactNameMin: 2,
  contactName: 50,
  schoolMin: 3,
  school: 200,
  districtMin: 4,
  district: 500,
  title: 200,
  email: 100,
  phoneMin: 7,
  phone: 20,
  cityMin: 2,
  city: 100,
  address: 200,
  zip: 10,
  referralCode: 50,
  feedbackMin: 3,
  feedback: 5000,
  /** Homeschool invoice: students per invoice. */
  invoiceStudents: 5,
  /** School quote: seats per quote; larger sites write to us. */
  quoteSeats: 100_000,
} as const;

/** Days a quote's download link works (access spec §9). */
export const QUOTE_VALID_DAYS = 30;

export const leadMessages = {
  minLetters: (n: number) => `Field must have at least ${n} letters.`,
  minSeats: "Field must be at least 1.",
  maxSeats: (n: number) => `Field cannot be more than ${n.toLocaleString("en-US")}.`,
  wholeNumber: "Field must be a whole number.",
  chooseState: "Choose a state from the list.",
  captcha: "Please confirm you are human: tick the verification box.",
  captchaFailed: "The verification did not succeed. Please tick the box again.",
  bookCallSent:
    "Thanks for your interest! You should receive an email shortly with a link to schedule your call.",
  bookCallFailed: (status: number | string) =>
    `An error occurred (${status}). Please try again. If the problem continues, please contact us and let us know.`,
  trialSent: "Thank you! Your free school trial request was received.",
  pricingSent: "Thank you! We will reply within 1-2 business days, usually within 24 hours.",
  feedbackSent: "Thank you for your feedback! We read every message.",
  contactSent: (email: string) => `Thank you for your message! We will reply to ${email}.`,
  quoteSent: (number: string) =>
    `Quote ${number} is ready. We emailed you a link to download it; the link works for ${QUOTE_VALID_DAYS} days.`,
  invoiceSent: (number: string) =>
    `Invoice ${number} is ready. We emailed you a link to download it; the link works for ${QUOTE_VALID_DAYS} days.`,
} as const;

// ───────────────────────── Choice lists ─────────────────────────

/** The 50 US states and the District of Columbia, by two-letter code. */
export const US_STATES = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
] as const;
type UsStateCode = (typeof US_STATES)[number]["code"];
export const US_STATE_CODES = US_STATES.map((s) => s.code) as [UsStateCode, ...UsStateCode[]];

/** The homeschool invoice also takes families outside the list (access spec §3). */
export const STATE_NOT_LISTED = "Other / Not Listed";
export const INVOICE_STATE_OPTIONS = [
  ...US_STATES.map((s) => ({ value: s.code as string, label: s.name })),
  { value: STATE_NOT_LISTED, label: STATE_NOT_LISTED },
];
export const US_STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code as string, label: s.name }));

/** The district and quote forms offer the referral options without Unknown. */
export const LEAD_REFERRAL_OPTIONS = REFERRAL_OPTIONS.filter(
  (option): option is Exclude<(typeof REFERRAL_OPTIONS)[number], "Unknown"> => option !== "Unknown",
) as [string, ...string[]];
export const DEFAULT_REFERRAL = "A Friend Referred Me";

/** The referral choice is asked only while no referral code is given (access spec §5). */
export function showsReferral(referralCode: string | undefined | null): boolean {
  return (referralCode ?? "").trim() === "";
}

// ───────────────────────── Field helpers ─────────────────────────

/** Trimmed, may be left empty; at most `max` characters. */
function optionalText(max: number) {
  return text().trim().max(max, messages.maxChars(max)).optional().default("");
}

function usState(codes: readonly string[]) {
  return text()
    .trim()
    .min(1, messages.required)
    .refine((value) => codes.includes(value), leadMessages.chooseState);
}

/** A referral option of the list; empty counts as not given. */
function referralChoice(required: boolean) {
  return text()
    .trim()
    .refine((value) => !required || value !== "", messages.required)
    .refine((value) => value === "" || LEAD_REFERRAL_OPTIONS.includes(value), {
      message: "Choose an option from the list.",
      abort: true,
    });
}

/**
 * Who a school's or family's lead comes from, as the trial, quote and invoice forms ask it (the
 * district pricing form asks for longer names).
 */
const leadPerson = {
  firstname: requiredText({ max: LEAD_LIMITS.contactName }),
  lastname: requiredText({ max: LEAD_LIMITS.contactName }),
  email: emailField(LEAD_LIMITS.email),
};

// ───────────────────────── POST /tutor/book-call (screen 1) ─────────────────────────

export const bookCallRequest = z.object({
  firstName: requiredText({ max: LEAD_LIMITS.name }),
  lastName: requiredText({ max: LEAD_LIMITS.name }),
  email: emailField(LEAD_LIMITS.email),
  channel: z.literal("tutor").default("tutor"),
});
export type BookCallInput = z.input<typeof bookCallRequest>;
export type BookCallRequest = z.output<typeof bookCallRequest>;

export const bookCallResponse = z.object({ success: z.literal(true) });
export type BookCallResponse = z.infer<typeof bookCallResponse>;

/** Answers carrying the server's text: trial, district pricing, feedback. */
export const leadMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type LeadMessageResponse = z.infer<typeof leadMessageResponse>;

// ───────────────────────── Captcha (ALTCHA) for the school trial ─────────────────────────

/** A challenge for the ALTCHA widget, as altcha-lib makes it. */
export const captchaChallengeResponse = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

/** The widget's solved payload (base64 JSON), posted as the form's `altcha` field. */
const captchaPayload = text(leadMessages.captcha)
  .min(1, leadMessages.captcha)
  .max(4000, leadMessages.captchaFailed);

// ───────────────────────── POST /school/free_trial (screen 5) ─────────────────────────

export const schoolTrialRequest = z.object({
  school: requiredText({ min: LEAD_LIMITS.schoolMin, max: LEAD_LIMITS.school }),
  ...leadPerson,
  phone: requiredText({ max: LEAD_LIMITS.phone }),
  city: requiredText({ max: LEAD_LIMITS.city }),
  state: usState(US_STATE_CODES),
  altcha: captchaPayload,
});
export type SchoolTrialInput = z.input<typeof schoolTrialRequest>;
export type SchoolTrialRequest = z.output<typeof schoolTrialRequest>;

// ───────────────────────── POST /district_pricing (screen 8) ─────────────────────────

export const districtPricingRequest = z.object({
  district: requiredText({ min: LEAD_LIMITS.districtMin, max: LEAD_LIMITS.district }),
  title: optionalText(LEAD_LIMITS.title),
  firstname: requiredText({ min: LEAD_LIMITS.contactNameMin, max: LEAD_LIMITS.contactName }),
  lastname: requiredText({ min: LEAD_LIMITS.contactNameMin, max: LEAD_LIMITS.contactName }),
  email: emailField(LEAD_LIMITS.email),
  phone: requiredText({ min: LEAD_LIMITS.phoneMin, max: LEAD_LIMITS.phone }),
  city: requiredText({ min: LEAD_LIMITS.cityMin, max: LEAD_LIMITS.city }),
  state: usState(US_STATE_CODES),
  referral: referralChoice(false).optional().default(""),
  referralCode: optionalText(LEAD_LIMITS.referralCode),
});
export type DistrictPricingInput = z.input<typeof districtPricingRequest>;
export type DistrictPricingRequest = z.output<typeof districtPricingRequest>;

// ───────────────────────── Feedback (screen 10): POST /feedback ─────────────────────────

export const productFeedbackRequest = z.object({
  message: text()
    .trim()
    .min(1, { message: messages.required, abort: true })
    .min(LEAD_LIMITS.feedbackMin, leadMessages.minLetters(LEAD_LIMITS.feedbackMin))
    .max(LEAD_LIMITS.feedback, messages.maxChars(LEAD_LIMITS.feedback)),
});
export type ProductFeedbackRequest = z.infer<typeof productFeedbackRequest>;

// ───────────────────────── Contact Us: POST /contact ─────────────────────────

/** A message to the company that staff can answer: who writes, where to reply, and what. */
export const contactRequest = z.object({
  name: requiredText({ max: LEAD_LIMITS.contactName }),
  email: emailField(LEAD_LIMITS.email),
  message: productFeedbackRequest.shape.message,
});
export type ContactRequest = z.infer<typeof contactRequest>;

// ───────────────────────── POST /school_pricing_invoice (screens 7 and 9) ─────────────────────────

export const HOMESCHOOL_SCHOOL = "Homeschool program";
export const HOMESCHOOL_TITLE = "n/a";

const contactFields = {
  ...leadPerson,
  address: requiredText({ max: LEAD_LIMITS.address }),
  city: requiredText({ max: LEAD_LIMITS.city }),
  zip: requiredText({ max: LEAD_LIMITS.zip }),
  referral: referralChoice(true),
  referralCode: optionalText(LEAD_LIMITS.referralCode),
};

/** A school's site-license quote: one seat per student. */
export const schoolQuoteRequest = z.object({
  product: z.literal("school"),
  school: requiredText({ max: LEAD_LIMITS.school }),
  title: optionalText(LEAD_LIMITS.title),
  phone: optionalText(LEAD_LIMITS.phone),
  state: usState(US_STATE_CODES),
  subscription_count: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ""
          ? messages.required
          : leadMessages.wholeNumber,
    })
    .int(leadMessages.wholeNumber)
    .min(1, leadMessages.minSeats)
    .max(LEAD_LIMITS.quoteSeats, leadMessages.maxSeats(LEAD_LIMITS.quoteSeats)),
  ...contactFields,
});
export type SchoolQuoteInput = z.input<typeof schoolQuoteRequest>;
export type SchoolQuoteRequest = z.output<typeof schoolQuoteRequest>;

const studentRow = z.object({
  firstname: optionalText(LEAD_LIMITS.name),
  lastname: optionalText(LEAD_LIMITS.name),
});

/**
 * A homeschool family's invoice (education savings account): up to five students, the first
 * one's first name required. Blank rows are dropped and subscription_count is the students left.
 */
export const homeschoolInvoiceRequest = z
  .object({
    product: z.literal("homeschool"),
    school: optionalText(LEAD_LIMITS.school).transform((v) => v || HOMESCHOOL_SCHOOL),
    title: optionalText(LEAD_LIMITS.title).transform((v) => v || HOMESCHOOL_TITLE),
    phone: requiredText({ max: LEAD_LIMITS.phone }),
    state: usState([...US_STATE_CODES, STATE_NOT_LISTED]),
    students: z
      .array(studentRow)
      .max(LEAD_LIMITS.invoiceStudents, `At most ${LEAD_LIMITS.invoiceStudents} students.`)
      .default([])
      .superRefine((students, ctx) => {
        const rows = students.length > 0 ? students : [{ firstname: "", lastname: "" }];
        rows.forEach((row, index) => {
          if (row.firstname === "" && (index === 0 || row.lastname !== ""))
            ctx.addIssue({
              code: "custom",
              path: [index, "firstname"],
              message: messages.required,
            });
        });
      }),
    /** Ignored when sent: always the number of students. */
    subscription_count: z.number().optional(),
    ...contactFields,
  })
  .transform(({ students, ...rest }) => {
    const named = students.filter((s) => s.firstname !== "");
    return { ...rest, students: named, subscription_count: named.length };
  });
export type HomeschoolInvoiceInput = z.input<typeof homeschoolInvoiceRequest>;
export type HomeschoolInvoiceRequest = z.output<typeof homeschoolInvoiceRequest>;

export const quoteRequest = z.discriminatedUnion("product", [
  schoolQuoteRequest,
  homeschoolInvoiceRequest,
]);
export type QuoteRequest = z.output<typeof quoteRequest>;

export const quoteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string(),
  invoice_number: z.string(),
});
export type QuoteResponse = z.infer<typeof quoteResponse>;

// ───────────────────────── Pricing and numbering (pure rules) ─────────────────────────

export interface PriceTable {
  /** A school seat (one student) for a year. */
  schoolSeatCents: number;
  /** One homeschool student for a year. */
  homeschoolStudentCents: number;
  /** Lower seat prices from `minSeats` seats on. */
  volumeTiers: { minSeats: number; seatCents: number }[];
}

export const quoteLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unitCents: z.number(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

/** The seat price for `seats`: the largest volume tier reached, else the list price. */
export function seatPriceCents(seats: number, prices: PriceTable): number {
  let price = prices.schoolSeatCents;
  let reached = 0;
  for (const tier of prices.volumeTiers) {
    if (seats >= tier.minSeats && tier.minSeats >= reached) {
      price = tier.seatCents;
      reached = tier.minSeats;
    }
  }
  return price;
}

/** The lines and total of a quote (school seats) or invoice (one line per homeschool student). */
export function priceQuote(
  request:
    | { product: "school"; subscription_count: number }
    | { product: "homeschool"; students: { firstname: string; lastname: string }[] },
  prices: PriceTable,
): { lines: QuoteLine[]; totalCents: number } {
  const lines: QuoteLine[] =
    request.product === "school"
      ? [
          {
            description: `${COMPANY.product} school site license, 12 months, per student`,
            quantity: request.subscription_count,
            unitCents: seatPriceCents(request.subscription_count, prices),
          },
        ]
      : request.students.map((student) => ({
          description: `${COMPANY.product} homeschool subscription, 12 months: ${`${student.firstname} ${student.lastname}`.trim()}`,
          quantity: 1,
          unitCents: prices.homeschoolStudentCents,
        }));
  const totalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  return { lines, totalCents };
}

export const INVOICE_PREFIXES = { quote: "Q", invoice: "INV" } as const;
export type QuoteKind = keyof typeof INVOICE_PREFIXES;

/** "Q-2026-000123" for quotes, "INV-2026-000123" for invoices. */
export function formatInvoiceNumber(kind: QuoteKind, year: number, sequence: number): string {
  return `${INVOICE_PREFIXES[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** US dollars with cents and thousands separators: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

// ───────────────────────── GET /contact: what the contact page and banner show ─────────────────────────

export const contactInfoResponse = z.object({
  success: z.literal(true),
  data: z.object({ salesEmail: z.string(), bookingUrl: z.string() }),
});
export type ContactInfoResponse = z.infer<typeof contactInfoResponse>;

// ───────────────────────── Staff inbox: GET /staff/leads ─────────────────────────

export const LEAD_KINDS = [
  "book_call",
  "school_trial",
  "district_pricing",
  "quote",
  "invoice",
  "feedback",
  "contact",
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  book_call: "Book a call",
  school_trial: "School trial",
  district_pricing: "District pricing",
  quote: "Quote",
  invoice: "Homeschool invoice",
  feedback: "Feedback",
  contact: "Contact message",
};
export const LEADS_PAGE_SIZE = 50;

export const leadsQuery = z.object({
  kind: z.enum(LEAD_KINDS).optional(),
  /** Part of a name, e-mail or organization. */
  q: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

export const staffLead = z.object({
  id: z.number(),
  kind: z.enum(LEAD_KINDS),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  organization: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  userId: z.number().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  quote: z
    .object({
      invoiceNumber: z.string(),
      amountCents: z.number(),
      lines: z.array(quoteLine),
      url: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
});
export type StaffLead = z.infer<typeof staffLead>;

export const leadsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    leads: z.array(staffLead),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
});
export type LeadsResponse = z.infer<typeof leadsResponse>;

// ───────────────────────── Staff mailbox: GET /staff/outbox, GET /staff/outbox/{id}/attachments/{index} ─────────────────────────

/** How many messages the mailbox lists at most, newest first. */
export const OUTBOX_LIMIT = 200;

export const outboxQuery = z.object({
  /** Only messages to this address (exact, case-insensitive). */
  to: text().trim().max(320).optional(),
});

export const outboxAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** It held secrets (a class's passwords): sent to the recipient only, never kept. */
  withheld: z.boolean(),
});

export const outboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** "outbox" when no SMTP server is configured, else "smtp". */
  transport: z.enum(["outbox", "smtp"]),
  /** ISO time the SMTP server took it; null when kept in the outbox or when sending failed. */
  sentAt: z.string().nullable(),
  /** Why SMTP delivery failed, if it did. */
  error: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(outboxAttachment),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxResponse = z.object({
  success: z.literal(true),
  data: z.object({ messages: z.array(outboxMessage) }),
});
export type OutboxResponse = z.infer<typeof outboxResponse>;

export const outboxAttachmentParams = z.object({ id: idParam, index: indexParam });

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
    summary: "Book a call: e-mails the visitor a link to schedule it",
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
      "A school quote (product school) or homeschool invoice (product homeschool): priced, numbered, its PDF link e-mailed",
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
