/**
 * Our copy of each account's subscription (decision 0024): who pays (school seats, a trial, a
 * subscription), the spec's Subscription derived from it, and keeping it in step with the
 * payment provider. The verbs that change a subscription are in service.ts.
 */
import {
  type BillingPeriod,
  billingMessages,
  type Plan,
  type PlanType,
  SUBSCRIPTION_TYPE_OF,
  type Subscription,
  schoolYearEnd,
} from "@refrain/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../../../config.ts";
import { dateText } from "../../../core/date-text.ts";
import { invalid, notFound, unavailable } from "../../../core/errors.ts";
import {
  PaymentDeclined,
  type PaymentProvider,
  type ProviderSubscription,
  ProviderUnavailable,
} from "../../../core/payment-provider.ts";
import type { Db } from "../../../db/client.ts";
import { schools, subscriptions, users } from "../../../db/schema/index.ts";

export const DAY_MS = 86_400_000;

/** What the billing verbs need: the database, the provider, prices and the clock. */
export interface Billing {
  db: Db;
  provider: PaymentProvider;
  config: Pick<
    Config,
    | "TRIAL_DAYS"
    | "PRICE_TEACHER_MONTHLY_CENTS"
    | "PRICE_TEACHER_ANNUAL_CENTS"
    | "PRICE_PARENT_MONTHLY_CENTS"
    | "PRICE_PARENT_ANNUAL_CENTS"
  >;
  now: () => Date;
}

/** The plans on sale, priced by configuration. */
export function plansOf(config: Billing["config"]): Plan[] {
  return [
    { type: "teacher", period: "annually", amount: config.PRICE_TEACHER_ANNUAL_CENTS },
    { type: "teacher", period: "monthly", amount: config.PRICE_TEACHER_MONTHLY_CENTS },
    { type: "parent", period: "annually", amount: config.PRICE_PARENT_ANNUAL_CENTS },
    { type: "parent", period: "monthly", amount: config.PRICE_PARENT_MONTHLY_CENTS },
  ];
}

export const priceOf = (config: Billing["config"], type: PlanType, period: BillingPeriod): number =>
  plansOf(config).find((p) => p.type === type && p.period === period)?.amount ?? 0;

export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

// A school's site licence runs for the school year its seats were bought for (quotes price a
// seat per year): it is shown as ending on the next 30 June (the domain's `schoolYearEnd`).

export type Copy = typeof subscriptions.$inferSelect;

export interface Account {
  id: number;
  role: string;
  email: string | null;
  firstName: string;
  lastName: string;
  trialEndsAt: Date | null;
  /** Seats the teacher's school paid for; 0 without a school. */
  schoolSeats: number;
}

