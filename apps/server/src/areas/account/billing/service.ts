import { createHash } from "node:crypto";
import {
  type BillingPeriod,
  billingMessages,
  type CancelRequest,
  type Plan,
  type PlanType,
  pauseRequest,
  SUBSCRIPTION_TYPE_OF,
  type Subscription,
  type SubscriptionPurchaseRequest,
} from "@refrain/domain";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../../audit.ts";
import type { Config } from "../../../config.ts";
import type { Auth } from "../../../context.ts";
import type { Db } from "../../../db/client.ts";
import {
  promoCodes,
  promoRedemptions,
  schools,
  subscriptionCancellations,
  subscriptions,
  users,
} from "../../../db/schema/index.ts";
import { conflict, invalid, notFound, unavailable } from "../../../errors.ts";
import {
  PaymentDeclined,
  type PaymentProvider,
  type ProviderSubscription,
  ProviderUnavailable,
} from "./provider.ts";

const DAY_MS = 86_400_000;
const FREE_MONTH_DAYS = 30;

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

const priceOf = (config: Billing["config"], type: PlanType, period: BillingPeriod): number =>
  plansOf(config).find((p) => p.type === type && p.period === period)?.amount ?? 0;

const isoDay = (at: Date): string => at.toISOString().slice(0, 10);
const prettyDay = (at: Date): string =>
  at.toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * A school's site licence runs for the school year its seats were bought for (quotes price a
 * seat per year): it is shown as ending on the next 30 June.
 */
function schoolYearEnd(now: Date): Date {
  const year = now.getUTCMonth() >= 6 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return new Date(Date.UTC(year, 5, 30));
}

type Copy = typeof subscriptions.$inferSelect;

interface Account {
  id: number;
  role: string;
  email: string | null;
  firstName: string;
  lastName: string;
  trialEndsAt: Date | null;
  /** Seats the teacher's school paid for; 0 without a school. */
  schoolSeats: number;
}

async function accountOf(db: Db, userId: number): Promise<Account> {
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

const schoolPaid = (account: Account) => account.role === "teacher" && account.schoolSeats > 0;

async function copyOf(db: Db, userId: number): Promise<Copy | null> {
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
    valid_until_pretty: at === null ? "" : prettyDay(at),
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
async function keep(
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
async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentDeclined) throw invalid({ token: [error.message] }, error.message);
    if (error instanceof ProviderUnavailable) throw unavailable(billingMessages.providerFailed);
    throw error;
  }
}

/**
 * The idempotency key of a change: the verb, the account, the state of our copy it was decided
 * on, and what was asked. A double click or a second tab asking the same of the same state
 * gets the provider's first answer, and the provider changes nothing twice.
 */
function idempotencyKey(verb: string, userId: number, copy: Copy | null, asked: unknown) {
  const state = copy === null ? "none" : `${copy.subscriptionId}@${copy.syncedAt.getTime()}`;
  const digest = createHash("sha256")
    .update(JSON.stringify(asked ?? null))
    .digest("base64url");
  return `${verb}:${userId}:${state}:${digest.slice(0, 22)}`;
}

/**
 * Our copy, read again from the provider first when its period or pause has run out: renewals,
 * ended pauses and cancellations happen there. Every answer and every verb starts from it.
 */
