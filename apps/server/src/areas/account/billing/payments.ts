import { type Config, stripeSettingsOf } from "../../../config.ts";
import type { PaymentProvider } from "../../../core/payment-provider.ts";
import type { Db } from "../../../db/client.ts";
import { sandboxProvider } from "./sandbox.ts";
import { stripeProvider } from "./stripe.ts";

/**
 * The payment provider the configuration names: Stripe when its keys are set (config.ts
 * refuses some without the others), otherwise the sandbox in this database.
 */
export function paymentProviderOf(
  config: Pick<
    Config,
    "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL"
  >,
  db: Db,
  now: () => Date = () => new Date(),
): PaymentProvider {
  const stripe = stripeSettingsOf(config);
  return stripe ? stripeProvider(stripe) : sandboxProvider(db, now);
}
