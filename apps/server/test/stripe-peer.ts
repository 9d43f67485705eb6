import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for Stripe's API, for the Stripe adapter's tests (issue 17): no
 * Stripe-compatible server installs here, so this answers exactly the calls
 * areas/account/billing/stripe.ts makes, with the objects and errors shaped as Stripe documents
 * them (form-encoded requests with bracketed keys, JSON answers, `{ error: { type, code,
 * message } }` failures). It keeps state like Stripe: customers, attached PaymentMethods,
 * subscriptions whose periods roll over on its clock, coupons, and every POST's
 * `Idempotency-Key` (the same key again answers the first answer; with other parameters, an
 * idempotency_error). Its events are signed with the `stripe` package's own helper.
 *
 * Test PaymentMethods, as in Stripe's test mode: `pm_card_visa` and `pm_card_mastercard`
 * attach and charge; `pm_card_chargeDeclined` is refused when attached (card_declined, 402);
 * `pm_card_chargeCustomerFail` attaches but its first charge fails;
 * `pm_card_authenticationRequired` (3-D Secure) attaches, but its first charge is refused and a
 * SetupIntent confirmed with it waits in `requires_action` until the cardholder passes the
 * bank's check (`completeSetupAction`, what Stripe.js does in the browser); the card it then
 * leaves on the customer charges off-session.
 *
 * SetupIntents, as Stripe documents them: created for a customer (`usage`, `client_secret`),
 * retrieved, and confirmed with a PaymentMethod (POST /v1/setup_intents/:id/confirm), which
 * attaches the card to the customer when the setup succeeds.
 */

const DAY_MS = 86_400_000;

interface PeerPrice {
  lookup_key: string;
  unit_amount: number;
  interval: "month" | "year";
}

/** The plans of config.ts's defaults, by the adapter's lookup keys. */
export const DEFAULT_PRICES: PeerPrice[] = [
  { lookup_key: "teacher_monthly", unit_amount: 1299, interval: "month" },
  { lookup_key: "teacher_annually", unit_amount: 9900, interval: "year" },
  { lookup_key: "parent_monthly", unit_amount: 999, interval: "month" },
  { lookup_key: "parent_annually", unit_amount: 7900, interval: "year" },
];

const TEST_CARDS: Record<string, { brand: string; last4: string; outcome: string }> = {
  pm_card_visa: { brand: "visa", last4: "4242", outcome: "succeeds" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", outcome: "succeeds" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", outcome: "declined" },
  pm_card_chargeCustomerFail: { brand: "visa", last4: "0341", outcome: "charge_fails" },
  pm_card_authenticationRequired: {
    brand: "visa",
    last4: "3155",
    outcome: "authentication_required",
  },
};

const FEEDBACK = [
  "customer_service",
  "low_quality",
  "missing_features",
  "other",
  "switched_service",
  "too_complex",
  "too_expensive",
  "unused",
];

type Json = Record<string, unknown>;
type Form = { [key: string]: string | Form | Form[] | string[] };

interface PaymentMethod {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  outcome: string;
  created: number;
}

interface SetupIntent {
  id: string;
  clientSecret: string;
  customer: string | null;
  status: "requires_payment_method" | "requires_action" | "succeeded" | "canceled";
  usage: string;
  paymentMethod: string | null;
  /** The test card waiting for its 3-D Secure check (requires_action). */
  pendingCard: string | null;
  lastError: Json | null;
  metadata: Record<string, string>;
  created: number;
}

interface Subscription {
  id: string;
  itemId: string;
  customer: string;
  price: string;
  status: string;
  created: number;
  periodStart: number;
  periodEnd: number;
  trialStart: number | null;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  cancellation: { comment: string | null; feedback: string | null; reason: string | null };
  pause: { behavior: string; resumes_at: number | null } | null;
  defaultPaymentMethod: string | null;
  /** The coupon of the discount still to be applied (duration once). */
  coupon: string | null;
  metadata: Record<string, string>;
  latestInvoice: string | null;
}

interface Invoice {
  id: string;
  subscription: string;
  amount_due: number;
  status: "paid" | "void";
  created: number;
}

/** What a test reads of a request the peer received. */
export interface PeerRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
}

class StripeFailure extends Error {
  readonly status: number;
  readonly error: Json;

