import type { BillingPeriod, CancelReasonCode, CardDetails, PlanType } from "@refrain/domain";

/**
 * The payment provider as Refrain uses it (issue 17): one port, two adapters. The sandbox
 * (sandbox.ts) keeps its books in our database and is the default, so `npm start` sells
 * offline; Stripe's adapter speaks Stripe's API when its keys are configured. Every call that
 * changes something carries an idempotency key: the provider answers a repeated key as it
 * answered the first time and changes nothing twice.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  /** The browser's key for the provider's card widget; "sandbox" for the sandbox. */
  readonly publishableKey: string;
  subscribe(input: SubscribeInput, key: string): Promise<ProviderSubscription>;
  pause(subscriptionId: string, resumesAt: Date, key: string): Promise<ProviderSubscription>;
  resume(subscriptionId: string, key: string): Promise<ProviderSubscription>;
  cancel(subscriptionId: string, reasons: CancelInput, key: string): Promise<ProviderSubscription>;
  /**
   * Bills another card: a token from the provider's widget or, with Stripe, a SetupIntent the
   * browser confirmed (`seti_…`), which must have succeeded for this subscription's customer.
   */
  updateCard(subscriptionId: string, cardToken: string, key: string): Promise<ProviderSubscription>;
  /**
   * Starts saving a card for later, off-session bills (Stripe's SetupIntent): the browser
   * confirms it with the client secret, running the bank's check (3-D Secure) when asked, and
   * hands its id back as the card's token. Absent from the sandbox, whose form tokenises alone.
   */
  setupCard?(input: SetupCardInput, key: string): Promise<{ clientSecret: string }>;
  /**
   * Takes `cents` off the next bills: a promo code's free month is one month's price, so a
   * yearly plan gets a month off, not a free year.
   */
  credit(subscriptionId: string, cents: number, key: string): Promise<ProviderSubscription>;
  /** The subscription as the provider now has it (renewals, ended pauses and cancellations). */
  retrieve(subscriptionId: string): Promise<ProviderSubscription>;
}

export interface PlanKey {
  type: PlanType;
  period: BillingPeriod;
}

export interface SubscribeInput {
  userId: number;
  email: string;
  name: string;
  plan: PlanKey;
  /** What one bill of the plan costs, in cents, from our configuration. */
  amount: number;
  cardToken: string;
  /** Billing starts here while the free trial still runs; null bills now. */
  trialEnd: Date | null;
  /** The account's subscription with this provider, when it has one (reactivated, not doubled). */
  existing: { customerId: string; subscriptionId: string } | null;
}

export interface SetupCardInput {
  userId: number;
  email: string | null;
  name: string;
  /** The account's customer with this provider, when known; otherwise found or made. */
  customerId: string | null;
}

export interface CancelInput {
  codes: CancelReasonCode[];
  comment: string;
}

/** A subscription as the provider reports it: our `subscriptions` row is a copy of this. */
export interface ProviderSubscription {
  customerId: string;
  subscriptionId: string;
  /** The provider's words: trialing, active, past_due, canceled. */
  status: string;
  /** Paid (or in trial) until; the next bill is due then. */
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** Collection resumes then; null when not paused. */
  pauseResumesAt: Date | null;
  card: CardDetails | null;
}

/** The card was refused: the provider's message goes to the card's red alert, nothing changed. */
export class PaymentDeclined extends Error {}

/** The provider could not be reached or failed: nothing of ours changed. */
export class ProviderUnavailable extends Error {}
