import { billingMessages, type SandboxCard, sandboxToken } from "@refrain/domain";
import { count, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../../test/authorization.ts";
import { buildTestApp, type TestContext } from "../../../../test/build-test-app.ts";
import { type StripePeer, startStripePeer } from "../../../../test/stripe-peer.ts";
import {
  PaymentDeclined,
  type PaymentProvider,
  type ProviderSubscription,
  ProviderUnavailable,
} from "../../../core/payment-provider.ts";
import {
  billingEvents,
  sandboxSubscriptions,
  subscriptions,
  users,
} from "../../../db/schema/index.ts";
import { sandboxProvider } from "./sandbox.ts";
import { stripeClient, stripeProvider } from "./stripe.ts";

/**
 * One contract, two adapters (issue 17 part 6): the sandbox in our tables, and the Stripe
 * adapter over HTTP against the local Stripe peer (test/stripe-peer.ts). Both run on one
 * clock, which the tests only move forward. Then the Stripe adapter through the real routes:
 * subscribing, and webhooks signed, forged, too old and delivered twice.
 */

const DAY = 86_400_000;
/** Whole seconds, as Stripe keeps times. */
let clock = new Date("2026-03-02T15:00:00Z");
const later = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};
const inDays = (days: number) => new Date(clock.getTime() + days * DAY);

const STRIPE_ENV = (peer: StripePeer) => ({
  STRIPE_SECRET_KEY: peer.secretKey,
  STRIPE_PUBLISHABLE_KEY: "pk_test_peer",
  STRIPE_WEBHOOK_SECRET: peer.webhookSecret,
  STRIPE_API_URL: peer.url,
});

