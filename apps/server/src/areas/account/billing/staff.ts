import {
  billingMessages,
  CANCELLATIONS_SHOWN,
  type CancellationsResponse,
  POLICIES,
  type PromoCodeRow,
} from "@refrain/domain";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../../../core/audit.ts";
import type { Auth } from "../../../core/context.ts";
import { conflict, invalid, ownedOr404 } from "../../../core/errors.ts";
import type { Db } from "../../../db/client.ts";
import {
  promoCodes,
  promoRedemptions,
  sandboxSubscriptions,
  subscriptionCancellations,
  subscriptions,
  users,
} from "../../../db/schema/index.ts";
import { uniqueViolation } from "../../../db/unique.ts";
import { type Billing, subscriptionOf } from "./copy.ts";

/** The latest cancellations with who cancelled and why, and the count of each reason. */
export async function cancellations(db: Db): Promise<CancellationsResponse> {
  const rows = await db
    .select({
      id: subscriptionCancellations.id,
      userId: subscriptionCancellations.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      reasonCodes: subscriptionCancellations.reasonCodes,
      reason: subscriptionCancellations.reason,
      planType: subscriptionCancellations.planType,
      period: subscriptionCancellations.period,
      createdAt: subscriptionCancellations.createdAt,
    })
    .from(subscriptionCancellations)
    .innerJoin(users, eq(users.id, subscriptionCancellations.userId))
    .orderBy(desc(subscriptionCancellations.createdAt), desc(subscriptionCancellations.id))
    .limit(CANCELLATIONS_SHOWN);
  const counted = await db.execute(
    sql`select code, count(*)::int as n
        from ${subscriptionCancellations}, unnest(${subscriptionCancellations.reasonCodes}) as code
        group by code`,
  );
  // Both drivers answer raw SQL with its rows under `rows`.
  const reasons = (counted as unknown as { rows: { code: number; n: number }[] }).rows;
  const [total] = await db.select({ n: count() }).from(subscriptionCancellations);
  return {
    cancellations: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      username: row.username,
      email: row.email ?? "",
      reasonCodes: row.reasonCodes,
      reason: row.reason,
      plan: `${row.planType} ${row.period}`,
      createdAt: row.createdAt.toISOString(),
    })),
    byReason: Object.fromEntries(reasons.map((r) => [String(r.code), Number(r.n)])),
    total: total?.n ?? 0,
  };
}

const promoColumns = {
  id: promoCodes.id,
  code: promoCodes.code,
  note: promoCodes.note,
  createdAt: promoCodes.createdAt,
  retiredAt: promoCodes.retiredAt,
  redemptions:
    sql<number>`(select count(*) from ${promoRedemptions} where ${promoRedemptions.promoCodeId} = ${promoCodes.id})`.mapWith(
      Number,
    ),
};

type PromoRow = { [K in keyof typeof promoColumns]: unknown } & {
  id: number;
  code: string;
  note: string;
  createdAt: Date;
  retiredAt: Date | null;
  redemptions: number;
};

const shown = (row: PromoRow): PromoCodeRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  retiredAt: row.retiredAt?.toISOString() ?? null,
});

export async function listPromoCodes(db: Db): Promise<PromoCodeRow[]> {
  const rows = await db.select(promoColumns).from(promoCodes).orderBy(desc(promoCodes.createdAt));
  return rows.map(shown);
}

async function promoCode(db: Db, id: number): Promise<PromoCodeRow> {
  const [row] = await db.select(promoColumns).from(promoCodes).where(eq(promoCodes.id, id));
  return shown(ownedOr404(row));
}

/** A new code, kept in capitals so it reads the same on every flyer; codes are unique. */
export async function createPromoCode(
  db: Db,
  auth: Auth,
  input: { code: string; note: string },
  ip: string,
): Promise<PromoCodeRow> {
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(promoCodes)
        .values({ code: input.code.toUpperCase(), note: input.note, createdBy: auth.user.id })
        .returning({ id: promoCodes.id });
      if (!created) throw new Error("The promo code was not created");
      await recordAudit(tx, {
        actor: auth,
        target: null,
        action: "promo_code.create",
        ip,
        details: { code: input.code.toUpperCase() },
      });
      return created.id;
    });
    return promoCode(db, id);
  } catch (error) {
    if (uniqueViolation(error) !== null) throw invalid({ code: [billingMessages.promoCodeTaken] });
    throw error;
  }
}

/** Retired codes stay listed (their redemptions count) and are refused from now on. */
export async function retirePromoCode(db: Db, auth: Auth, id: number, ip: string) {
  await db.transaction(async (tx) => {
    const [retired] = await tx
      .update(promoCodes)
      .set({ retiredAt: sql`coalesce(${promoCodes.retiredAt}, now())` })
      .where(eq(promoCodes.id, id))
      .returning({ code: promoCodes.code });
    ownedOr404(retired);
    await recordAudit(tx, {
      actor: auth,
      target: null,
      action: "promo_code.retire",
      ip,
      details: { code: retired?.code },
    });
  });
  return promoCode(db, id);
}

/**
 * The sandbox's clock for one account: every date its billing runs on moves `days` back, which
 * is the account living `days` later: the trial's end, our copy's paid period and pause, and the
 * sandbox's own books. The next read plays what happened meanwhile (renewals, an ended pause or
 * subscription). Stripe keeps its own time, so this is the sandbox's alone.
 */
export async function advanceSandboxClock(
  billing: Billing,
  auth: Auth,
  input: { username: string; days: number },
  ip: string,
) {
  if (billing.provider.name !== "sandbox") throw conflict(billingMessages.sandboxOnly);
  const { db } = billing;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${input.username.trim().toLowerCase()}`,
        inArray(users.role, [...POLICIES.classOwners]),
      ),
    );
  if (!account) throw invalid({ username: [billingMessages.noSuchAdult] });
  const back = sql`make_interval(days => ${input.days})`;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ trialEndsAt: sql`${users.trialEndsAt} - ${back}` })
      .where(eq(users.id, account.id));
    const [copy] = await tx
      .update(subscriptions)
      .set({
        currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} - ${back}`,
        pausedUntil: sql`(${subscriptions.pausedUntil} - ${back})::date`,
      })
      .where(and(eq(subscriptions.userId, account.id), eq(subscriptions.provider, "sandbox")))
      .returning({ subscriptionId: subscriptions.subscriptionId });
    if (copy)
      await tx
        .update(sandboxSubscriptions)
        .set({
          currentPeriodEnd: sql`${sandboxSubscriptions.currentPeriodEnd} - ${back}`,
          pauseResumesAt: sql`${sandboxSubscriptions.pauseResumesAt} - ${back}`,
        })
        .where(eq(sandboxSubscriptions.id, copy.subscriptionId));
    await recordAudit(tx, {
      actor: auth,
      target: account.id,
      action: "sandbox.advance",
      ip,
      details: { days: input.days },
    });
  });
  return {
    message: billingMessages.advanced(input.username.trim(), input.days),
    subscription: await subscriptionOf(billing, account.id),
  };
}
