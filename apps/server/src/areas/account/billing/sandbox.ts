import { randomBytes } from "node:crypto";
import { BILLING_CYCLE_DAYS, billingMessages, readSandboxToken } from "@refrain/domain";
import { eq } from "drizzle-orm";
import {
  PaymentDeclined,
  type PaymentProvider,
  type PlanKey,
  type ProviderSubscription,
} from "../../../core/payment-provider.ts";
import type { Db } from "../../../db/client.ts";
import { sandboxRequests, sandboxSubscriptions } from "../../../db/schema/index.ts";

const DAY_MS = 86_400_000;
/** How long one bill of a period lasts: the spec's 30-day cycle, or a year. */
export const periodMs = (period: PlanKey["period"]): number =>
  (period === "monthly" ? BILLING_CYCLE_DAYS : 365) * DAY_MS;

type Row = typeof sandboxSubscriptions.$inferSelect;

const periodOf = (row: Row): PlanKey["period"] =>
  row.priceKey.endsWith("_monthly") ? "monthly" : "annually";

function answer(row: Row): ProviderSubscription {
  return {
    customerId: row.customerId,
    subscriptionId: row.id,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pauseResumesAt: row.pauseResumesAt,
    card: {
      brand: row.cardBrand,
      last4: row.cardLast4,
      exp_month: row.cardExpMonth,
      exp_year: row.cardExpYear,
    },
  };
}

/** A stored answer read back: JSON keeps dates as text. */
const revive = (stored: ProviderSubscription): ProviderSubscription => ({
  ...stored,
  currentPeriodEnd: new Date(stored.currentPeriodEnd),
  pauseResumesAt: stored.pauseResumesAt === null ? null : new Date(stored.pauseResumesAt),
});

/**
 * Where a subscription stands at `now`: the sandbox bills when it is asked, not on a timer, so
 * every call first plays the periods that ended since. A period ends in a renewal (paid from
 * the credit of a free month first), the end of a cancelled subscription, or, while paused, nothing: a paused
 * subscription is paid through its last period and bills again on the day the pause ends.
 */
export function caughtUp(row: Row, now: Date): Row {
  const next = { ...row };
  const length = periodMs(periodOf(row));
  for (let guard = 0; guard < 1000 && next.status !== "canceled"; guard++) {
    const resumes = next.pauseResumesAt;
    if (resumes !== null && resumes <= now) {
      // The pause is over: billing restarts that day, or at the paid period's end if later.
      next.pauseResumesAt = null;
      if (next.currentPeriodEnd < resumes) next.currentPeriodEnd = resumes;
      continue;
    }
    if (next.currentPeriodEnd > now || resumes !== null) break;
    if (next.cancelAtPeriodEnd) {
      next.status = "canceled";
      break;
    }
    // The bill is paid from the credit first; the card pays the rest.
    next.creditCents = Math.max(0, next.creditCents - next.amountCents);
    next.status = "active";
    next.currentPeriodEnd = new Date(next.currentPeriodEnd.getTime() + length);
  }
  return next;
}

/**
 * The sandbox payment provider: a stateful stand-in for Stripe in our own tables, used when no
 * payment keys are configured. It takes the tokens the sandbox's card form makes in the browser
 * from Stripe's public test cards (4242… succeeds, 4000 0000 0000 0002 is declined), keeps only
 * the brand and last four digits, and answers repeated idempotency keys from its records.
 */
