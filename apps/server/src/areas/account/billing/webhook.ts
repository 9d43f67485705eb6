import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Jobs } from "../../../core/jobs.ts";
import type { Db } from "../../../db/client.ts";
import { billingEvents } from "../../../db/schema/index.ts";
import { stripeSdk } from "./stripe.ts";

/** Why an event was refused; the answer to Stripe says only that the signature is not valid. */
export class ForgedEvent extends Error {}

/** The subscription an event concerns: the subscription itself, or an invoice's. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (object.object === "subscription" && typeof object.id === "string") return object.id;
  if (object.object === "invoice") {
    // Since API version 2025-03-31 an invoice names its subscription under `parent`.
    const parent = object.parent as
      | { subscription_details?: { subscription?: unknown } | null }
      | null
      | undefined;
    const named = parent?.subscription_details?.subscription ?? object.subscription;
    if (typeof named === "string") return named;
    if (named && typeof named === "object" && "id" in named && typeof named.id === "string")
      return named.id;
  }
  return null;
}

/**
 * A Stripe webhook as it arrived: its signature is checked on the exact bytes Stripe sent
 * (`constructEvent`, which also refuses a signature over 5 minutes old, so a captured request
 * cannot be replayed later), its id is recorded once in billing_events, and a first delivery
 * that concerns a subscription queues the "billing-sync" job, which reads the subscription
 * again from Stripe rather than trusting the event's copy (events may arrive out of order).
 * The same event again (Stripe retries until it hears a 2xx) is a duplicate and changes nothing.
 */
export async function receiveStripeEvent(
  deps: { db: Db; jobs: Pick<Jobs, "send">; webhookSecret: string },
  raw: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean; event: Stripe.Event }> {
  if (!signature || raw.length === 0) throw new ForgedEvent("no signature or no body");
  // Loaded outside the try: an SDK that failed to load is no forged event.
  const { webhooks } = stripeSdk();
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(raw, signature, deps.webhookSecret);
  } catch (error) {
    throw new ForgedEvent(error instanceof Error ? error.message : "unreadable signature");
  }
  const subscriptionId = subscriptionIdOf(event);
  const [recorded] = await deps.db
    .insert(billingEvents)
    .values({ id: event.id, provider: "stripe", type: event.type, subscriptionId })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (!recorded) return { duplicate: true, event };
  if (subscriptionId !== null) {
    try {
      await deps.jobs.send("billing-sync", { subscriptionId });
    } catch (error) {
      // Not queued: forget the event, so that Stripe's next delivery of it is not a duplicate.
      await deps.db.delete(billingEvents).where(eq(billingEvents.id, event.id));
      throw error;
    }
  }
  return { duplicate: false, event };
}
