import { z } from "zod";
import { contract } from "../contract.ts";
import { errorResponse, idParam, requiredText, text } from "../validation.ts";
import {
  BILLING_PERIODS,
  CANCEL_REASONS,
  PLAN_TYPES,
  SUBSCRIPTION_LIMITS,
  subscription,
  subscriptionPurchaseRequest,
} from "./subscription.ts";

// ───────────────────────── Plans (classroom spec §1, access spec §2) ─────────────────────────

export type PlanType = (typeof PLAN_TYPES)[number];
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PLAN_LABELS: Record<PlanType, string> = {
  teacher: "Teacher plan",
  parent: "Parent plan",
};
export const PERIOD_LABELS: Record<BillingPeriod, string> = {
  annually: "Annual",
  monthly: "Monthly",
};
/** The subscription `type` the settings card shows for a period (spec §3 "Subscription"). */
export const SUBSCRIPTION_TYPE_OF: Record<BillingPeriod, string> = {
  annually: "Yearly",
  monthly: "Monthly",
};

export const plan = z.object({
  type: z.enum(PLAN_TYPES),
  period: z.enum(BILLING_PERIODS),
  /** What one bill costs, in cents (USD). */
  amount: z.number().int().positive(),
});
export type Plan = z.infer<typeof plan>;

/** What paying annually saves against twelve monthly bills, in cents (0 when nothing). */
export function annualSaving(plans: readonly Plan[], type: PlanType): number {
  const monthly = plans.find((p) => p.type === type && p.period === "monthly");
  const annual = plans.find((p) => p.type === type && p.period === "annually");
  if (!monthly || !annual) return 0;
  return Math.max(0, monthly.amount * 12 - annual.amount);
}

/** "$49.00" from 4900 cents. */
export const dollars = (cents: number): string =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const billingMessages = {
  testMode: "Test mode – no charge",
  subscribed: "Thank you! Your subscription has started.",
  paused: "Your subscription is paused.",
  resumed: "Your subscription has resumed.",
  cancelled: "Your subscription was canceled. It stays active until the end of the paid period.",
  cardUpdated: "Your card was updated.",
  promoApplied: "Your free month was added.",
  promoUnknown: "This promo code does not exist.",
  promoRetired: "This promo code is no longer valid.",
  promoUsed: "This account has already used a promo code.",
  promoInTrial: "Have a promo code? It adds a free month to your trial. One code per account.",
  promoAfterEnd: "Subscribe first: the free month is then taken off your next bill.",
  promoOnBill:
    "Have a promo code? Enter it for a free month, taken off your next bill. One code per account.",
  amountChanged: "The price changed since the page was opened. Please check it and try again.",
  notPaused: "This subscription is not paused.",
  alreadyCancelled: "This subscription is already canceled.",
  noSubscription: "There is no subscription to change.",
  schoolPaid: "Your school pays for this account: there is nothing to change here.",
  otherChannel: "This subscription is managed on the device it was bought on.",
  yearlyCannotPause: "A yearly subscription cannot be paused.",
  alreadySubscribed: "This account already has an active subscription.",
  declined: "Your card was declined.",
  setupNotConfirmed:
    "This card was not confirmed with your bank. Please enter it again and complete your bank's check.",
  setupNotYours: "This card was not set up for this account. Please enter it again.",
  providerFailed: "The payment provider could not be reached. Please try again in a moment.",
  promoCodeTaken: "This code already exists.",
  sandboxOnly: "The clock only moves the sandbox's subscriptions; Stripe keeps its own time.",
  noSuchAdult: "No teacher or parent has this username.",
  advanced: (username: string, days: number) =>
    `${username}'s billing moved ${days} ${days === 1 ? "day" : "days"} forward.`,
  webhookRefused: "The webhook's signature is not valid.",
} as const;

// ───────────────────────── The sandbox card form (test cards) ─────────────────────────

/**
 * Stripe's public test cards, which the sandbox accepts as Stripe's test mode does: any other
 * number is refused, so nobody types a real card into a test page thinking it charges.
 */
export const SANDBOX_TEST_CARDS = {
  "4242424242424242": { brand: "Visa", outcome: "succeeds" },
  "5555555555554444": { brand: "Mastercard", outcome: "succeeds" },
  "4000000000000002": { brand: "Visa", outcome: "declined" },
} as const;