export function sandboxProvider(db: Db, now: () => Date = () => new Date()): PaymentProvider {
  /** Runs a changing call once per key, on the subscription as it stands now. */
  async function once(
    key: string,
    change: (tx: Db) => Promise<Row>,
  ): Promise<ProviderSubscription> {
    return db.transaction(async (tx) => {
      const [done] = await tx
        .select({ answer: sandboxRequests.answer })
        .from(sandboxRequests)
        .where(eq(sandboxRequests.key, key));
      if (done) return revive(done.answer as ProviderSubscription);
      const row = await change(tx);
      const result = answer(row);
      await tx.insert(sandboxRequests).values({ key, answer: result });
      return result;
    });
  }

  async function current(tx: Db, id: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, id))
      .for("update");
    if (!row) throw new Error(`The sandbox has no subscription ${id}`);
    return caughtUp(row, now());
  }

  async function save(tx: Db, row: Row): Promise<Row> {
    const [saved] = await tx
      .update(sandboxSubscriptions)
      .set({ ...row, updatedAt: now() })
      .where(eq(sandboxSubscriptions.id, row.id))
      .returning();
    if (!saved) throw new Error(`The sandbox lost subscription ${row.id}`);
    return saved;
  }

  /** The card a token stands for, or PaymentDeclined as Stripe's test card 4000…0002 is. */
  function card(token: string) {
    const content = readSandboxToken(token);
    if (content === null)
      throw new PaymentDeclined("This card could not be read. Please enter it again.");
    if (content.outcome === "declined") throw new PaymentDeclined(billingMessages.declined);
    return {
      cardBrand: content.brand,
      cardLast4: content.last4,
      cardExpMonth: content.exp_month,
      cardExpYear: content.exp_year,
    };
  }

  return {
    name: "sandbox",
    publishableKey: "sandbox",

    subscribe: (input, key) =>
      once(key, async (tx) => {
        const paid = card(input.cardToken);
        const at = now();
        const priceKey = `${input.plan.type}_${input.plan.period}`;
        const trialing = input.trialEnd !== null && input.trialEnd > at;
        const periodEnd = trialing
          ? (input.trialEnd as Date)
          : new Date(at.getTime() + periodMs(input.plan.period));
        if (input.existing) {
          const row = await current(tx, input.existing.subscriptionId);
          if (row.status !== "canceled") {
            // Still running (a pending cancellation, say): this one is reactivated, not doubled.
            return save(tx, {
              ...row,
              ...paid,
              priceKey,
              amountCents: input.amount,
              cancelAtPeriodEnd: false,
              cancellationFeedback: null,
              cancellationComment: null,
            });
          }
        }
        const [created] = await tx
          .insert(sandboxSubscriptions)
          .values({
            id: `sub_sbx_${randomBytes(9).toString("base64url")}`,
            customerId: input.existing?.customerId ?? `cus_sbx_${input.userId}`,
            email: input.email,
            priceKey,
            amountCents: input.amount,
            status: trialing ? "trialing" : "active",
            currentPeriodEnd: periodEnd,
            ...paid,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!created) throw new Error("The sandbox did not create the subscription");
        return created;
      }),

    pause: (id, resumesAt, key) =>
      once(key, async (tx) => save(tx, { ...(await current(tx, id)), pauseResumesAt: resumesAt })),

    resume: (id, key) =>
      once(key, async (tx) => {
        const row = await current(tx, id);
        // Billing restarts today when the paid period has already run out.
        const at = now();
        const periodEnd =
          row.currentPeriodEnd < at
            ? new Date(at.getTime() + periodMs(periodOf(row)))
            : row.currentPeriodEnd;
        return save(tx, { ...row, pauseResumesAt: null, currentPeriodEnd: periodEnd });
      }),

    cancel: (id, reasons, key) =>
      once(key, async (tx) =>
        save(tx, {
          ...(await current(tx, id)),
          cancelAtPeriodEnd: true,
          cancellationFeedback: reasons.codes.join(","),
          cancellationComment: reasons.comment,
        }),
      ),

    updateCard: (id, token, key) =>
      once(key, async (tx) => save(tx, { ...(await current(tx, id)), ...card(token) })),

    credit: (id, cents, key) =>
      once(key, async (tx) => {
        const row = await current(tx, id);
        return save(tx, { ...row, creditCents: row.creditCents + cents });
      }),

    retrieve: (id) =>
      db.transaction(async (tx) => {
        const row = await current(tx, id);
        return answer(await save(tx, row));
      }),
  };
}