async function currentCopy(billing: Billing, userId: number, now: Date): Promise<Copy | null> {
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

/** The copy a verb changes, refused with 409 when there is nothing the verb may change. */
function changeable(account: Account, copy: Copy | null, provider: PaymentProvider): Copy {
  if (schoolPaid(account)) throw conflict(billingMessages.schoolPaid);
  if (copy === null || copy.status === "canceled") throw conflict(billingMessages.noSubscription);
  if (copy.channel !== "stripe") throw conflict(billingMessages.otherChannel);
  if (copy.provider !== provider.name) throw conflict(billingMessages.providerFailed);
  return copy;
}

interface Verb {
  billing: Billing;
  auth: Auth;
  ip: string;
}

/**
 * Runs a verb on the caller's own account. `decide` checks the rules and asks the provider
 * (outside any transaction of ours: a provider is another system, and the sandbox's books need
 * the database's connection too); what it returns writes our side in one transaction. The
 * answer is the subscription as it now stands.
 */
async function onAccount(
  { billing, auth }: Verb,
  decide: (account: Account, copy: Copy | null, now: Date) => Promise<(tx: Db) => Promise<void>>,
): Promise<Subscription> {
  const userId = auth.user.id;
  const now = billing.now();
  const account = await accountOf(billing.db, userId);
  const write = await decide(account, await currentCopy(billing, userId, now), now);
  await billing.db.transaction(write);
  return describe(await accountOf(billing.db, userId), await copyOf(billing.db, userId), now);
}

/** POST /subscribe: a plan bought with a card token, at the configured price. */
export async function subscribe(verb: Verb, body: SubscriptionPurchaseRequest) {
  const { billing, auth, ip } = verb;
  const amount = priceOf(billing.config, body.type, body.period);
  if (body.amount !== amount) throw invalid({ amount: [billingMessages.amountChanged] });
  return onAccount(verb, async (account, copy, now) => {
    if (schoolPaid(account)) throw conflict(billingMessages.schoolPaid);
    if (copy !== null && copy.channel !== "stripe") throw conflict(billingMessages.otherChannel);
    const running = copy !== null && copy.status !== "canceled";
    if (running && !copy.cancelAtPeriodEnd) throw conflict(billingMessages.alreadySubscribed);
    // A trial still running is not cut short: the first bill comes when it ends.
    const trialEnd =
      copy === null && account.trialEndsAt && account.trialEndsAt > now
        ? account.trialEndsAt
        : null;
    const answer = await ask(() =>
      billing.provider.subscribe(
        {
          userId: account.id,
          email: body.email,
          name: `${account.firstName} ${account.lastName}`.trim(),
          plan: { type: body.type, period: body.period },
          amount,
          cardToken: body.token,
          trialEnd,
          existing:
            copy !== null && copy.provider === billing.provider.name
              ? { customerId: copy.customerId, subscriptionId: copy.subscriptionId }
              : null,
        },
        idempotencyKey("subscribe", account.id, copy, body),
      ),
    );
    return async (tx) => {
      await keep(
        tx,
        account.id,
        billing.provider,
        { planType: body.type, period: body.period },
        answer,
        now,
      );
      await recordAudit(tx, {
        actor: auth,
        target: account.id,
        action: "subscription.subscribe",
        ip,
        details: { plan: body.type, period: body.period, amount },
      });
    };
  });
}

/** pause_subscription: billing stops until the day, which must pass pauseRequest(today). */
export async function pause(verb: Verb, until: string) {
  const { billing, auth, ip } = verb;
  const today = isoDay(billing.now());
  const parsed = pauseRequest(today).safeParse({ verb: "pause_subscription", until });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? billingMessages.noSubscription;
    throw invalid({ until: [message] });
  }
  const day = parsed.data.until;
  return onAccount(verb, async (account, found, now) => {
    const copy = changeable(account, found, billing.provider);
    if (copy.cancelAtPeriodEnd) throw conflict(billingMessages.alreadyCancelled);
    if (copy.period === "annually") throw conflict(billingMessages.yearlyCannotPause);
    const answer = await ask(() =>
      billing.provider.pause(
        copy.subscriptionId,
        new Date(`${day}T00:00:00Z`),
        idempotencyKey("pause", account.id, copy, day),
      ),
    );
    return async (tx) => {
      await keep(tx, account.id, billing.provider, copy, answer, now);
      await recordAudit(tx, {
        actor: auth,
        target: account.id,
        action: "subscription.pause",
        ip,
        details: { until: day },
      });
    };
  });
}

export async function resume(verb: Verb) {
  const { billing, auth, ip } = verb;
  return onAccount(verb, async (account, found, now) => {
    const copy = changeable(account, found, billing.provider);
    if (copy.pausedUntil === null) throw conflict(billingMessages.notPaused);
    const answer = await ask(() =>
      billing.provider.resume(
        copy.subscriptionId,
        idempotencyKey("resume", account.id, copy, null),
      ),
    );
    return async (tx) => {
      await keep(tx, account.id, billing.provider, copy, answer, now);
      await recordAudit(tx, { actor: auth, target: account.id, action: "subscription.resume", ip });
    };
  });
}

/** cancel_subscription: it runs to the end of the paid period; the reasons go to staff. */
export async function cancel(verb: Verb, body: CancelRequest) {
  const { billing, auth, ip } = verb;
  return onAccount(verb, async (account, found, now) => {
    const copy = changeable(account, found, billing.provider);
    if (copy.cancelAtPeriodEnd) throw conflict(billingMessages.alreadyCancelled);
    const answer = await ask(() =>
      billing.provider.cancel(
        copy.subscriptionId,
        { codes: body.reason_codes, comment: body.reason },
        idempotencyKey("cancel", account.id, copy, body),
      ),
    );
    return async (tx) => {
      await keep(tx, account.id, billing.provider, copy, answer, now);
      await tx.insert(subscriptionCancellations).values({
        userId: account.id,
        reasonCodes: body.reason_codes,
        reason: body.reason,
        planType: copy.planType,
        period: copy.period,
        createdAt: now,
      });
      await recordAudit(tx, {
        actor: auth,
        target: account.id,
        action: "subscription.cancel",
        ip,
        details: { reason_codes: body.reason_codes },
      });
    };
  });
}

