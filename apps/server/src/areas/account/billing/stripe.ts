import { createRequire } from "node:module";
import { billingMessages, type CancelReasonCode, type CardDetails } from "@refrain/domain";
import type Stripe from "stripe";
import {
  PaymentDeclined,
  type PaymentProvider,
  type PlanKey,
  type ProviderSubscription,
  ProviderUnavailable,
} from "../../../core/payment-provider.ts";

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  /** Where Stripe's API is, when not https://api.stripe.com: the tests' local peer. */
  apiUrl?: string;
}

// Stripe's SDK is required by the first call that needs it, not imported: a server without
// Stripe's keys never loads it, and one with them not before its first payment or webhook
// (issue 40: a fifth of a second of every start).
let sdk: typeof Stripe | undefined;
export const stripeSdk = () => (sdk ??= createRequire(import.meta.url)("stripe") as typeof Stripe);

/** The Stripe client, pointed at `apiUrl` when given. The keys are never logged. */
export function stripeClient(options: Pick<StripeOptions, "secretKey" | "apiUrl">): Stripe {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  const Client = stripeSdk();
  return new Client(options.secretKey, {
    // Our requests carry our own idempotency keys, so a retry of a lost answer is safe.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(url && {
      host: url.hostname,
      port: url.port || (url.protocol === "https:" ? 443 : 80),
      protocol: url.protocol === "https:" ? "https" : "http",
    }),
  });
}

/** The price's lookup key in Stripe: `teacher_monthly`, `parent_annually`, … */
export const lookupKeyOf = (plan: PlanKey): string => `${plan.type}_${plan.period}`;

/** Our user's id on their Stripe customer, by which the customer is found again. */
const USER_METADATA = "refrain_user_id";

/**
 * Stripe's fixed list of cancellation feedback, nearest to the spec's reason codes (the codes
 * and the teacher's words stay in our database, subscription_cancellations): 1 "chose not to
 * use with students" is unused, 2 "did not work on my tablet or computer" a quality problem,
 * 3 "did not get school funding" too expensive. Several codes give the first; none, "other".
 */
const FEEDBACK_OF: Record<
  CancelReasonCode,
  Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback
> = { 1: "unused", 2: "low_quality", 3: "too_expensive" };

/** Card brands as a settings card shows them ("visa" → "Visa"). */
const BRAND_NAMES: Record<string, string> = {
  amex: "American Express",
  cartes_bancaires: "Cartes Bancaires",
  diners: "Diners Club",
  discover: "Discover",
  eftpos_au: "eftpos",
  jcb: "JCB",
  link: "Link",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
  visa: "Visa",
};