  constructor(status: number, error: Json) {
    super(String(error.message));
    this.status = status;
    this.error = error;
  }
}

const invalidRequest = (message: string, param?: string) =>
  new StripeFailure(400, { type: "invalid_request_error", message, ...(param && { param }) });
const missing = (kind: string, id: string, param = "id") =>
  new StripeFailure(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param,
  });
const declined = () =>
  new StripeFailure(402, {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  });

/** Stripe's form encoding read back: `a[b][0]=x` becomes `{ a: { b: ["x"] } }`. */
export function parseForm(text: string): Form {
  const root: Form = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/\[|\]\[|\]/).filter((part, i) => i === 0 || part !== "");
    let node: Form = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Form;
      }
    });
  }
  // Objects keyed 0, 1, … are arrays.
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

const text = (form: Form, key: string): string | undefined => {
  const value = form[key];
  return typeof value === "string" ? value : undefined;
};

const id = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;

/** Adds calendar months as Stripe's billing does (Jan 31 + 1 month is the end of February). */
function addInterval(seconds: number, interval: "month" | "year"): number {
  const at = new Date(seconds * 1000);
  const months = interval === "month" ? 1 : 12;
  const day = at.getUTCDate();
  const next = new Date(at);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return Math.floor(next.getTime() / 1000);
}

export interface StripePeerOptions {
  /** The secret key requests must carry (Authorization: Bearer …). */
  secretKey?: string;
  /** The secret events are signed with. */
  webhookSecret?: string;
  prices?: PeerPrice[];
  /** The peer's clock; `advance` moves it further. Real time by default. */
  now?: () => Date;
}