/**
 * POST /billing/setup_intent: a card's setup with the provider (Stripe's SetupIntent), on the
 * account's customer, whose client secret lets the browser confirm the card and pass the
 * bank's check; its id then comes back as update_card's token. Not there with the sandbox.
 */
export async function cardSetup({ billing, auth }: Verb): Promise<{ clientSecret: string }> {
  const { provider } = billing;
  if (!provider.setupCard) throw notFound();
  const setupCard = provider.setupCard.bind(provider);
  const account = await accountOf(billing.db, auth.user.id);
  if (schoolPaid(account)) throw conflict(billingMessages.schoolPaid);
  const copy = await copyOf(billing.db, account.id);
  if (copy !== null && copy.channel !== "stripe") throw conflict(billingMessages.otherChannel);
  const customerId = copy !== null && copy.provider === provider.name ? copy.customerId : null;
  return ask(() =>
    setupCard(
      {
        userId: account.id,
        email: account.email,
        name: `${account.firstName} ${account.lastName}`.trim(),
        customerId,
      },
      // Asked again of the same state, the same SetupIntent (one not yet used) answers.
      idempotencyKey("setup", account.id, copy, customerId),
    ),
  );
}

export async function updateCard(verb: Verb, token: string) {
  const { billing, auth, ip } = verb;
  return onAccount(verb, async (account, found, now) => {
    const copy = changeable(account, found, billing.provider);
    const answer = await ask(() =>
      billing.provider.updateCard(
        copy.subscriptionId,
        token,
        idempotencyKey("card", account.id, copy, token),
      ),
    );
    return async (tx) => {
      await keep(tx, account.id, billing.provider, copy, answer, now);
      await recordAudit(tx, {
        actor: auth,
        target: account.id,
        action: "subscription.update_card",
        ip,
      });
    };
  });
}

/**
 * update_promo: one free month, once per account. In the free trial the trial grows by a
 * month; on a subscription the provider takes one month's price off the next bills.
 */
export async function redeemPromo(verb: Verb, code: string) {
  const { billing, auth, ip } = verb;
  const { db } = billing;
  return onAccount(verb, async (account, copy, now) => {
    if (schoolPaid(account)) throw conflict(billingMessages.schoolPaid);
    const [promo] = await db
      .select({ id: promoCodes.id, retiredAt: promoCodes.retiredAt })
      .from(promoCodes)
      .where(sql`upper(${promoCodes.code}) = ${code.trim().toUpperCase()}`);
    if (!promo) throw invalid({ code: [billingMessages.promoUnknown] });
    if (promo.retiredAt !== null) throw invalid({ code: [billingMessages.promoRetired] });
    const used = () => invalid({ code: [billingMessages.promoUsed] });
    const [before] = await db
      .select({ userId: promoRedemptions.userId })
      .from(promoRedemptions)
      .where(eq(promoRedemptions.userId, account.id));
    if (before) throw used();
    // An ended or ending subscription has no trial to lengthen and no bill to take the month off.
    if (copy !== null && (copy.status === "canceled" || copy.cancelAtPeriodEnd))
      throw conflict(billingMessages.promoAfterEnd);
    const subscribed = copy !== null;
    let credited: ProviderSubscription | null = null;
    if (subscribed) {
      if (copy.channel !== "stripe" || copy.provider !== billing.provider.name)
        throw conflict(billingMessages.otherChannel);
      const month = priceOf(billing.config, copy.planType, "monthly");
      // Once per account, whatever the state: the key names the account alone.
      const key = `promo:${account.id}`;
      credited = await ask(() => billing.provider.credit(copy.subscriptionId, month, key));
    }
    return async (tx) => {
      const [redeemed] = await tx
        .insert(promoRedemptions)
        .values({ userId: account.id, promoCodeId: promo.id, redeemedAt: now })
        .onConflictDoNothing()
        .returning({ userId: promoRedemptions.userId });
      if (!redeemed) throw used();
      if (credited !== null && copy !== null) {
        await keep(tx, account.id, billing.provider, copy, credited, now);
      } else {
        // The month is added to the trial, counted from today if the trial is already over.
        const from = account.trialEndsAt && account.trialEndsAt > now ? account.trialEndsAt : now;
        await tx
          .update(users)
          .set({ trialEndsAt: new Date(from.getTime() + FREE_MONTH_DAYS * DAY_MS) })
          .where(eq(users.id, account.id));
      }
      await recordAudit(tx, {
        actor: auth,
        target: account.id,
        action: "subscription.promo",
        ip,
        details: { code: code.trim().toUpperCase() },
      });
    };
  });
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