export const sandboxCardMessages = {
  number: "Use a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.",
  expiry: "Enter the expiry as MM / YY, in the future.",
  cvc: "Enter the 3-digit security code.",
} as const;

/** The card fields of the sandbox's form; they stay in the browser. */
export const sandboxCard = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .refine((value) => value in SANDBOX_TEST_CARDS, sandboxCardMessages.number),
  expiry: z.string().regex(/^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/, sandboxCardMessages.expiry),
  cvc: z.string().regex(/^\d{3}$/, sandboxCardMessages.cvc),
});
export type SandboxCard = z.infer<typeof sandboxCard>;

/** What a sandbox token carries: what a settings card shows, and the test card's outcome. */
export const sandboxTokenContent = z.object({
  brand: z.string().max(20),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  outcome: z.enum(["succeeds", "declined"]),
});
export type SandboxTokenContent = z.infer<typeof sandboxTokenContent>;

const TOKEN_PREFIX = "tok_sandbox_";

/**
 * Tokenises a test card in the browser, as a provider's widget does: the token holds the
 * brand, last four digits, expiry and the test card's outcome, never the number. Null when the
 * expiry has passed (`today` yyyy-mm-dd).
 */
export function sandboxToken(card: SandboxCard, today: string): string | null {
  const [, mm = "", yy = ""] = /(\d{2})\s*\/\s*(\d{2})/.exec(card.expiry) ?? [];
  const expMonth = Number(mm);
  const expYear = 2000 + Number(yy);
  if (`${expYear}-${mm}` < today.slice(0, 7)) return null;
  const test = SANDBOX_TEST_CARDS[card.number as keyof typeof SANDBOX_TEST_CARDS];
  const content: SandboxTokenContent = {
    brand: test.brand,
    last4: card.number.slice(-4),
    exp_month: expMonth,
    exp_year: expYear,
    outcome: test.outcome,
  };
  const json = JSON.stringify(content);
  const base64 = btoa(json).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  return TOKEN_PREFIX + base64;
}

/** What a sandbox token says, or null for anything that is not one. */
export function readSandboxToken(token: string): SandboxTokenContent | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  try {
    const base64 = token.slice(TOKEN_PREFIX.length).replaceAll("-", "+").replaceAll("_", "/");
    const parsed = sandboxTokenContent.safeParse(JSON.parse(atob(base64)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ───────────────────────── Calls ─────────────────────────

export const plansResponse = z.object({
  plans: z.array(plan),
  trialDays: z.number().int(),
  /** "sandbox" or "stripe": the page loads that provider's card form. */
  provider: z.enum(["sandbox", "stripe"]),
  publishableKey: z.string(),
});
export type PlansResponse = z.infer<typeof plansResponse>;

export const subscribeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Where the page goes next: the settings page, which shows the new subscription. */
  redirect: z.string(),
  subscription,
});

export const cancellationRow = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  reasonCodes: z.array(z.number()),
  reason: z.string(),
  plan: z.string(),
  createdAt: z.string(),
});
export const cancellationsResponse = z.object({
  cancellations: z.array(cancellationRow),
  /** Cancellations per reason code, over all of them. */
  byReason: z.record(z.string(), z.number()),
  total: z.number(),
});
export type CancellationsResponse = z.infer<typeof cancellationsResponse>;
export const CANCELLATIONS_SHOWN = 200;

export const promoCodeRow = z.object({
  id: z.number(),
  code: z.string(),
  note: z.string(),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
  redemptions: z.number(),
});
export const promoCodesResponse = z.object({ codes: z.array(promoCodeRow) });
export type PromoCodesResponse = z.infer<typeof promoCodesResponse>;
export type PromoCodeRow = z.infer<typeof promoCodeRow>;

export const promoCodeCreateRequest = z.object({
  code: requiredText({
    min: SUBSCRIPTION_LIMITS.promoCodeMin,
    max: SUBSCRIPTION_LIMITS.promoCodeMax,
  }).regex(/^[A-Za-z0-9_-]+$/, "Use only letters, numbers, dashes and underscores."),
  note: text().trim().max(200).default(""),
});

/**
 * A card's setup with Stripe: the SetupIntent's client secret, with which Stripe.js confirms
 * the card in the browser (and runs the bank's 3-D Secure check when it asks for one).
 */
export const setupIntentResponse = z.object({ clientSecret: z.string() });
export type SetupIntentResponse = z.infer<typeof setupIntentResponse>;

