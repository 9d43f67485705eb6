import { REFERRAL_OPTIONS } from "../auth/signup.ts";

// The leads area's fixed words: who we are, the limits and texts of the forms, and their choice
// lists (access spec §3, §5, §8, §9).

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
