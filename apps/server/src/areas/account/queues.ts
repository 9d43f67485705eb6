import { stripeSettingsOf } from "../../config.ts";
import { type AreaQueues, HOUR } from "../../core/jobs.ts";
import { syncFromProvider } from "./billing/copy.ts";
import { paymentProviderOf } from "./billing/payments.ts";

declare module "../../core/jobs.ts" {
  interface JobData {
    /**
     * A payment provider's webhook named this subscription: our copy is read again from the
     * provider (areas/account/billing/webhook.ts).
     */
    "billing-sync": { subscriptionId: string };
  }
}

/** Billing's queue: a subscription the provider's webhook named, read again. */
export const accountQueues: AreaQueues<"billing-sync"> = () => ({
  "billing-sync": {
    // A few quick retries, then slower ones over about an hour while the provider is away;
    // the provider's later events read the same subscription again anyway.
    options: {
      retryLimit: 8,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 15 * 60,
      expireInSeconds: 5 * 60,
      deleteAfterSeconds: HOUR,
    },
    // Only Stripe sends webhooks: without its keys nothing is queued here.
    handler: ({ db, config, log }) => {
      if (!stripeSettingsOf(config)) return null;
      const billing = {
        db,
        config,
        provider: paymentProviderOf(config, db),
        now: () => new Date(),
      };
      return async ({ subscriptionId }) => {
        if (!(await syncFromProvider(billing, subscriptionId)))
          log.info({ subscriptionId }, "a webhook named a subscription no account has");
      };
    },
  },
});