/** Only what a settings card shows of a card: brand, last four digits and expiry. */
function cardOf(method: Stripe.Subscription["default_payment_method"]): CardDetails | null {
  if (method === null || typeof method === "string" || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { brand: BRAND_NAMES[brand] ?? brand, last4, exp_month, exp_year };
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/**
 * Our copy of a Stripe subscription. Since API version 2025-03-31 the period lives on each
 * item: a Refrain subscription has one item, its plan's price.
 */
export function answerOf(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const periodEnd = item?.current_period_end ?? subscription.trial_end ?? subscription.created;
  const customer = subscription.customer;
  return {
    customerId: typeof customer === "string" ? customer : customer.id,
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodEnd: fromUnix(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pauseResumesAt:
      subscription.pause_collection?.resumes_at != null
        ? fromUnix(subscription.pause_collection.resumes_at)
        : null,
    card: cardOf(subscription.default_payment_method),
  };
}

/**
 * Stripe's refusals as the port names them: a card error (declined, expired, wrong CVC) is
 * PaymentDeclined with Stripe's own message, which is written for the cardholder; a network
 * failure, an outage, a rate limit or a rejected key is ProviderUnavailable. Anything else (a
 * request Stripe calls invalid) is our bug and stays an error.
 */
function translated(error: unknown): unknown {
  const { errors } = stripeSdk();
  if (error instanceof errors.StripeCardError) return new PaymentDeclined(error.message);
  if (
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeAPIError ||
    error instanceof errors.StripeRateLimitError ||
    error instanceof errors.StripeAuthenticationError ||
    error instanceof errors.StripePermissionError
  )
    return new ProviderUnavailable(`Stripe: ${error.type}`);
  return error;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translated(error);
  }
}

/** Every read of a subscription brings its default card, whose brand and last four we show. */
const EXPAND = ["default_payment_method"];

/**
 * The Stripe payment provider (issue 17): customers found by our user id, prices by lookup key
 * (never the amount a page sent), trials by `trial_end`, pauses by `pause_collection`,
 * cancellation at the period's end with Stripe's feedback, cards as PaymentMethods made by
 * Stripe.js in the browser or SetupIntents it confirmed there (3-D Secure), and a free month as a one-off coupon. Each changing call carries
 * the service's idempotency key, suffixed per request when a call makes several, so the whole
 * call can be repeated and Stripe answers each request as the first time.
 */
export function stripeProvider(options: StripeOptions): PaymentProvider {
  let client: Stripe | undefined;
  // Made at the first call, not with the provider, which the server makes at start.
  const stripe = () => (client ??= stripeClient(options));
  const prices = new Map<string, string>();

  async function priceOf(plan: PlanKey, amount: number): Promise<string> {
    const key = lookupKeyOf(plan);
    const known = prices.get(key);
    if (known) return known;
    const list = await stripe().prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const price = list.data[0];
    if (!price) throw new Error(`Stripe has no active price with the lookup key ${key}`);
    // The page showed our configured price: Stripe must charge that, not another.
    if (price.unit_amount !== amount)
      throw new Error(
        `Stripe's price ${key} is ${price.unit_amount} cents but the configuration says ${amount}`,
      );
    prices.set(key, price.id);
    return price.id;
  }

  /** The user's customer: found by our user id, or made once (the key makes it once). */
  async function customerOf(
    input: { userId: number; email: string | null; name: string },
    key: string,
  ): Promise<string> {
    const found = await stripe().customers.search({
      query: `metadata['${USER_METADATA}']:'${input.userId}'`,
      limit: 1,
    });
    if (found.data[0]) return found.data[0].id;
    const created = await stripe().customers.create(
      {
        ...(input.email && { email: input.email }),
        name: input.name,
        metadata: { [USER_METADATA]: String(input.userId) },
      },
      { idempotencyKey: `${key}:customer` },
    );
    return created.id;
  }

  /**
   * The browser's PaymentMethod joins the customer, and Stripe checks the card here. Its id
   * as attached is the one to bill (a test method such as pm_card_visa attaches as a copy).
   */
  async function attach(paymentMethod: string, customer: string, key: string): Promise<string> {
    const attached = await stripe().paymentMethods.attach(
      paymentMethod,
      { customer },
      { idempotencyKey: `${key}:attach` },
    );
    return attached.id;
  }

  /**
   * The card a token stands for, on this customer. A PaymentMethod made by Stripe.js is
   * attached here; a SetupIntent (`seti_…`) was confirmed in the browser, 3-D Secure included,
   * and already left its card on its customer: it must have succeeded, for this customer, and
   * its card becomes the customer's default too.
   */
  async function cardFor(token: string, customer: string, key: string): Promise<string> {
    if (!token.startsWith("seti_")) return attach(token, customer, key);
    let intent: Stripe.SetupIntent;
    try {
      intent = await stripe().setupIntents.retrieve(token);
    } catch (error) {
      // Unknown (or a client secret sent instead of the id): as foreign as another's.
      if (error instanceof stripeSdk().errors.StripeInvalidRequestError && error.statusCode === 404)
        throw new PaymentDeclined(billingMessages.setupNotYours);
      throw error;
    }
    const owner = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
    if (owner !== customer) throw new PaymentDeclined(billingMessages.setupNotYours);
    const method = intent.payment_method;
    if (intent.status !== "succeeded" || method === null)
      throw new PaymentDeclined(billingMessages.setupNotConfirmed);
    const card = typeof method === "string" ? method : method.id;
    await stripe().customers.update(
      customer,
      { invoice_settings: { default_payment_method: card } },
      { idempotencyKey: `${key}:default` },
    );
    return card;
  }

  const update = async (id: string, params: Stripe.SubscriptionUpdateParams, key: string) =>
    answerOf(
      await stripe().subscriptions.update(
        id,
        { ...params, expand: EXPAND },
        { idempotencyKey: key },
      ),
    );

  return {
    name: "stripe",
    publishableKey: options.publishableKey,

    subscribe: (input, key) =>
      call(async () => {
        const price = await priceOf(input.plan, input.amount);
        if (input.existing) {
          const running = await stripe().subscriptions.retrieve(input.existing.subscriptionId);
          if (running.status !== "canceled" && running.status !== "incomplete_expired") {
            // A pending cancellation: this subscription is reactivated, never a second one.
            const card = await cardFor(input.cardToken, input.existing.customerId, key);
            const item = running.items.data[0];
            return update(
              running.id,
              {
                cancel_at_period_end: false,
                cancellation_details: { comment: "", feedback: "" },
                default_payment_method: card,
                // Another plan takes effect from the next bill, as the sandbox does.
                ...(item &&
                  item.price.id !== price && {
                    items: [{ id: item.id, price }],
                    proration_behavior: "none" as const,
                  }),
              },
              `${key}:subscription`,
            );
          }
        }
        const customer = input.existing?.customerId ?? (await customerOf(input, key));
        const card = await cardFor(input.cardToken, customer, key);
        const created = await stripe().subscriptions.create(
          {
            customer,
            items: [{ price }],
            default_payment_method: card,
            ...(input.trialEnd && { trial_end: Math.floor(input.trialEnd.getTime() / 1000) }),
            // A declined first payment is refused now (402), rather than an incomplete subscription.
            payment_behavior: "error_if_incomplete",
            metadata: { [USER_METADATA]: String(input.userId) },
            expand: EXPAND,
          },
          { idempotencyKey: `${key}:subscription` },
        );
        return answerOf(created);
      }),

    pause: (id, resumesAt, key) =>
      call(() =>
        update(
          id,
          {
            // Invoices made while paused are voided: nothing is owed for the paused time.
            pause_collection: {
              behavior: "void",
              resumes_at: Math.floor(resumesAt.getTime() / 1000),
            },
          },
          key,
        ),
      ),

    resume: (id, key) => call(() => update(id, { pause_collection: "" }, key)),

    cancel: (id, reasons, key) =>
      call(() =>
        update(
          id,
          {
            cancel_at_period_end: true,
            cancellation_details: {
              feedback: reasons.codes[0] ? FEEDBACK_OF[reasons.codes[0]] : "other",
              comment: reasons.comment,
            },
          },
          key,
        ),
      ),

    updateCard: (id, paymentMethod, key) =>
      call(async () => {
        const subscription = await stripe().subscriptions.retrieve(id);
        const customer = subscription.customer;
        const card = await cardFor(
          paymentMethod,
          typeof customer === "string" ? customer : customer.id,
          key,
        );
        return update(id, { default_payment_method: card }, `${key}:subscription`);
      }),

    setupCard: (input, key) =>
      call(async () => {
        const customer = input.customerId ?? (await customerOf(input, key));
        let setupKey = `${key}:setup_intent`;
        // A repeated key replays its first answer, as the SetupIntent was then: read again,
        // one already used (succeeded, or canceled) cannot take another card, so the next is
        // made under a key after it.
        for (let tries = 0; tries < 5; tries++) {
          const made = await stripe().setupIntents.create(
            {
              customer,
              usage: "off_session",
              allowed_payment_method_types: ["card"],
              metadata: { [USER_METADATA]: String(input.userId) },
            },
            { idempotencyKey: setupKey },
          );
          const replayed = made.lastResponse?.headers?.["idempotent-replayed"] === "true";
          const intent = replayed ? await stripe().setupIntents.retrieve(made.id) : made;
          if (intent.status !== "succeeded" && intent.status !== "canceled" && intent.client_secret)
            return { clientSecret: intent.client_secret };
          setupKey = `${key}:setup_intent:after:${intent.id}`;
        }
        throw new Error("Stripe answered only SetupIntents already used");
      }),

    credit: (id, cents, key) =>
      call(async () => {
        // Once: the next bill is that much less (a month's price off a yearly bill, a free
        // month on a monthly one).
        const { currency } = await stripe().subscriptions.retrieve(id);
        const coupon = await stripe().coupons.create(
          { amount_off: cents, currency, duration: "once", name: "Free month" },
          { idempotencyKey: `${key}:coupon` },
        );
        return update(id, { discounts: [{ coupon: coupon.id }] }, `${key}:subscription`);
      }),

    retrieve: (id) =>
      call(async () => answerOf(await stripe().subscriptions.retrieve(id, { expand: EXPAND }))),
  };
}