let ctx: TestContext;
let peer: StripePeer;
beforeAll(async () => {
  peer = await startStripePeer({ now: () => clock });
  ctx = await buildTestApp(STRIPE_ENV(peer), { now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

const card = (number: string): SandboxCard => ({ number, expiry: "12 / 30", cvc: "123" });
const sandboxCard = (number: string) => sandboxToken(card(number), "2026-03-02") ?? "";

interface Harness {
  provider: PaymentProvider;
  cards: { visa: string; mastercard: string; declined: string };
  /** Subscriptions the provider holds for one of our users. */
  subscriptionsOf(userId: number): Promise<number>;
  /** Cents still to be taken off the next bill. */
  pendingCredit(subscriptionId: string): Promise<number>;
}

const harnesses: { name: string; make: () => Harness }[] = [
  {
    name: "sandbox",
    make: () => ({
      provider: sandboxProvider(ctx.db, () => clock),
      cards: {
        visa: sandboxCard("4242424242424242"),
        mastercard: sandboxCard("5555555555554444"),
        declined: sandboxCard("4000000000000002"),
      },
      async subscriptionsOf(userId) {
        const [row] = await ctx.db
          .select({ n: count() })
          .from(sandboxSubscriptions)
          .where(eq(sandboxSubscriptions.customerId, `cus_sbx_${userId}`));
        return row?.n ?? 0;
      },
      async pendingCredit(subscriptionId) {
        const [row] = await ctx.db
          .select({ cents: sandboxSubscriptions.creditCents })
          .from(sandboxSubscriptions)
          .where(eq(sandboxSubscriptions.id, subscriptionId));
        return row?.cents ?? 0;
      },
    }),
  },
  {
    name: "stripe",
    make: () => ({
      provider: stripeProvider({
        secretKey: peer.secretKey,
        publishableKey: "pk_test_peer",
        apiUrl: peer.url,
      }),
      cards: {
        visa: "pm_card_visa",
        mastercard: "pm_card_mastercard",
        declined: "pm_card_chargeDeclined",
      },
      subscriptionsOf: async (userId) =>
        peer.subscriptionsWhere("refrain_user_id", String(userId)).length,
      pendingCredit: async (subscriptionId) => peer.pendingCredit(subscriptionId),
    }),
  },
];

let users_ = 90_000;
let keys = 0;
const key = () => `contract:${++keys}`;

describe.each(harnesses)("the $name adapter", ({ make }) => {
  let h: Harness;
  beforeAll(() => {
    h = make();
  });

  const subscribe = (
    fields: {
      trialEnd?: Date | null;
      card?: string;
      userId?: number;
      existing?: ProviderSubscription;
    } = {},
    idempotencyKey = key(),
  ) => {
    const userId = fields.userId ?? ++users_;
    return h.provider.subscribe(
      {
        userId,
        email: `buyer${userId}@example.org`,
        name: "Pat Teacher",
        plan: { type: "teacher", period: "monthly" },
        amount: 1299,
        cardToken: fields.card ?? h.cards.visa,
        trialEnd: fields.trialEnd ?? null,
        existing: fields.existing
          ? {
              customerId: fields.existing.customerId,
              subscriptionId: fields.existing.subscriptionId,
            }
          : null,
      },
      idempotencyKey,
    );
  };

  it("subscribes without a trial: active, billed for a month from now, the card by brand and last four", async () => {
    const sub = await subscribe();
    expect(sub).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: false,
      pauseResumesAt: null,
      card: { brand: "Visa", last4: "4242" },
    });
    expect(Object.keys(sub.card ?? {}).sort()).toEqual(["brand", "exp_month", "exp_year", "last4"]);
    const days = (sub.currentPeriodEnd.getTime() - clock.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it("subscribes in a trial: billing starts when the trial ends, and it is active after", async () => {
    const trialEnd = inDays(10);
    const sub = await subscribe({ trialEnd });
    expect(sub.status).toBe("trialing");
    expect(sub.currentPeriodEnd).toEqual(trialEnd);
    later(11);
    const after = await h.provider.retrieve(sub.subscriptionId);
    expect(after.status).toBe("active");
    expect(after.currentPeriodEnd.getTime()).toBeGreaterThan(clock.getTime());
  });

  it("pauses until a day and resumes", async () => {
    const sub = await subscribe();
    const until = inDays(20);
    const paused = await h.provider.pause(sub.subscriptionId, until, key());
    expect(paused.pauseResumesAt).toEqual(until);
    expect(paused.status).toBe("active");
    const resumed = await h.provider.resume(sub.subscriptionId, key());
    expect(resumed.pauseResumesAt).toBeNull();
    expect(resumed.status).toBe("active");
  });

  it("ends a pause by itself on its day", async () => {
    const sub = await subscribe();
    await h.provider.pause(sub.subscriptionId, inDays(5), key());
    later(6);
    const after = await h.provider.retrieve(sub.subscriptionId);
    expect(after.pauseResumesAt).toBeNull();
    expect(after.status).toBe("active");
  });

  it("cancels at the period's end: active until then, ended after", async () => {
    const sub = await subscribe();
    const cancelled = await h.provider.cancel(
      sub.subscriptionId,
      { codes: [3, 1], comment: "Budget cuts" },
      key(),
    );
    expect(cancelled).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    later(32);
    expect((await h.provider.retrieve(sub.subscriptionId)).status).toBe("canceled");
  });

  it("subscribing again during a pending cancellation reactivates the same subscription", async () => {
    const sub = await subscribe();
    await h.provider.cancel(sub.subscriptionId, { codes: [], comment: "" }, key());
    const userId = users_;
    const again = await subscribe({ userId, existing: sub, card: h.cards.mastercard });
    expect(again.subscriptionId).toBe(sub.subscriptionId);
    expect(again.cancelAtPeriodEnd).toBe(false);
    expect(again.card).toMatchObject({ brand: "Mastercard", last4: "4444" });
    expect(await h.subscriptionsOf(userId)).toBe(1);
  });

  it("updates the card; a declined card is refused with the provider's message and changes nothing", async () => {
    const sub = await subscribe();
    const updated = await h.provider.updateCard(sub.subscriptionId, h.cards.mastercard, key());
    expect(updated.card).toMatchObject({ brand: "Mastercard", last4: "4444" });
    const refused = h.provider.updateCard(sub.subscriptionId, h.cards.declined, key());
    await expect(refused).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(refused).rejects.toThrow("Your card was declined.");
    const after = await h.provider.retrieve(sub.subscriptionId);
    expect(after.card).toMatchObject({ brand: "Mastercard", last4: "4444" });
  });

  it("refuses a declined card when subscribing, and holds no subscription", async () => {
    const userId = ++users_;
    const refused = subscribe({ userId, card: h.cards.declined });
    await expect(refused).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(refused).rejects.toThrow("Your card was declined.");
    expect(await h.subscriptionsOf(userId)).toBe(0);
  });

  it("credits a month's price once: taken off the next bill, then gone", async () => {
    const sub = await subscribe();
    await h.provider.credit(sub.subscriptionId, 1299, key());
    expect(await h.pendingCredit(sub.subscriptionId)).toBe(1299);
    later(32);
    const renewed = await h.provider.retrieve(sub.subscriptionId);
    expect(renewed.status).toBe("active");
    expect(await h.pendingCredit(sub.subscriptionId)).toBe(0);
  });

  it("reads renewals on retrieve after time passes", async () => {
    const sub = await subscribe();
    later(65);
    const after = await h.provider.retrieve(sub.subscriptionId);
    expect(after.status).toBe("active");
    expect(after.currentPeriodEnd.getTime()).toBeGreaterThan(clock.getTime());
    expect(after.currentPeriodEnd.getTime()).toBeGreaterThan(sub.currentPeriodEnd.getTime());
  });

  it("answers a repeated idempotency key as the first time and changes nothing twice", async () => {
    const userId = ++users_;
    const once = key();
    const first = await subscribe({ userId }, once);
    const second = await subscribe({ userId }, once);
    expect(second.subscriptionId).toBe(first.subscriptionId);
    expect(await h.subscriptionsOf(userId)).toBe(1);
    const pauseKey = key();
    const paused = await h.provider.pause(first.subscriptionId, inDays(9), pauseKey);
    await h.provider.resume(first.subscriptionId, key());
    // The same pause again is its first answer, and the subscription stays resumed.
    expect(await h.provider.pause(first.subscriptionId, inDays(9), pauseKey)).toEqual(paused);
    expect((await h.provider.retrieve(first.subscriptionId)).pauseResumesAt).toBeNull();
  });
});

describe("the Stripe adapter's requests", () => {
  it("carry an Idempotency-Key derived from the service's on every POST", async () => {
    const provider = stripeProvider({
      secretKey: peer.secretKey,
      publishableKey: "pk_test_peer",
      apiUrl: peer.url,
    });
    const from = peer.requests.length;
    const sub = await provider.subscribe(
      {
        userId: ++users_,
        email: "keys@example.org",
        name: "Key Holder",
        plan: { type: "parent", period: "annually" },
        amount: 7900,
        cardToken: "pm_card_visa",
        trialEnd: null,
        existing: null,
      },
      "keyed:subscribe",
    );
    await provider.cancel(sub.subscriptionId, { codes: [2], comment: "" }, "keyed:cancel");
    await provider.credit(sub.subscriptionId, 999, "keyed:credit");
    const posts = peer.requests.slice(from).filter((r) => r.method === "POST");
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const post of posts) expect(post.idempotencyKey).toMatch(/^keyed:/);
    // Stripe keeps its own fixed list of reasons; ours stay in our database.
    expect(peer.subscription(sub.subscriptionId).cancellation_details).toMatchObject({
      feedback: "low_quality",
    });
  });

  it("answer ProviderUnavailable while Stripe is down", async () => {
    const provider = stripeProvider({
      secretKey: peer.secretKey,
      publishableKey: "pk_test_peer",
      apiUrl: peer.url,
    });
    peer.setOutage(true);
    try {
      await expect(provider.retrieve("sub_any")).rejects.toBeInstanceOf(ProviderUnavailable);
    } finally {
      peer.setOutage(false);
    }
  });
});

// ───────────────────────── SetupIntents (3-D Secure in the browser) ─────────────────────────

/** What Stripe.js does with a client secret: confirms the SetupIntent with the typed card. */
async function confirmInBrowser(clientSecret: string, card: string) {
  const setiId = clientSecret.replace(/_secret_.*$/, "");
  const stripe = stripeClient({ secretKey: peer.secretKey, apiUrl: peer.url });
  const intent = await stripe.setupIntents.confirm(setiId, { payment_method: card });
  // 3-D Secure: Stripe.js shows the bank's check and the cardholder passes it.
  if (intent.status === "requires_action") peer.completeSetupAction(setiId);
  return setiId;
}

describe("the Stripe adapter's SetupIntents", () => {
  let provider: PaymentProvider;
  let sub: ProviderSubscription;
  const setup = (customerId: string | null, userId = users_, k = key()) =>
    (provider.setupCard as NonNullable<PaymentProvider["setupCard"]>)(
      { userId, email: `buyer${userId}@example.org`, name: "Pat Teacher", customerId },
      k,
    );
  beforeAll(async () => {
    provider = stripeProvider({
      secretKey: peer.secretKey,
      publishableKey: "pk_test_peer",
      apiUrl: peer.url,
    });
    sub = await provider.subscribe(
      {
        userId: ++users_,
        email: "seti@example.org",
        name: "Seti Teacher",
        plan: { type: "teacher", period: "monthly" },
        amount: 1299,
        cardToken: "pm_card_visa",
        trialEnd: null,
        existing: null,
      },
      key(),
    );
  });

  it("makes an off-session SetupIntent on the customer, once per key until it is used", async () => {
    const k = key();
    const { clientSecret } = await setup(sub.customerId, users_, k);
    expect(clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    const stripe = stripeClient({ secretKey: peer.secretKey, apiUrl: peer.url });
    const intent = await stripe.setupIntents.retrieve(clientSecret.replace(/_secret_.*$/, ""));
    expect(intent).toMatchObject({
      customer: sub.customerId,
      usage: "off_session",
      status: "requires_payment_method",
    });
    expect((await setup(sub.customerId, users_, k)).clientSecret).toBe(clientSecret);
    // Once it has been used, the same key makes another.
    await confirmInBrowser(clientSecret, "pm_card_visa");
    const next = await setup(sub.customerId, users_, k);
    expect(next.clientSecret).not.toBe(clientSecret);
  });

  it("finds or makes the customer when the account has none yet", async () => {
    const userId = ++users_;
    const { clientSecret } = await setup(null, userId);
    const setiId = clientSecret.replace(/_secret_.*$/, "");
    const stripe = stripeClient({ secretKey: peer.secretKey, apiUrl: peer.url });
    const intent = await stripe.setupIntents.retrieve(setiId);
    const customer = await stripe.customers.search({
      query: `metadata['refrain_user_id']:'${userId}'`,
    });
    expect(intent.customer).toBe(customer.data[0]?.id);
  });

  it("updates the card with a SetupIntent confirmed in the browser, 3-D Secure included", async () => {
    const { clientSecret } = await setup(sub.customerId);
    const setiId = await confirmInBrowser(clientSecret, "pm_card_authenticationRequired");
    const updated = await provider.updateCard(sub.subscriptionId, setiId, key());
    expect(updated.card).toMatchObject({ brand: "Visa", last4: "3155" });
    const stripe = stripeClient({ secretKey: peer.secretKey, apiUrl: peer.url });
    const intent = await stripe.setupIntents.retrieve(setiId);
    // The SetupIntent's card is now the subscription's and the customer's default.
    expect(peer.subscription(sub.subscriptionId).default_payment_method).toMatchObject({
      id: intent.payment_method,
    });
    expect(peer.customer(sub.customerId)?.invoice_settings).toEqual({
      default_payment_method: intent.payment_method,
    });
    // Renewals charge it off-session.
    later(32);
    expect((await provider.retrieve(sub.subscriptionId)).status).toBe("active");
  });

  it("refuses another customer's SetupIntent, an unknown one, and changes nothing", async () => {
    const before = (await provider.retrieve(sub.subscriptionId)).card;
    const other = await setup(null, ++users_);
    const theirs = await confirmInBrowser(other.clientSecret, "pm_card_mastercard");
    for (const token of [theirs, "seti_unknown", other.clientSecret]) {
      const refused = provider.updateCard(sub.subscriptionId, token, key());
      await expect(refused).rejects.toBeInstanceOf(PaymentDeclined);
      await expect(refused).rejects.toThrow(billingMessages.setupNotYours);
    }
    expect((await provider.retrieve(sub.subscriptionId)).card).toEqual(before);
  });

  it("refuses a SetupIntent not confirmed, or still waiting for 3-D Secure", async () => {
    const before = (await provider.retrieve(sub.subscriptionId)).card;
    const fresh = await setup(sub.customerId, users_, key());
    const waiting = await setup(sub.customerId, users_, key());
    const stripe = stripeClient({ secretKey: peer.secretKey, apiUrl: peer.url });
    const waitingId = waiting.clientSecret.replace(/_secret_.*$/, "");
    const confirmed: Stripe.SetupIntent = await stripe.setupIntents.confirm(waitingId, {
      payment_method: "pm_card_authenticationRequired",
    });
    expect(confirmed.status).toBe("requires_action");
    for (const token of [fresh.clientSecret.replace(/_secret_.*$/, ""), waitingId]) {
      const refused = provider.updateCard(sub.subscriptionId, token, key());
      await expect(refused).rejects.toBeInstanceOf(PaymentDeclined);
      await expect(refused).rejects.toThrow(billingMessages.setupNotConfirmed);
    }
    expect((await provider.retrieve(sub.subscriptionId)).card).toEqual(before);
  });

  it("takes a confirmed SetupIntent as the card of a first subscription too", async () => {
    const userId = ++users_;
    const { clientSecret } = await setup(null, userId);
    const setiId = await confirmInBrowser(clientSecret, "pm_card_authenticationRequired");
    const first = await provider.subscribe(
      {
        userId,
        email: `buyer${userId}@example.org`,
        name: "Pat Teacher",
        plan: { type: "teacher", period: "monthly" },
        amount: 1299,
        cardToken: setiId,
        trialEnd: null,
        existing: null,
      },
      key(),
    );
    expect(first).toMatchObject({ status: "active", card: { brand: "Visa", last4: "3155" } });
  });

  it("a declined card fails in the browser and leaves the SetupIntent unconfirmed", async () => {
    const { clientSecret } = await setup(sub.customerId);
    await expect(confirmInBrowser(clientSecret, "pm_card_chargeDeclined")).rejects.toThrow(
      "Your card was declined.",
    );
    const setiId = clientSecret.replace(/_secret_.*$/, "");
    await expect(provider.updateCard(sub.subscriptionId, setiId, key())).rejects.toThrow(
      billingMessages.setupNotConfirmed,
    );
  });
});

// ───────────────────────── Through the real routes ─────────────────────────

async function trialTeacher() {
  const user = await ctx.factories.user({ role: "teacher" });
  await ctx.db
    .update(users)
    .set({ trialEndsAt: inDays(20) })
    .where(eq(users.id, user.id));
  const client = ctx.client();
  await client.signIn(user);
  const settings = async () =>
    (await client.post(`/teacher/${user.id}/settings`, { verb: "load" })).body.subscription;
  return { user, client, settings };
}

const purchase = (token: string) => ({
  email: "receipts@example.org",
  token,
  type: "teacher",
  period: "monthly",
  amount: 1299,
});

const copyOf = async (userId: number) =>
  (await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

const WEBHOOK = "/billing/webhook/stripe";
const SETUP = "/billing/setup_intent";
const post = (payload: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: "POST", url: WEBHOOK, payload, headers });

describe("Stripe through the routes", () => {
  it("offers Stripe's card form with the publishable key", async () => {
    const reply = await ctx.client().get("/subscribe/plans");
    expect(reply.body).toMatchObject({ provider: "stripe", publishableKey: "pk_test_peer" });
  });

  it("subscribes with a PaymentMethod in the trial; a declined card answers Stripe's message", async () => {
    const { user, client, settings } = await trialTeacher();
    const declined = await client.post("/subscribe", purchase("pm_card_chargeDeclined"));
    expect(declined.status).toBe(422);
    expect(declined.body.errors).toEqual({ token: ["Your card was declined."] });
    expect(await copyOf(user.id)).toBeUndefined();

    const reply = await client.post("/subscribe", purchase("pm_card_visa"));
    expect(reply.status).toBe(200);
    expect(reply.body.subscription).toMatchObject({
      status: "trialing",
      card_details: { brand: "Visa", last4: "4242" },
    });
    expect(await copyOf(user.id)).toMatchObject({ provider: "stripe", status: "trialing" });
    expect((await settings()).type).toBe("Monthly");
  });

  it("a card update goes through a SetupIntent: its client secret, then its id as the token", async () => {
    const { user, client, settings } = await trialTeacher();
    // Before any subscription: a customer is made for the SetupIntent.
    const first = await client.post(SETUP);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(["clientSecret"]);
    expect(first.body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect((await client.post("/subscribe", purchase("pm_card_visa"))).status).toBe(200);
    const copy = await copyOf(user.id);

    const reply = await client.post(SETUP);
    expect(reply.status).toBe(200);
    const setiId = await confirmInBrowser(
      reply.body.clientSecret,
      "pm_card_authenticationRequired",
    );
    const url = `/teacher/${user.id}/settings`;
    const updated = await client.post(url, { verb: "update_card", token: setiId });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: billingMessages.cardUpdated,
      subscription: { card_details: { brand: "Visa", last4: "3155" } },
    });
    expect((await settings()).card_details).toMatchObject({ last4: "3155" });
    expect((await copyOf(user.id))?.customerId).toBe(copy?.customerId);

    // Another account's SetupIntent, or one never confirmed: 422 on the token, nothing changes.
    const other = await trialTeacher();
    const theirs = await other.client.post(SETUP);
    const theirId = await confirmInBrowser(theirs.body.clientSecret, "pm_card_mastercard");
    const unconfirmed = (await client.post(SETUP)).body.clientSecret.replace(/_secret_.*$/, "");
    for (const [token, message] of [
      [theirId, billingMessages.setupNotYours],
      [unconfirmed, billingMessages.setupNotConfirmed],
    ] as const) {
      const refused = await client.post(url, { verb: "update_card", token });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ token: [message] });
    }
    expect((await settings()).card_details).toMatchObject({ last4: "3155" });
  });

  it("only class owners start a SetupIntent; a school-paid teacher has nothing to pay", async () => {
    const world = await roleClients(ctx);
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: SETUP,
        expect: { anonymous: 401, teacher: 409, parent: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });

  it("a signed event queues a job that reads the subscription again; forged, stale and repeated ones change nothing", async () => {
    const { user, client, settings } = await trialTeacher();
    expect((await client.post("/subscribe", purchase("pm_card_visa"))).status).toBe(200);
    const copy = await copyOf(user.id);
    if (!copy) throw new Error("no copy");
    peer.takeEvents();
    // Cancelled in Stripe's dashboard: only the webhook tells us.
    const event = peer.cancelNow(copy.subscriptionId);
    const { payload, headers } = peer.signed(event);
    const eventRows = async () =>
      (
        await ctx.db
          .select()
          .from(billingEvents)
          .where(eq(billingEvents.id, String(event.id)))
      ).length;

    // Forged: another secret, a changed body, no signature, a signature too old.
    const forged = peer.signed(event, { secret: "whsec_someone_else" });
    const stale = peer.signed(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    for (const [body, head] of [
      [forged.payload, forged.headers],
      [payload.replace('"canceled"', '"active"'), headers],
      [payload, { "content-type": "application/json" }],
      [stale.payload, stale.headers],
    ] as const) {
      const reply = await post(body, head);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ success: false });
    }
    await ctx.jobs.idle();
    expect(await eventRows()).toBe(0);
    expect((await copyOf(user.id))?.status).toBe("trialing");

    // Signed: 200 at once (no cookie, no CSRF token), and the job brings our copy in step.
    const reply = await post(payload, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ received: true, duplicate: false });
    await ctx.jobs.idle();
    expect((await copyOf(user.id))?.status).toBe("canceled");
    expect((await settings()).is_cancelled).toBe(true);

    // Delivered again (Stripe retries until it hears a 2xx): recorded once, nothing runs.
    await ctx.db
      .update(subscriptions)
      .set({ status: "active" })
      .where(eq(subscriptions.userId, user.id));
    const again = peer.signed(event);
    const replay = await post(again.payload, again.headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    await ctx.jobs.idle();
    expect(await eventRows()).toBe(1);
    expect((await copyOf(user.id))?.status).toBe("active");
  });

  it("a pause keeps the paid days: Stripe's unpaid periods neither show nor keep the class open", async () => {
    const { user, client, settings } = await trialTeacher();
    expect((await client.post("/subscribe", purchase("pm_card_visa"))).status).toBe(200);
    const paidUntil = (await settings()).valid_until;
    const url = `/teacher/${user.id}/settings`;
    const until = inDays(60).toISOString().slice(0, 10);
    expect((await client.post(url, { verb: "pause_subscription", until })).status).toBe(200);
    // Past the trial, Stripe starts a period and voids its invoice: nothing is paid for it.
    later(25);
    expect(await settings()).toMatchObject({ is_paused: true, valid_until: paidUntil });
    expect((await client.get("/account/standing")).body.classOpen).toBe(false);
    expect((await client.post(url, { verb: "resume_subscription" })).status).toBe(200);
    const resumed = await settings();
    expect(resumed.is_paused).toBe(false);
    expect(resumed.valid_until > paidUntil).toBe(true);
    expect((await client.get("/account/standing")).body.classOpen).toBe(true);
  });

  it("a renewal's invoice event updates the period our copy shows", async () => {
    const { user, client } = await trialTeacher();
    expect((await client.post("/subscribe", purchase("pm_card_visa"))).status).toBe(200);
    const before = await copyOf(user.id);
    if (!before) throw new Error("no copy");
    peer.takeEvents();
    later(21);
    peer.subscription(before.subscriptionId);
    const paid = peer.takeEvents().find((e) => e.type === "invoice.paid");
    if (!paid) throw new Error("no invoice.paid event");
    const { payload, headers } = peer.signed(paid);
    expect((await post(payload, headers)).statusCode).toBe(200);
    await ctx.jobs.idle();
    const after = await copyOf(user.id);
    expect(after?.status).toBe("active");
    expect(after?.currentPeriodEnd.getTime()).toBeGreaterThan(before.currentPeriodEnd.getTime());
  });
});

describe("the webhook without Stripe", () => {
  let sandbox: TestContext;
  beforeAll(async () => {
    sandbox = await buildTestApp();
  });
  afterAll(() => sandbox.close());

  it("has no SetupIntents: 404 for a class owner, the form tokenises in the browser", async () => {
    const user = await sandbox.factories.user({ role: "parent" });
    const client = sandbox.client();
    await client.signIn(user);
    expect((await client.post(SETUP)).status).toBe(404);
    expect((await sandbox.client().post(SETUP)).status).toBe(401);
  });

  it("is not there: 404, whatever is posted", async () => {
    const { payload, headers } = peer.signed({ id: "evt_x", object: "event", data: {} });
    const reply = await sandbox.app.inject({ method: "POST", url: WEBHOOK, payload, headers });
    expect(reply.statusCode).toBe(404);
  });
});