/** What Stripe hears back from a webhook it posted: a 2xx stops its retries. */
export const webhookResponse = z.object({
  received: z.literal(true),
  /** The event was already received: nothing changed this time. */
  duplicate: z.boolean(),
});

/** The sandbox clock's bound: a little over a year covers every trial, pause and period. */
export const SANDBOX_ADVANCE_MAX_DAYS = 400;

export const sandboxAdvanceRequest = z.object({
  username: requiredText({ max: 200 }),
  days: z
    .number({ error: `Enter a number of days from 1 to ${SANDBOX_ADVANCE_MAX_DAYS}.` })
    .int(`Enter a number of days from 1 to ${SANDBOX_ADVANCE_MAX_DAYS}.`)
    .min(1, `Enter a number of days from 1 to ${SANDBOX_ADVANCE_MAX_DAYS}.`)
    .max(SANDBOX_ADVANCE_MAX_DAYS, `Enter a number of days from 1 to ${SANDBOX_ADVANCE_MAX_DAYS}.`),
});
export const sandboxAdvanceResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription,
});

export const billingCalls = {
  plans: contract({
    tag: "account",
    policy: "public",
    method: "GET",
    path: "/subscribe/plans",
    summary: "The plans and prices on sale, the trial's length and the card form to load",
    response: plansResponse,
  }),
  subscribe: contract({
    tag: "account",
    policy: "classOwners",
    method: "POST",
    path: "/subscribe",
    summary: "Buys a teacher or parent plan, annual or monthly, with a card token",
    body: subscriptionPurchaseRequest,
    response: subscribeResponse,
  }),
  setupIntent: contract({
    tag: "account",
    policy: "classOwners",
    method: "POST",
    path: "/billing/setup_intent",
    summary:
      "Starts saving a card with Stripe: a SetupIntent for off-session use on the caller's Stripe customer (made if missing), whose client secret lets Stripe.js confirm the card in the browser, 3-D Secure included; its id is then the card's token. 404 with the sandbox, 409 when a school pays or the subscription is another channel's",
    response: setupIntentResponse,
  }),
  cancellations: contract({
    tag: "account",
    policy: "staff",
    method: "GET",
    path: "/staff/billing/cancellations",
    summary: "The latest cancellations and their reasons, for the company's staff",
    response: cancellationsResponse,
  }),
  promoCodes: contract({
    tag: "account",
    policy: "staff",
    method: "GET",
    path: "/staff/billing/promo_codes",
    summary: "Every promo code, with how often it was redeemed",
    response: promoCodesResponse,
  }),
  createPromoCode: contract({
    tag: "account",
    policy: "staff",
    method: "POST",
    path: "/staff/billing/promo_codes",
    summary: "Creates a free-month promo code",
    body: promoCodeCreateRequest,
    response: promoCodeRow,
  }),
  stripeWebhook: contract({
    tag: "account",
    policy: "public",
    method: "POST",
    path: "/billing/webhook/stripe",
    summary:
      "Stripe's webhook: an event signed in its Stripe-Signature header (checked on the raw JSON body), recorded once by its id and handed to a job that reads the subscription again. 400 when the signature is wrong or over 5 minutes old; 404 without Stripe configured",
    // Posted by Stripe's servers, with no cookie and no page token: the signature is the key.
    crossSite: true,
    response: webhookResponse,
    otherAnswers: { 400: errorResponse },
  }),
  retirePromoCode: contract({
    tag: "account",
    policy: "staff",
    method: "POST",
    path: "/staff/billing/promo_codes/:id/retire",
    summary: "Retires a promo code: it is refused from now on",
    params: z.object({ id: idParam }),
    response: promoCodeRow,
  }),
  sandboxAdvance: contract({
    tag: "account",
    policy: "staff",
    method: "POST",
    path: "/staff/billing/sandbox/advance",
    summary:
      "The sandbox's clock for one account: moves its trial, paid period and pause as if `days` had passed, so staff can watch a trial end, a pause run out or a renewal. 409 with Stripe configured",
    body: sandboxAdvanceRequest,
    response: sandboxAdvanceResponse,
  }),
};

/** The reason codes' labels, for the cancel dialog and the staff page. */
export const cancelReasonLabel = (code: number): string =>
  CANCEL_REASONS[code as keyof typeof CANCEL_REASONS] ?? `Reason ${code}`;
