import { z } from "zod";
import { dateText } from "../date-text.ts";
import { emailField } from "../email.ts";
import { messages, requiredText, text } from "../validation.ts";

// What a lapsed class is told, apart from these schemas (lapsed.ts).
export { lapsedMessages } from "./lapsed.ts";

// ───────────────────────── Limits and texts (classroom spec §4, §5, §9) ─────────────────────────

/** Pauses shorter than one cycle can bill twice, so the pause dialog warns of it (spec §9). */
export const BILLING_CYCLE_DAYS = 30;

export const SUBSCRIPTION_LIMITS = {
  /**
   * The pause date's length (spec §5). yyyy-mm-dd is 10 characters; the 8 allowed below that
   * only mean something if a month and day typed without their leading zero (2025-7-4) count,
   * which is how a teacher types a date, so they do and are read as 2025-07-04.
   */
  pauseDateMin: 8,
  pauseDateMax: 10,
  /**
   * The spec sets no latest pause date. 90 days (three billing cycles) covers the longest break
   * of a school year, the summer; a teacher away for longer cancels instead, and a mistyped
   * year cannot leave an account paused for years.
   */
  pauseDays: 90,
  promoCodeMin: 2,
  promoCodeMax: 26,
  /** The spec sets no rule on the "Other" reason; a few paragraphs is all anyone writes. */
  cancelReason: 1000,
  /** Card tokens are about 30 characters; the bound only stops a body stuffed into one. */
  cardToken: 255,
  /** One of checkout's billing address fields, such as a street line. */
  purchaseArg: 500,
} as const;

export const subscriptionMessages = {
  schoolPaid: "Subscription expiration date",
  freeTrial: "Your free trial expiration date",
  status: "Status",
  activeThenPaused: (activeUntil: string, pausedUntil: string) =>
    `Active until ${activeUntil}, then paused until ${pausedUntil}`,
  pausedUntil: (until: string) => `Paused Until ${until}`,
  cancelled: "Subscription Expires",
  renewal: "Your subscription renewal date",
  googleChannel:
    "This subscription was bought through Google Play. Please manage it on that device.",
  appleChannel:
    "This subscription was bought through the App Store. Please manage it on that device.",
  pauseWarning: `Your subscription bills every ${BILLING_CYCLE_DAYS} days: a shorter pause could cause double billing.`,
  pauseFormat: "Enter the date as yyyy-mm-dd.",
  pauseNotFuture: "Choose a date after today.",
  pauseTooLate: `Choose a date at most ${SUBSCRIPTION_LIMITS.pauseDays} days from today.`,
  cancelReasonCode: "Choose one of the listed reasons.",
  planType: "Choose a teacher or a parent plan.",
  period: "Choose annual or monthly billing.",
  amount: "Field must be an amount in cents.",
} as const;

// ───────────────────────── Subscription (classroom spec §3) ─────────────────────────

export const SUBSCRIPTION_CHANNELS = ["stripe", "google", "apple"] as const;
export type SubscriptionChannel = (typeof SUBSCRIPTION_CHANNELS)[number];

/** The one subscription type that may not pause: a pause exists to skip monthly bills. */
export const YEARLY = "Yearly";

/** The card a Stripe subscription bills, as the settings card shows it. */
export const cardDetails = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type CardDetails = z.infer<typeof cardDetails>;

/** The settings load answer's `subscription`, by the spec's names. */
export const subscription = z.object({
  is_paid_by_school: z.boolean(),
  is_in_free_trial: z.boolean(),
  is_paused: z.boolean(),
  is_cancelled: z.boolean(),
  /** The payment provider's status; "canceled" counts as cancelled even without the flag. */
  status: z.string(),
  /** Shown as the state of an active subscription, e.g. Yearly or Monthly. */
  type: z.string(),
  /** Null when the account has no end date on file (never subscribed). */
  valid_until_timestamp_utc: z.number().int().nullable(),
  /** "" when there is no date; a cancelled subscription then shows no expiry line. */
  valid_until_pretty: z.string(),
  /** yyyy-mm-dd. */
  valid_until: z.string().nullable(),
  /** yyyy-mm-dd, the `until` of the pause; null unless paused. */
  is_paused_until: z.string().nullable(),
  /** The spec gives it no rule: it changes neither the wording nor the actions offered. */
  is_legacy_stripe: z.boolean(),
  /** Null when we bill no card: school-paid, a free trial, or a phone store's subscription. */
  card_details: cardDetails.nullable(),
  subscription_channel: z.enum(SUBSCRIPTION_CHANNELS),
});
export type Subscription = z.infer<typeof subscription>;

// ───────────────────────── Display state and actions (classroom spec §4) ─────────────────────────

export type SubscriptionState = "school-paid" | "free-trial" | "paused" | "cancelled" | "active";

