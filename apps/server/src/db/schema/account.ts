import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, nullingRef, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./core.ts";

/**
 * A teacher's class preferences (classroom spec §3 "Student preferences"): the defaults the
 * roster's tri-state student settings inherit, and the fluency recording consent the teacher
 * has on file. No row means every default below.
 */
export const classSettings = pgTable("class_settings", {
  teacherId: cascadingRef("teacher_id", () => users.id).primaryKey(),
  sendWeeklyReport: boolean("send_weekly_report").notNull().default(false),
  /** `retake_exm`: the default of `require_retake`. */
  retakeExams: boolean("retake_exams").notNull().default(false),
  /** `unlink_video`: exams open without the three read-alongs (the default of `require_3x` is its opposite). */
  unlinkVideo: boolean("unlink_video").notNull().default(true),
  slowVideo: boolean("slow_video").notNull().default(false),
  /** `complete_lessons_extensions`: students must hand in day 4 to complete a lesson. */
  completeLessonsExtensions: boolean("complete_lessons_extensions").notNull().default(true),
  /** `record_student_fluency`: the default of `enable_fluency_recording`. */
  recordStudentFluency: boolean("record_student_fluency").notNull().default(false),
  // Consent to record is kept per student in consent_records (privacy.ts, issue 19).
  /** `student_record_fluency_lyrics_only`: the default of `fluency_recording_lyrics_only`. */
  fluencyLyricsOnly: boolean("fluency_lyrics_only").notNull().default(false),
  welcomeMessage: text("welcome_message").notNull().default("hello, class"),
  updatedAt: updatedAt(),
});

/**
 * Our copy of an account's paid subscription (classroom spec §3 "Subscription"), kept in step
 * with the payment provider by its answers and its webhooks. One row per account: subscribing
 * again during a pending cancellation reactivates this one, never a second. An account without
 * a row is in its free trial (users.trial_ends_at) or school-paid.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    userId: cascadingRef("user_id", () => users.id).primaryKey(),
    /** The adapter that holds it: the sandbox (no payment keys) or Stripe. */
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    /** Where it was bought: a phone store's subscription is managed on that device only. */
    channel: text("channel", { enum: ["stripe", "google", "apple"] })
      .notNull()
      .default("stripe"),
    customerId: text("customer_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    planType: text("plan_type", { enum: ["teacher", "parent"] }).notNull(),
    period: text("period", { enum: ["annually", "monthly"] }).notNull(),
    /** The provider's status: active, past_due, canceled… */
    status: text("status").notNull(),
    /** Paid until: the renewal date, or the end of a cancelled subscription. */
    currentPeriodEnd: timestamptz("current_period_end").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** The day collection resumes while paused; null when not paused. */
    pausedUntil: date("paused_until", { mode: "string" }),
    /** Only what the card shows: never a card number. */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardExpMonth: smallint("card_exp_month"),
    cardExpYear: smallint("card_exp_year"),
    /** Bought before prices moved to lookup keys; the spec gives it no other meaning. */
    legacy: boolean("legacy").notNull().default(false),
    /** When the provider's copy was last read: an older webhook does not overwrite a newer one. */
    syncedAt: timestamptz("synced_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("subscriptions_provider_id_uq").on(t.provider, t.subscriptionId)],
);

/** Why teachers cancel (classroom spec §3 "Cancel"), kept for the company's staff. */
export const subscriptionCancellations = pgTable(
  "subscription_cancellations",
  {
    id: serial("id").primaryKey(),
    userId: cascadingRef("user_id", () => users.id),
    /** 1 chose not to use with students, 2 did not work on my device, 3 no school funding. */
    reasonCodes: smallint("reason_codes").array().notNull(),
    /** The "Other" box; "" when left empty. */
    reason: text("reason").notNull(),
    planType: text("plan_type").notNull(),
    period: text("period").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("subscription_cancellations_created_idx").on(t.createdAt)],
);

/** Free-month promo codes staff hand out; a retired code is refused from then on. */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    /** What the code is for, for staff: a conference, a newsletter. */
    note: text("note").notNull().default(""),
    createdBy: nullingRef("created_by", () => users.id),
    createdAt: createdAt(),
    retiredAt: timestamptz("retired_at"),
  },
  (t) => [uniqueIndex("promo_codes_code_uq").on(sql`upper(${t.code})`)],
);

/** A promo code gives one free month once per account: the key is the account. */
export const promoRedemptions = pgTable("promo_redemptions", {
  userId: cascadingRef("user_id", () => users.id).primaryKey(),
  promoCodeId: cascadingRef("promo_code_id", () => promoCodes.id),
  redeemedAt: timestamptz("redeemed_at").notNull().defaultNow(),
});

/**
 * The sandbox payment provider's own books (areas/account/billing/sandbox.ts), apart from our
 * copy above as a real provider's would be: what a subscription costs, bills and when.
 */
export const sandboxSubscriptions = pgTable("sandbox_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  email: text("email").notNull(),
  priceKey: text("price_key").notNull(),
  amountCents: integer("amount_cents").notNull(),
  status: text("status").notNull(),
  currentPeriodEnd: timestamptz("current_period_end").notNull(),
  pauseResumesAt: timestamptz("pause_resumes_at"),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  cancellationFeedback: text("cancellation_feedback"),
  cancellationComment: text("cancellation_comment"),
  /** Cents taken off the next bills before the card is charged (a promo code's free month). */
  creditCents: integer("credit_cents").notNull().default(0),
  cardBrand: text("card_brand").notNull(),
  cardLast4: text("card_last4").notNull(),
  cardExpMonth: smallint("card_exp_month").notNull(),
  cardExpYear: smallint("card_exp_year").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Calls the sandbox answered, by idempotency key, as a real provider keeps them: the same key
 * again answers the same, and changes nothing twice.
 */
export const sandboxRequests = pgTable("sandbox_requests", {
  key: text("key").primaryKey(),
  answer: jsonb("answer").notNull(),
  createdAt: createdAt(),
});

/**
 * Webhook events the payment provider sent, by its event id, recorded when their signature is
 * checked: the same event delivered again (Stripe retries until it hears a 2xx, and a captured
 * request could be replayed) finds its id here and changes nothing.
 */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  provider: text("provider", { enum: ["stripe"] }).notNull(),
  type: text("type").notNull(),
  /** The subscription the event concerns, whose copy the "billing-sync" job reads again. */
  subscriptionId: text("subscription_id"),
  receivedAt: timestamptz("received_at").notNull().defaultNow(),
});
