import {
  billingCalls,
  type cancelRequest,
  type PlansResponse,
  type PromoCodeRow,
  type SettingsSubscriptionResponse,
  type sandboxAdvanceRequest,
  settingsCalls,
  type subscriptionPurchaseRequest,
} from "@refrain/domain";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api.ts";
import { callQuery } from "../../../lib/call-query.ts";
import { patchSettings, settingsQuery } from "./settings.ts";

/** The browser's own day as yyyy-mm-dd: the teacher's "today" for the pause date and card expiry. */
export function localDay(now: Date = new Date()): string {
  const mm = String(now.getMonth() + 1).padStart(2, "0");
  const dd = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${mm}-${dd}`;
}

/** Which card form a settings page loads: the sandbox's key is the word "sandbox". */
export const providerOfKey = (publishableKey: string): PlansResponse["provider"] =>
  publishableKey === "sandbox" ? "sandbox" : "stripe";

// ───────────────────────── The settings page's subscription verbs ─────────────────────────

/** The verbs after which the spec reloads the page (§4): cancel, pause and resume. */
const RELOAD = true;

/**
 * A subscription verb of the settings page: `send` calls it, and the subscription it answers
 * shows at once. With `reload` the settings are then fetched afresh, which does what the spec's
 * page reload was for (every card shows the account as it now stands) without a page load: a
 * form another card holds keeps what was typed in it, since the cards only reset to saved
 * values that changed.
 */
function useSubscriptionVerb<V>(
  teacherId: number,
  send: (values: V) => Promise<SettingsSubscriptionResponse>,
  reload = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async ({ subscription }) => {
      patchSettings(queryClient, teacherId, { subscription });
      if (reload)
        await queryClient.invalidateQueries({ queryKey: settingsQuery(teacherId).queryKey });
    },
  });
}

export const usePauseSubscription = (teacherId: number) =>
  useSubscriptionVerb(
    teacherId,
    (until: string) =>
      api.call(settingsCalls.pause_subscription, { params: { teacherId }, body: { until } }),
    RELOAD,
  );

export const useResumeSubscription = (teacherId: number) =>
  useSubscriptionVerb(
    teacherId,
    () => api.call(settingsCalls.resume_subscription, { params: { teacherId } }),
    RELOAD,
  );

/** What the cancel dialog sends: the ticked reason codes and the "Other" text. */
export type CancelValues = Omit<z.input<typeof cancelRequest>, "verb">;

export const useCancelSubscription = (teacherId: number) =>
  useSubscriptionVerb(
    teacherId,
    (body: CancelValues) =>
      api.call(settingsCalls.cancel_subscription, { params: { teacherId }, body }),
    RELOAD,
  );

/** update_card: the spec replaces the shown subscription with the answered one; no reload. */
export const useUpdateCard = (teacherId: number) =>
  useSubscriptionVerb(teacherId, (token: string) =>
    api.call(settingsCalls.update_card, { params: { teacherId }, body: { token } }),
  );

/** update_promo: the free month moves the renewal date, so the answered subscription is shown. */
export const useUpdatePromo = (teacherId: number) =>
  useSubscriptionVerb(teacherId, (code: string) =>
    api.call(settingsCalls.update_promo, { params: { teacherId }, body: { code } }),
  );

// ───────────────────────── Plans and checkout ─────────────────────────

export const plansQuery = callQuery(["account", "billing", "plans"], billingCalls.plans);

export const usePlans = () => useQuery(plansQuery);

export type PurchaseValues = z.input<typeof subscriptionPurchaseRequest>;

/** POST /subscribe. The page goes to the answer's `redirect` itself, by a full page load. */
export const useSubscribe = () =>
  useMutation({
    mutationFn: (body: PurchaseValues) => api.call(billingCalls.subscribe, { body }),
  });

// ───────────────────────── Staff: cancellations and promo codes ─────────────────────────

export const cancellationsQuery = callQuery(
  ["account", "billing", "staff", "cancellations"],
  billingCalls.cancellations,
);

export const useCancellations = () => useQuery(cancellationsQuery);

export const promoCodesQuery = callQuery(
  ["account", "billing", "staff", "promoCodes"],
  billingCalls.promoCodes,
);

/** The codes alone, as the billing page lists them. */
export const usePromoCodes = () =>
  useQuery({ ...promoCodesQuery, select: (answer) => answer.codes });

/** Puts a created or retired code into the cached list in place, newest first for a new one. */
function storeCode(queryClient: QueryClient, row: PromoCodeRow) {
  queryClient.setQueryData(promoCodesQuery.queryKey, (old) => {
    if (!old) return old;
    const known = old.codes.some((code) => code.id === row.id);
    return {
      codes: known
        ? old.codes.map((code) => (code.id === row.id ? row : code))
        : [row, ...old.codes],
    };
  });
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; note: string }): Promise<PromoCodeRow> =>
      api.call(billingCalls.createPromoCode, { body }),
    onSuccess: (row) => storeCode(queryClient, row),
  });
}

export function useRetirePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<PromoCodeRow> =>
      api.call(billingCalls.retirePromoCode, { params: { id } }),
    onSuccess: (row) => storeCode(queryClient, row),
  });
}

/**
 * The sandbox's clock: moves one teacher's or parent's trial, paid period and pause as if `days`
 * had passed (POST /staff/billing/sandbox/advance). Nothing cached on the staff page shows that
 * account, so nothing is refetched.
 */
export const useSandboxAdvance = () =>
  useMutation({
    mutationFn: (body: z.output<typeof sandboxAdvanceRequest>) =>
      api.call(billingCalls.sandboxAdvance, { body }),
  });