/** The state the settings card shows, checked in the spec's order. */
export function subscriptionState(sub: Subscription): SubscriptionState {
  if (sub.is_paid_by_school) return "school-paid";
  if (sub.is_in_free_trial) return "free-trial";
  if (sub.is_paused) return "paused";
  if (sub.is_cancelled || sub.status === "canceled") return "cancelled";
  return "active";
}

/** A label and the text after it; a null `value` hides the line. */
export type SubscriptionDisplay =
  | { state: Exclude<SubscriptionState, "active">; label: string; value: string | null }
  | { state: "active"; type: string; label: string; value: string };

/**
 * What the Subscription Information card says. `today` is yyyy-mm-dd: a paused subscription
 * whose paid time runs past it says it is still active until then. The paused sentence writes
 * both days itself (date-text.ts), since the pause date comes without a pretty form.
 */
export function subscriptionDisplayState(sub: Subscription, today: string): SubscriptionDisplay {
  const state = subscriptionState(sub);
  switch (state) {
    case "school-paid":
      return { state, label: subscriptionMessages.schoolPaid, value: sub.valid_until_pretty };
    case "free-trial":
      return { state, label: subscriptionMessages.freeTrial, value: sub.valid_until_pretty };
    case "paused": {
      // pause_subscription always takes a date, so a pause without one has nothing to say.
      if (sub.is_paused_until === null) {
        return { state, label: subscriptionMessages.status, value: null };
      }
      const until = dateText(sub.is_paused_until);
      const value =
        sub.valid_until !== null && sub.valid_until > today
          ? subscriptionMessages.activeThenPaused(dateText(sub.valid_until), until)
          : subscriptionMessages.pausedUntil(until);
      return { state, label: subscriptionMessages.status, value };
    }
    case "cancelled":
      return {
        state,
        label: subscriptionMessages.cancelled,
        value: sub.valid_until_pretty === "" ? null : sub.valid_until_pretty,
      };
    case "active":
      return {
        state,
        type: sub.type,
        label: subscriptionMessages.renewal,
        value: sub.valid_until_pretty,
      };
  }
}

export type SubscriptionAction = "subscribe" | "update_card" | "pause" | "resume" | "cancel";

/**
 * The buttons the card offers. A subscription bought in a phone's store is billed by that
 * store, which we cannot change, so it offers none (`subscriptionChannelNote` says why) in
 * whatever state it is.
 */
export function allowedSubscriptionActions(sub: Subscription): SubscriptionAction[] {
  if (sub.subscription_channel !== "stripe") return [];
  switch (subscriptionState(sub)) {
    case "school-paid":
      return [];
    case "free-trial":
    case "cancelled":
      return ["subscribe"];
    case "paused":
      return ["resume", "cancel"];
    case "active":
      return sub.type === YEARLY ? ["update_card", "cancel"] : ["update_card", "cancel", "pause"];
  }
}

/** The note a store-bought subscription shows in place of any button; null for Stripe. */
export function subscriptionChannelNote(sub: Subscription): string | null {
  switch (sub.subscription_channel) {
    case "google":
      return subscriptionMessages.googleChannel;
    case "apple":
      return subscriptionMessages.appleChannel;
    case "stripe":
      return null;
  }
}

// ───────────────────────── Requests (classroom spec §3, §5, §7) ─────────────────────────

const LOOSE_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_MS = 86_400_000;

/** A y-m-d text as the yyyy-mm-dd of a real day (not 2025-02-30), or null. */
function realDay(value: string): string | null {
  const parts = LOOSE_DAY.exec(value);
  if (!parts) return null;
  const day = `${parts[1]}-${parts[2]?.padStart(2, "0")}-${parts[3]?.padStart(2, "0")}`;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day ? day : null;
}

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * pause_subscription, for a teacher whose day is `today` (yyyy-mm-dd): `until` is a real day
 * after today and at most SUBSCRIPTION_LIMITS.pauseDays later, answered as yyyy-mm-dd. The
 * server and the pause form build it from the same day so they agree on which dates pass.
 */
export function pauseRequest(today: string) {
  const latest = addDays(today, SUBSCRIPTION_LIMITS.pauseDays);
  const { pauseDateMin: min, pauseDateMax: max } = SUBSCRIPTION_LIMITS;
  return z.object({
    verb: z.literal("pause_subscription"),
    until: text()
      .trim()
      .min(1, { message: messages.required, abort: true })
      .min(min, { message: messages.minChars(min), abort: true })
      .max(max, { message: messages.maxChars(max), abort: true })
      .transform((value, ctx) => {
        const day = realDay(value);
        if (day !== null) return day;
        ctx.addIssue({ code: "custom", message: subscriptionMessages.pauseFormat });
        return z.NEVER;
      })
      // yyyy-mm-dd days compare as text.
      .refine((day) => day > today, { message: subscriptionMessages.pauseNotFuture, abort: true })
      .refine((day) => day <= latest, subscriptionMessages.pauseTooLate),
  });
}
export type PauseRequest = z.infer<ReturnType<typeof pauseRequest>>;

