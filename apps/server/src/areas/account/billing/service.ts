import { createHash } from "node:crypto";
import {
  billingMessages,
  type CancelRequest,
  pauseRequest,
  type Subscription,
  type SubscriptionPurchaseRequest,
} from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../../../core/audit.ts";
import type { Auth } from "../../../core/context.ts";
import { conflict, invalid, notFound } from "../../../core/errors.ts";
import type { PaymentProvider, ProviderSubscription } from "../../../core/payment-provider.ts";
import type { Db } from "../../../db/client.ts";
import {
  promoCodes,
  promoRedemptions,
  subscriptionCancellations,
  users,
} from "../../../db/schema/index.ts";
import {
  type Account,
  accountOf,
  ask,
  type Billing,
  type Copy,
  copyOf,
  currentCopy,
  DAY_MS,
  describe,
  isoDay,
  keep,
  priceOf,
  schoolPaid,
} from "./copy.ts";

const FREE_MONTH_DAYS = 30;

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

/**
 * Changes the caller's running subscription: `change` checks the verb's own rules and asks the
 * provider, whose answer our copy then keeps, with the audit entry `action`.
 */
async function changeSubscription(
  verb: Verb,
  action: string,
  change: (copy: Copy, account: Account) => Promise<ProviderSubscription>,
  details?: Record<string, unknown>,
) {
  const { billing, auth, ip } = verb;
  return onAccount(verb, async (account, found, now) => {
    const copy = changeable(account, found, billing.provider);
    const answer = await change(copy, account);
    return async (tx) => {
      await keep(tx, account.id, billing.provider, copy, answer, now);
      await recordAudit(tx, { actor: auth, target: account.id, action, ip, details });
    };
  });
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
  const { billing } = verb;
  const today = isoDay(billing.now());
  const parsed = pauseRequest(today).safeParse({ verb: "pause_subscription", until });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? billingMessages.noSubscription;
    throw invalid({ until: [message] });
  }
  const day = parsed.data.until;
  return changeSubscription(
    verb,
    "subscription.pause",
    async (copy, account) => {
      if (copy.cancelAtPeriodEnd) throw conflict(billingMessages.alreadyCancelled);
      if (copy.period === "annually") throw conflict(billingMessages.yearlyCannotPause);
      return ask(() =>
        billing.provider.pause(
          copy.subscriptionId,
          new Date(`${day}T00:00:00Z`),
          idempotencyKey("pause", account.id, copy, day),
        ),
      );
    },
    { until: day },
  );
}

export async function resume(verb: Verb) {
  const { provider } = verb.billing;
  return changeSubscription(verb, "subscription.resume", async (copy, account) => {
    if (copy.pausedUntil === null) throw conflict(billingMessages.notPaused);
    return ask(() =>
      provider.resume(copy.subscriptionId, idempotencyKey("resume", account.id, copy, null)),
    );
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
  const { provider } = verb.billing;
  return changeSubscription(verb, "subscription.update_card", async (copy, account) =>
    ask(() =>
      provider.updateCard(
        copy.subscriptionId,
        token,
        idempotencyKey("card", account.id, copy, token),
      ),
    ),
  );
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
 * An account about to be erased (areas/privacy/erase-account.ts): a subscription still running
 * with this provider is cancelled there, so nothing is billed again; our copy goes with the
 * account's row. A provider that cannot be reached refuses the erasure (503) before anything
 * is deleted. Phone stores' subscriptions are cancelled on the device, as the settings page says.
 */
export async function cancelBeforeErasure(billing: Billing, userId: number): Promise<void> {
  const copy = await currentCopy(billing, userId, billing.now());
  if (copy === null || copy.status === "canceled" || copy.cancelAtPeriodEnd) return;
  if (copy.channel !== "stripe" || copy.provider !== billing.provider.name) return;
  await ask(() =>
    billing.provider.cancel(
      copy.subscriptionId,
      { codes: [], comment: "Account deleted" },
      idempotencyKey("erase", userId, copy, null),
    ),
  );
}
