import { z } from "zod";
import { emailField } from "../email.ts";
import { messageResponse, messages, requiredText, successResponse, text } from "../validation.ts";
import {
  LEAD_LIMITS,
  LEAD_REFERRAL_OPTIONS,
  leadMessages,
  STATE_NOT_LISTED,
  US_STATE_CODES,
} from "./choices.ts";

// The public lead forms' requests and answers: book a call, school trial, district pricing,
// feedback, contact, and the school quote or homeschool invoice.

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

/** The fields several forms ask alike (the district pricing form asks some with minimums). */
const listedState = usState(US_STATE_CODES);
const title = optionalText(LEAD_LIMITS.title);
const referralCode = optionalText(LEAD_LIMITS.referralCode);
const leadEmail = emailField(LEAD_LIMITS.email);
const requiredPhone = requiredText({ max: LEAD_LIMITS.phone });
const requiredCity = requiredText({ max: LEAD_LIMITS.city });

/**
 * Who a school's or family's lead comes from, as the trial, quote and invoice forms ask it (the
 * district pricing form asks for longer names).
 */
const leadPerson = {
  firstname: requiredText({ max: LEAD_LIMITS.contactName }),
  lastname: requiredText({ max: LEAD_LIMITS.contactName }),
  email: leadEmail,
};

// ───────────────────────── POST /tutor/book-call (screen 1) ─────────────────────────

export const bookCallRequest = z.object({
  firstName: requiredText({ max: LEAD_LIMITS.name }),
  lastName: requiredText({ max: LEAD_LIMITS.name }),
  email: leadEmail,
  channel: z.literal("tutor").default("tutor"),
});
export type BookCallInput = z.input<typeof bookCallRequest>;
export type BookCallRequest = z.output<typeof bookCallRequest>;

export const bookCallResponse = successResponse;
export type BookCallResponse = z.infer<typeof bookCallResponse>;

/** Answers carrying the server's text: trial, district pricing, feedback. */
export const leadMessageResponse = messageResponse;
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
  phone: requiredPhone,
  city: requiredCity,
  state: listedState,
  altcha: captchaPayload,
});
export type SchoolTrialInput = z.input<typeof schoolTrialRequest>;
export type SchoolTrialRequest = z.output<typeof schoolTrialRequest>;

// ───────────────────────── POST /district_pricing (screen 8) ─────────────────────────

export const districtPricingRequest = z.object({
  district: requiredText({ min: LEAD_LIMITS.districtMin, max: LEAD_LIMITS.district }),
  title,
  firstname: requiredText({ min: LEAD_LIMITS.contactNameMin, max: LEAD_LIMITS.contactName }),
  lastname: requiredText({ min: LEAD_LIMITS.contactNameMin, max: LEAD_LIMITS.contactName }),
  email: leadEmail,
  phone: requiredText({ min: LEAD_LIMITS.phoneMin, max: LEAD_LIMITS.phone }),
  city: requiredText({ min: LEAD_LIMITS.cityMin, max: LEAD_LIMITS.city }),
  state: listedState,
  referral: referralChoice(false).optional().default(""),
  referralCode,
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
  email: leadEmail,
  message: productFeedbackRequest.shape.message,
});
export type ContactRequest = z.infer<typeof contactRequest>;

// ───────────────────────── POST /school_pricing_invoice (screens 7 and 9) ─────────────────────────

export const HOMESCHOOL_SCHOOL = "Homeschool program";
export const HOMESCHOOL_TITLE = "n/a";

const contactFields = {
  ...leadPerson,
  address: requiredText({ max: LEAD_LIMITS.address }),
  city: requiredCity,
  zip: requiredText({ max: LEAD_LIMITS.zip }),
  referral: referralChoice(true),
  referralCode,
};

/** A school's site-license quote: one seat per student. */
export const schoolQuoteRequest = z.object({
  product: z.literal("school"),
  school: requiredText({ max: LEAD_LIMITS.school }),
  title,
  phone: optionalText(LEAD_LIMITS.phone),
  state: listedState,
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
    title: title.transform((v) => v || HOMESCHOOL_TITLE),
    phone: requiredPhone,
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

export const quoteResponse = messageResponse.extend({
  url: z.string(),
  invoice_number: z.string(),
});
export type QuoteResponse = z.infer<typeof quoteResponse>;