export async function accountOf(db: Db, userId: number): Promise<Account> {
  const query = db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      trialEndsAt: users.trialEndsAt,
      schoolSeats: sql<number>`coalesce(${schools.seats}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId));
  const [row] = await query;
  if (!row) throw notFound();
  return row;
}

export const schoolPaid = (account: Account) =>
  account.role === "teacher" && account.schoolSeats > 0;

export async function copyOf(db: Db, userId: number): Promise<Copy | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** The spec's subscription (§3) of an account, from its licence, trial or our copy. */
export function describe(account: Account, copy: Copy | null, now: Date): Subscription {
  const none = {
    is_paid_by_school: false,
    is_in_free_trial: false,
    is_paused: false,
    is_cancelled: false,
    is_legacy_stripe: false,
    is_paused_until: null,
    card_details: null,
    subscription_channel: "stripe" as const,
  };
  const dated = (at: Date | null) => ({
    valid_until_timestamp_utc: at === null ? null : Math.floor(at.getTime() / 1000),
    valid_until_pretty: at === null ? "" : dateText(at),
    valid_until: at === null ? null : isoDay(at),
  });
  if (schoolPaid(account)) {
    return {
      ...none,
      is_paid_by_school: true,
      status: "active",
      type: "School",
      ...dated(schoolYearEnd(now)),
    };
  }
  // Never subscribed: the free trial, running or over (the card then offers Subscribe Now).
  if (copy === null) {
    return {
      ...none,
      is_in_free_trial: true,
      status: "trialing",
      type: "Free trial",
      ...dated(account.trialEndsAt),
    };
  }
  const ended = copy.status === "canceled";
  return {
    ...none,
    is_paused: !ended && copy.pausedUntil !== null,
    is_paused_until: ended ? null : copy.pausedUntil,
    is_cancelled: ended || copy.cancelAtPeriodEnd,
    is_legacy_stripe: copy.legacy,
    status: copy.status,
    type: SUBSCRIPTION_TYPE_OF[copy.period],
    ...dated(copy.currentPeriodEnd),
    card_details:
      copy.cardBrand && copy.cardLast4 && copy.cardExpMonth && copy.cardExpYear
        ? {
            brand: copy.cardBrand,
            last4: copy.cardLast4,
            exp_month: copy.cardExpMonth,
            exp_year: copy.cardExpYear,
          }
        : null,
    subscription_channel: copy.channel,
  };
}

/** Our copy of what the provider answered. */
export async function keep(
  db: Db,
  userId: number,
  provider: PaymentProvider,
  plan: { planType: PlanType; period: BillingPeriod },
  answer: ProviderSubscription,
  at: Date,
): Promise<Copy> {
  const values = {
    provider: provider.name,
    customerId: answer.customerId,
    subscriptionId: answer.subscriptionId,
    planType: plan.planType,
    period: plan.period,
    status: answer.status,
    currentPeriodEnd: answer.currentPeriodEnd,
    cancelAtPeriodEnd: answer.cancelAtPeriodEnd,
    pausedUntil: answer.pauseResumesAt === null ? null : isoDay(answer.pauseResumesAt),
    cardBrand: answer.card?.brand ?? null,
    cardLast4: answer.card?.last4 ?? null,
    cardExpMonth: answer.card?.exp_month ?? null,
    cardExpYear: answer.card?.exp_year ?? null,
    syncedAt: at,
  };
  // While a pause goes on, the paid-through day stays the one it had when the pause began.
  // Stripe keeps starting periods whose invoices it voids, so its period end moves on unpaid;
  // the card and the lapse rule (decision 0024) must see the days actually paid for.
  const paidThrough = sql`case
    when excluded.paused_until is not null and ${subscriptions.pausedUntil} is not null
      and ${subscriptions.currentPeriodEnd} < excluded.current_period_end
    then ${subscriptions.currentPeriodEnd} else excluded.current_period_end end`;
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { ...values, currentPeriodEnd: paidThrough },
    })
    .returning();
  if (!row) throw new Error("The subscription was not kept");
  return row;
}

/**
 * Calls the provider, turning its refusals into answers: a declined card is the provider's
 * message (422 on the card's field), an unreachable provider a 503-like conflict.
 */
export async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentDeclined) throw invalid({ token: [error.message] }, error.message);
    if (error instanceof ProviderUnavailable) throw unavailable(billingMessages.providerFailed);
    throw error;
  }
}

/**
 * Our copy, read again from the provider first when its period or pause has run out: renewals,
 * ended pauses and cancellations happen there. Every answer and every verb starts from it.
 */
export async function currentCopy(
  billing: Billing,
  userId: number,
  now: Date,
): Promise<Copy | null> {
  const { db, provider } = billing;
  const copy = await copyOf(db, userId);
  if (copy === null || copy.provider !== provider.name || copy.status === "canceled") return copy;
  const stale =
    copy.currentPeriodEnd <= now || (copy.pausedUntil !== null && copy.pausedUntil <= isoDay(now));
  if (!stale) return copy;
  const answer = await ask(() => provider.retrieve(copy.subscriptionId));
  return keep(db, userId, provider, copy, answer, now);
}

/** The subscription as our copy has it, without asking the provider (the access rule's). */
export async function storedSubscription(db: Db, userId: number, now: Date): Promise<Subscription> {
  return describe(await accountOf(db, userId), await copyOf(db, userId), now);
}

/** The account's subscription for the settings page. */
export async function subscriptionOf(billing: Billing, userId: number): Promise<Subscription> {
  const now = billing.now();
  const account = await accountOf(billing.db, userId);
  return describe(account, await currentCopy(billing, userId, now), now);
}

/**
 * Reads a subscription again from the provider and keeps what it says in our copy: how a
 * webhook (the "billing-sync" job) keeps our copy in step with renewals, ended pauses,
 * cancellations and changes made in the provider's dashboard. The account is the one whose
 * copy names this provider's subscription; false when no account has it (one made elsewhere).
 * A provider that cannot be reached throws ProviderUnavailable, so the job tries again.
 */
export async function syncFromProvider(billing: Billing, subscriptionId: string): Promise<boolean> {
  const { db, provider } = billing;
  const [copy] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider.name),
        eq(subscriptions.subscriptionId, subscriptionId),
      ),
    );
  if (!copy) return false;
  const answer = await provider.retrieve(subscriptionId);
  await keep(db, copy.userId, provider, copy, answer, billing.now());
  return true;
}