/**
 * pause_subscription as the route reads it before it knows the teacher's day: the date's
 * rules depend on today, so the service checks it with `pauseRequest(today)`.
 */
export const pauseWire = z.object({ verb: z.literal("pause_subscription"), until: text() });

export const resumeRequest = z.object({ verb: z.literal("resume_subscription") });

/**
 * update_card: the token of the card the provider's widget collected (never the number): the
 * sandbox's token, a Stripe PaymentMethod (`pm_…`) or a SetupIntent confirmed in the browser
 * (`seti_…`, POST /billing/setup_intent).
 */
export const cardUpdateRequest = z.object({
  verb: z.literal("update_card"),
  token: requiredText({ max: SUBSCRIPTION_LIMITS.cardToken }),
});

export const CANCEL_REASONS = {
  1: "Chose not to use with students",
  2: "Did not work on my tablet or computer",
  3: "Did not get school funding",
} as const;
export type CancelReasonCode = keyof typeof CANCEL_REASONS;

/**
 * cancel_subscription. Reasons have no rules (spec §5): a teacher may cancel without giving
 * any, and a code ticked twice counts once.
 */
export const cancelRequest = z.object({
  verb: z.literal("cancel_subscription"),
  reason_codes: z
    .array(z.literal([1, 2, 3], { error: subscriptionMessages.cancelReasonCode }))
    .default([])
    .transform((codes): CancelReasonCode[] => [...new Set(codes)].sort((a, b) => a - b)),
  /** The "Other" box. */
  reason: text()
    .trim()
    .max(SUBSCRIPTION_LIMITS.cancelReason, messages.maxChars(SUBSCRIPTION_LIMITS.cancelReason))
    .default(""),
});
export type CancelRequest = z.infer<typeof cancelRequest>;

/** update_promo: the free-month promo code. */
export const promoRequest = z.object({
  verb: z.literal("update_promo"),
  code: requiredText({
    min: SUBSCRIPTION_LIMITS.promoCodeMin,
    max: SUBSCRIPTION_LIMITS.promoCodeMax,
  }),
});
export type PromoRequest = z.infer<typeof promoRequest>;

export const PLAN_TYPES = ["teacher", "parent"] as const;
export const BILLING_PERIODS = ["annually", "monthly"] as const;

/** POST /subscribe: the Subscribe Now page's purchase. */
export const subscriptionPurchaseRequest = z.object({
  email: emailField(),
  /** The card token the payment provider's checkout widget returned. */
  token: requiredText({ max: SUBSCRIPTION_LIMITS.cardToken }),
  /** The checkout widget's billing address fields, passed on as it gave them. */
  args: z.record(text(), text().max(SUBSCRIPTION_LIMITS.purchaseArg)).default({}),
  type: z.enum(PLAN_TYPES, { error: subscriptionMessages.planType }),
  period: z.enum(BILLING_PERIODS, { error: subscriptionMessages.period }),
  /**
   * The price, in cents, the page showed. Never what is charged: the server charges the price
   * its configuration sets for `type` and `period`, so an edited request cannot buy cheaper,
   * and refuses the purchase when this differs, so nobody pays other than what they saw.
   */
  amount: z
    .number({ error: subscriptionMessages.amount })
    .int(subscriptionMessages.amount)
    .positive(subscriptionMessages.amount),
});
export type SubscriptionPurchaseRequest = z.infer<typeof subscriptionPurchaseRequest>;

// ───────────────────────── What a lapsed account may do (docs/decisions/0024) ─────────────────────────

/**
 * Whether the class may start new work: add students, assign lessons, and its students read,
 * answer, write and record. It may while the school pays, a trial or paid period runs (a
 * pending cancellation or a pause included, until the paid days end), or an active
 * subscription renews. An account with no trial date on file predates trials and stays open.
 * A lapsed class keeps everything it made: reports, readings, grading, the roster and every
 * export stay, and subscribing opens it again.
 */
export function classIsOpen(sub: Subscription, today: string): boolean {
  const paidThrough = sub.valid_until;
  switch (subscriptionState(sub)) {
    case "school-paid":
      return true;
    case "free-trial":
      return paidThrough === null || paidThrough >= today;
    case "paused":
      return paidThrough !== null && paidThrough >= today;
    case "cancelled":
      return sub.status !== "canceled" && paidThrough !== null && paidThrough >= today;
    case "active":
      return true;
  }
}