/** Starts the peer on a free local port; `close()` stops it. */
export async function startStripePeer(options: StripePeerOptions = {}) {
  const secretKey = options.secretKey ?? "sk_test_peer";
  const webhookSecret = options.webhookSecret ?? "whsec_peer";
  let offsetMs = 0;
  const nowMs = () => (options.now?.().getTime() ?? Date.now()) + offsetMs;
  const nowS = () => Math.floor(nowMs() / 1000);

  const prices = new Map<string, Json & { id: string; unit_amount: number; interval: string }>();
  for (const price of options.prices ?? DEFAULT_PRICES) {
    const priceId = id("price");
    prices.set(priceId, {
      id: priceId,
      object: "price",
      active: true,
      currency: "usd",
      lookup_key: price.lookup_key,
      unit_amount: price.unit_amount,
      interval: price.interval,
      type: "recurring",
      livemode: false,
    });
  }
  const customers = new Map<string, Json & { id: string; metadata: Record<string, string> }>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const subscriptions = new Map<string, Subscription>();
  const coupons = new Map<string, Json & { id: string; amount_off: number }>();
  const setupIntents = new Map<string, SetupIntent>();
  const invoices: Invoice[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const requests: PeerRequest[] = [];
  const events: Json[] = [];
  let outage = false;

  // ───────────── Objects as Stripe answers them ─────────────

  const priceJson = (priceId: string) => {
    const { interval, ...price } = prices.get(priceId) as Json & { interval: string };
    return { ...price, recurring: { interval, interval_count: 1, usage_type: "licensed" } };
  };

  const paymentMethodJson = (pm: PaymentMethod) => ({
    id: pm.id,
    object: "payment_method",
    type: "card",
    customer: pm.customer,
    created: pm.created,
    livemode: false,
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      brand: pm.brand,
      display_brand: pm.brand,
      last4: pm.last4,
      exp_month: 12,
      exp_year: new Date(nowMs()).getUTCFullYear() + 3,
      country: "US",
      funding: "credit",
    },
    metadata: {},
  });

  const setupIntentJson = (intent: SetupIntent) => ({
    id: intent.id,
    object: "setup_intent",
    client_secret: intent.clientSecret,
    created: intent.created,
    customer: intent.customer,
    description: null,
    cancellation_reason: null,
    last_setup_error: intent.lastError,
    livemode: false,
    metadata: intent.metadata,
    next_action:
      intent.status === "requires_action"
        ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } }
        : null,
    allowed_payment_method_types: ["card"],
    payment_method: intent.paymentMethod,
    payment_method_types: ["card"],
    status: intent.status,
    usage: intent.usage,
  });

  function subscriptionJson(sub: Subscription, expand: string[] = []) {
    const pm = sub.defaultPaymentMethod;
    return {
      id: sub.id,
      object: "subscription",
      customer: sub.customer,
      status: sub.status,
      created: sub.created,
      start_date: sub.created,
      billing_cycle_anchor: sub.periodStart,
      currency: "usd",
      collection_method: "charge_automatically",
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      canceled_at: sub.canceledAt,
      ended_at: sub.endedAt,
      cancellation_details: sub.cancellation,
      default_payment_method:
        pm && expand.includes("default_payment_method")
          ? paymentMethodJson(paymentMethods.get(pm) as PaymentMethod)
          : pm,
      default_source: null,
      discounts: sub.coupon ? [`di_${sub.coupon}`] : [],
      items: {
        object: "list",
        data: [
          {
            id: sub.itemId,
            object: "subscription_item",
            created: sub.created,
            current_period_start: sub.periodStart,
            current_period_end: sub.periodEnd,
            price: priceJson(sub.price),
            quantity: 1,
            subscription: sub.id,
            metadata: {},
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${sub.id}`,
      },
      latest_invoice: sub.latestInvoice,
      livemode: false,
      metadata: sub.metadata,
      pause_collection: sub.pause,
      trial_start: sub.trialStart,
      trial_end: sub.trialEnd,
    };
  }

  function emit(type: string, object: Json, previous?: Json) {
    events.push({
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: nowS(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object, ...(previous && { previous_attributes: previous }) },
    });
  }

  // ───────────── Billing as time passes ─────────────

  /** Bills a period: the discount first (once), the card for the rest, nothing while paused. */
  function bill(sub: Subscription) {
    const price = prices.get(sub.price) as { unit_amount: number };
    let amount = price.unit_amount;
    if (sub.coupon) {
      amount = Math.max(0, amount - (coupons.get(sub.coupon)?.amount_off ?? 0));
      sub.coupon = null;
    }
    const invoice: Invoice = {
      id: id("in"),
      subscription: sub.id,
      amount_due: amount,
      status: sub.pause?.behavior === "void" ? "void" : "paid",
      created: nowS(),
    };
    invoices.push(invoice);
    sub.latestInvoice = invoice.id;
    emit(invoice.status === "paid" ? "invoice.paid" : "invoice.voided", {
      id: invoice.id,
      object: "invoice",
      amount_due: invoice.amount_due,
      status: invoice.status,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
    });
  }

  /** Plays what happened to a subscription since it was last looked at: pauses, renewals, ends. */
  function catchUp(sub: Subscription) {
    const now = nowS();
    const interval = (prices.get(sub.price) as { interval: "month" | "year" }).interval;
    for (let guard = 0; guard < 1000 && sub.status !== "canceled"; guard++) {
      const resumes = sub.pause?.resumes_at ?? null;
      if (resumes !== null && resumes <= now && resumes <= sub.periodEnd) {
        sub.pause = null;
        emit("customer.subscription.updated", subscriptionJson(sub), { pause_collection: {} });
        continue;
      }
      if (sub.periodEnd > now) break;
      if (sub.cancelAtPeriodEnd) {
        sub.status = "canceled";
        sub.endedAt = sub.periodEnd;
        sub.canceledAt ??= sub.periodEnd;
        sub.cancellation.reason = "cancellation_requested";
        emit("customer.subscription.deleted", subscriptionJson(sub));
        break;
      }
      const wasTrial = sub.status === "trialing";
      sub.periodStart = sub.periodEnd;
      sub.periodEnd = addInterval(sub.periodEnd, interval);
      sub.status = "active";
      bill(sub);
      emit("customer.subscription.updated", subscriptionJson(sub), {
        ...(wasTrial && { status: "trialing" }),
      });
    }
  }

  // ───────────── The endpoints ─────────────

  function subscriptionOf(subId: string) {
    const sub = subscriptions.get(subId);
    if (!sub) throw missing("subscription", subId);
    catchUp(sub);
    return sub;
  }

  function attachedTo(customer: string, pmId: string, param: string) {
    const pm = paymentMethods.get(pmId);
    if (!pm || pm.customer !== customer)
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
        param,
      );
    return pm;
  }

  const expandOf = (form: Form) => (Array.isArray(form.expand) ? (form.expand as string[]) : []);

  function updateSubscription(subId: string, form: Form) {
    const sub = subscriptionOf(subId);
    if (sub.status === "canceled" || sub.status === "incomplete_expired")
      throw invalidRequest(
        `A canceled subscription can only update its cancellation_details and metadata.`,
      );
    const previous: Json = {};
    const cancel = text(form, "cancel_at_period_end");
    if (cancel !== undefined) {
      previous.cancel_at_period_end = sub.cancelAtPeriodEnd;
      sub.cancelAtPeriodEnd = cancel === "true";
      sub.canceledAt = sub.cancelAtPeriodEnd ? nowS() : null;
    }
    const details = form.cancellation_details as Form | undefined;
    if (details) {
      const feedback = text(details, "feedback");
      if (feedback && !FEEDBACK.includes(feedback))
        throw invalidRequest(
          `Invalid cancellation_details[feedback]: must be one of ${FEEDBACK.join(", ")}`,
          "cancellation_details[feedback]",
        );
      previous.cancellation_details = { ...sub.cancellation };
      if (feedback !== undefined) sub.cancellation.feedback = feedback || null;
      const comment = text(details, "comment");
      if (comment !== undefined) sub.cancellation.comment = comment || null;
    }
    if ("pause_collection" in form) {
      previous.pause_collection = sub.pause;
      const pause = form.pause_collection;
      if (pause === "") sub.pause = null;
      else {
        const p = pause as Form;
        const behavior = text(p, "behavior") ?? "";
        if (!["keep_as_draft", "mark_uncollectible", "void"].includes(behavior))
          throw invalidRequest("Invalid pause_collection[behavior]", "pause_collection[behavior]");
        const resumes = text(p, "resumes_at");
        if (resumes !== undefined && Number(resumes) <= nowS())
          throw invalidRequest(
            "Invalid timestamp: must be an integer Unix timestamp in the future.",
            "pause_collection[resumes_at]",
          );
        sub.pause = { behavior, resumes_at: resumes === undefined ? null : Number(resumes) };
      }
    }
    const pm = text(form, "default_payment_method");
    if (pm !== undefined) {
      attachedTo(sub.customer, pm, "default_payment_method");
      previous.default_payment_method = sub.defaultPaymentMethod;
      sub.defaultPaymentMethod = pm;
    }
    const discounts = form.discounts;
    if (Array.isArray(discounts)) {
      const coupon = text((discounts[0] ?? {}) as Form, "coupon");
      if (coupon && !coupons.has(coupon)) throw missing("coupon", coupon, "discounts[0][coupon]");
      sub.coupon = coupon ?? null;
    }
    const items = form.items;
    if (Array.isArray(items)) {
      const item = items[0] as Form;
      if (text(item, "id") !== sub.itemId) throw missing("subscription_item", String(item.id));
      const price = text(item, "price") ?? "";
      if (!prices.has(price)) throw missing("price", price, "items[0][price]");
      sub.price = price;
    }
    emit("customer.subscription.updated", subscriptionJson(sub), previous);
    return subscriptionJson(sub, expandOf(form));
  }

  function createSubscription(form: Form) {
    const customer = text(form, "customer") ?? "";
    if (!customers.has(customer)) throw missing("customer", customer, "customer");
    const item = ((form.items as Form[] | undefined) ?? [])[0];
    const price = item ? text(item, "price") : undefined;
    if (!price || !prices.has(price)) throw missing("price", String(price), "items[0][price]");
    const pmId = text(form, "default_payment_method");
    const pm = pmId ? attachedTo(customer, pmId, "default_payment_method") : null;
    const now = nowS();
    const trialEnd = text(form, "trial_end");
    if (trialEnd !== undefined && Number(trialEnd) <= now)
      throw invalidRequest(
        "Invalid timestamp: must be an integer Unix timestamp in the future.",
        "trial_end",
      );
    const trialing = trialEnd !== undefined;
    const interval = (prices.get(price) as { interval: "month" | "year" }).interval;
    if (!trialing && pm?.outcome !== "succeeds") throw declined();
    const sub: Subscription = {
      id: id("sub"),
      itemId: id("si"),
      customer,
      price,
      status: trialing ? "trialing" : "active",
      created: now,
      periodStart: now,
      periodEnd: trialing ? Number(trialEnd) : addInterval(now, interval),
      trialStart: trialing ? now : null,
      trialEnd: trialing ? Number(trialEnd) : null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      cancellation: { comment: null, feedback: null, reason: null },
      pause: null,
      defaultPaymentMethod: pmId ?? null,
      coupon: null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      latestInvoice: null,
    };
    subscriptions.set(sub.id, sub);
    if (!trialing) bill(sub);
    emit("customer.subscription.created", subscriptionJson(sub));
    return subscriptionJson(sub, expandOf(form));
  }

  function attach(pmId: string, form: Form) {
    const customer = text(form, "customer") ?? "";
    if (!customers.has(customer)) throw missing("customer", customer, "customer");
    const test = TEST_CARDS[pmId];
    if (test) {
      // Stripe's test methods attach as a new PaymentMethod each time.
      if (test.outcome === "declined") throw declined();
      const pm: PaymentMethod = { id: id("pm"), customer, ...test, created: nowS() };
      paymentMethods.set(pm.id, pm);
      return paymentMethodJson(pm);
    }
    const pm = paymentMethods.get(pmId);
    if (!pm) throw missing("PaymentMethod", pmId);
    if (pm.customer && pm.customer !== customer)
      throw invalidRequest(
        "The payment method you provided has already been attached to a customer.",
      );
    pm.customer = customer;
    return paymentMethodJson(pm);
  }

  function createSetupIntent(form: Form) {
    const customer = text(form, "customer") ?? null;
    if (customer !== null && !customers.has(customer))
      throw missing("customer", customer, "customer");
    const usage = text(form, "usage") ?? "off_session";
    if (!["off_session", "on_session"].includes(usage))
      throw invalidRequest("Invalid usage: must be one of off_session, on_session", "usage");
    // Since 2026-09-30 the types are `allowed_payment_method_types`; the old parameter is refused.
    if ("payment_method_types" in form)
      throw new StripeFailure(400, {
        type: "invalid_request_error",
        code: "payment_method_types_no_longer_supported",
        message: "payment_method_types is no longer supported: use allowed_payment_method_types.",
        param: "payment_method_types",
      });
    const allowed = (form.allowed_payment_method_types as string[] | undefined) ?? ["card"];
    if (!allowed.includes("card"))
      throw invalidRequest("The peer sets up cards only.", "allowed_payment_method_types");
    const setiId = id("seti");
    const intent: SetupIntent = {
      id: setiId,
      clientSecret: `${setiId}_secret_${randomBytes(12).toString("hex")}`,
      customer,
      status: "requires_payment_method",
      usage,
      paymentMethod: null,
      pendingCard: null,
      lastError: null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      created: nowS(),
    };
    setupIntents.set(intent.id, intent);
    return setupIntentJson(intent);
  }

  function setupIntentOf(setiId: string) {
    const intent = setupIntents.get(setiId);
    if (!intent) throw missing("setup_intent", setiId, "intent");
    return intent;
  }

  /** The card joins the intent's customer (a test card as a copy, as attach does). */
  function succeed(intent: SetupIntent, card: string) {
    const test = TEST_CARDS[card];
    let pmId = card;
    if (test) {
      // Authenticated once for off-session use: later charges go through.
      const pm: PaymentMethod = {
        id: id("pm"),
        customer: intent.customer,
        ...test,
        outcome: "succeeds",
        created: nowS(),
      };
      paymentMethods.set(pm.id, pm);
      pmId = pm.id;
    } else if (intent.customer) {
      attach(card, { customer: intent.customer });
    }
    intent.status = "succeeded";
    intent.paymentMethod = pmId;
    intent.pendingCard = null;
    intent.lastError = null;
    emit("setup_intent.succeeded", setupIntentJson(intent));
  }

  function confirmSetupIntent(setiId: string, form: Form) {
    const intent = setupIntentOf(setiId);
    if (intent.status === "succeeded" || intent.status === "canceled")
      throw new StripeFailure(400, {
        type: "invalid_request_error",
        code: "setup_intent_unexpected_state",
        message: `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
        setup_intent: setupIntentJson(intent),
      });
    const card = text(form, "payment_method");
    if (!card) throw invalidRequest("You must provide a payment_method.", "payment_method");
    const test = TEST_CARDS[card];
    if (!test && !paymentMethods.has(card)) throw missing("PaymentMethod", card, "payment_method");
    if (test?.outcome === "declined") {
      intent.status = "requires_payment_method";
      intent.lastError = { type: "card_error", code: "card_declined" };
      throw new StripeFailure(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        setup_intent: setupIntentJson(intent),
      });
    }
    if (test?.outcome === "authentication_required") {
      intent.status = "requires_action";
      intent.pendingCard = card;
    } else succeed(intent, card);
    return setupIntentJson(intent);
  }

  function searchCustomers(query: string) {
    const [, key, value] = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim()) ?? [];
    if (!key) throw invalidRequest(`Unsupported search query: ${query}`, "query");
    const data = [...customers.values()].filter((c) => c.metadata[key] === value);
    return {
      object: "search_result",
      data,
      has_more: false,
      next_page: null,
      url: "/v1/customers/search",
    };
  }

  function route(method: string, path: string, form: Form): Json {
    if (method === "GET" && path === "/v1/prices") {
      const keys = (form.lookup_keys as string[] | undefined) ?? [];
      const active = text(form, "active");
      const data = [...prices.values()]
        .filter((p) => keys.length === 0 || keys.includes(String(p.lookup_key)))
        .filter((p) => active === undefined || String(p.active) === active)
        .map((p) => priceJson(p.id));
      return { object: "list", data, has_more: false, url: "/v1/prices" };
    }
    if (method === "GET" && path === "/v1/customers/search")
      return searchCustomers(text(form, "query") ?? "");
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        created: nowS(),
        email: text(form, "email") ?? null,
        name: text(form, "name") ?? null,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        invoice_settings: { default_payment_method: null },
        livemode: false,
      };
      customers.set(customer.id, customer);
      return customer;
    }
    const customerPath = /^\/v1\/customers\/([\w-]+)$/.exec(path);
    if (method === "POST" && customerPath) {
      const customer = customers.get(customerPath[1] as string);
      if (!customer) throw missing("customer", customerPath[1] as string);
      const settings = form.invoice_settings as Form | undefined;
      const pm = settings ? text(settings, "default_payment_method") : undefined;
      if (pm !== undefined) {
        attachedTo(customer.id, pm, "invoice_settings[default_payment_method]");
        customer.invoice_settings = { default_payment_method: pm };
      }
      return customer;
    }
    if (method === "POST" && path === "/v1/setup_intents") return createSetupIntent(form);
    const setup = /^\/v1\/setup_intents\/([\w-]+)(\/confirm)?$/.exec(path);
    if (setup && method === "GET" && !setup[2])
      return setupIntentJson(setupIntentOf(setup[1] as string));
    if (setup && method === "POST" && setup[2]) return confirmSetupIntent(setup[1] as string, form);
    const attaching = /^\/v1\/payment_methods\/([\w-]+)\/attach$/.exec(path);
    if (method === "POST" && attaching) return attach(attaching[1] as string, form);
    if (method === "POST" && path === "/v1/subscriptions") return createSubscription(form);
    const one = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (one) {
      const subId = one[1] as string;
      if (method === "GET") return subscriptionJson(subscriptionOf(subId), expandOf(form));
      if (method === "POST") return updateSubscription(subId, form);
    }
    if (method === "POST" && path === "/v1/coupons") {
      const amountOff = Number(text(form, "amount_off"));
      if (!Number.isInteger(amountOff) || amountOff <= 0 || !text(form, "currency"))
        throw invalidRequest("A coupon needs amount_off and currency", "amount_off");
      const coupon = {
        id: randomBytes(6).toString("hex"),
        object: "coupon",
        amount_off: amountOff,
        currency: text(form, "currency"),
        duration: text(form, "duration") ?? "once",
        name: text(form, "name") ?? null,
        valid: true,
        created: nowS(),
        livemode: false,
      };
      coupons.set(coupon.id, coupon);
      return coupon;
    }
    throw new StripeFailure(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  // ───────────── HTTP ─────────────

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://peer");
    const method = request.method ?? "GET";
    const key = request.headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" ? key : null;
    requests.push({ method, path: url.pathname, idempotencyKey });
    const send = (status: number, json: string, replayed = false) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${randomBytes(8).toString("hex")}`,
        "stripe-version": Stripe.API_VERSION,
        ...(idempotencyKey && { "idempotency-key": idempotencyKey }),
        ...(replayed && { "idempotent-replayed": "true" }),
      });
      response.end(json);
    };
    if (outage) {
      send(500, JSON.stringify({ error: { type: "api_error", message: "The peer is down." } }));
      return;
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      send(
        401,
        JSON.stringify({
          error: { type: "invalid_request_error", message: "Invalid API Key provided." },
        }),
      );
      return;
    }
    const form = parseForm(method === "GET" ? url.search.slice(1) : body);
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (method === "POST" && idempotencyKey) {
      const done = idempotent.get(idempotencyKey);
      if (done && done.fingerprint !== fingerprint) {
        send(
          400,
          JSON.stringify({
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          }),
        );
        return;
      }
      if (done) {
        send(done.status, done.body, true);
        return;
      }
    }
    let status = 200;
    let json: string;
    try {
      json = JSON.stringify(route(method, url.pathname, form));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      json = JSON.stringify({ error: error.error });
    }
    // Stripe keeps the result of a request that ran (a decline too), not of one it refused
    // before running (400 for its parameters).
    if (method === "POST" && idempotencyKey && status !== 400)
      idempotent.set(idempotencyKey, { fingerprint, status, body: json });
    send(status, json);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** An event as Stripe posts it, with its Stripe-Signature header made by the `stripe` package. */
  function signed(event: Json, opts: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      ...(opts.timestamp !== undefined && { timestamp: opts.timestamp }),
    });
    return {
      payload,
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    /** Moves the peer's clock forward; subscriptions catch up when next read. */
    advance(ms: number) {
      offsetMs += ms;
    },
    advanceDays(days: number) {
      offsetMs += days * DAY_MS;
    },
    /** While on, every request fails as during an outage at Stripe (500 api_error). */
    setOutage(on: boolean) {
      outage = on;
    },
    /** A subscription as the peer holds it now, caught up to its clock (tests' own reads). */
    subscription(subId: string) {
      return subscriptionJson(subscriptionOf(subId), ["default_payment_method"]);
    },
    /** A customer as the peer holds it (its invoice_settings' default card). */
    customer(cusId: string) {
      return customers.get(cusId);
    },
    /**
     * The cardholder passes the bank's 3-D Secure check of a SetupIntent waiting in
     * requires_action, as Stripe.js's dialog does in the browser: the setup succeeds.
     */
    completeSetupAction(setiId: string) {
      const intent = setupIntentOf(setiId);
      if (intent.status !== "requires_action" || !intent.pendingCard)
        throw new Error(`SetupIntent ${setiId} is ${intent.status}, not requires_action`);
      succeed(intent, intent.pendingCard);
      return setupIntentJson(intent);
    },
    /** The ids of the subscriptions whose metadata has this value under `key`. */
    subscriptionsWhere(key: string, value: string): string[] {
      return [...subscriptions.values()].filter((s) => s.metadata[key] === value).map((s) => s.id);
    },
    /** The amount the discount waiting on a subscription takes off its next bill, in cents. */
    pendingCredit(subId: string): number {
      const sub = subscriptionOf(subId);
      return sub.coupon ? (coupons.get(sub.coupon)?.amount_off ?? 0) : 0;
    },
    invoicesOf(subId: string) {
      return invoices.filter((i) => i.subscription === subId);
    },
    /** Every event so far, oldest first; `take` empties the list. */
    events,
    takeEvents(): Json[] {
      return events.splice(0, events.length);
    },
    /** Cancels at once, as a refund from Stripe's dashboard does, and emits the event. */
    cancelNow(subId: string) {
      const sub = subscriptionOf(subId);
      sub.status = "canceled";
      sub.canceledAt = nowS();
      sub.endedAt = nowS();
      sub.cancellation.reason = "cancellation_requested";
      emit("customer.subscription.deleted", subscriptionJson(sub));
      return events[events.length - 1] as Json;
    },
    signed,
    /** Posts a signed event to a listening server, as Stripe's webhook delivery does. */
    async deliver(target: string, event: Json, opts: { secret?: string; timestamp?: number } = {}) {
      const { payload, headers } = signed(event, opts);
      const reply = await fetch(target, { method: "POST", headers, body: payload });
      return { status: reply.status, body: await reply.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
