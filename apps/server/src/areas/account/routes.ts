import {
  type AccountDeletion,
  accountCalls,
  accountMessages,
  billingCalls,
  billingMessages,
  classIsOpen,
  DOCX_TYPE,
  PERMISSION_SLIP_FILE,
  settingsCalls,
  subscriptionState,
} from "@refrain/domain";
import type { FastifyRequest, preHandlerHookHandler } from "fastify";
import { stripeSettingsOf } from "../../config.ts";
import { type App, type AppServices, type Auth, area } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import { route, verbRoute } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { changeClassCode } from "../auth/index.ts";
import { type Billing, plansOf, storedSubscription } from "./billing/copy.ts";
import {
  cancel,
  cardSetup,
  pause,
  redeemPromo,
  resume,
  subscribe,
  updateCard,
} from "./billing/service.ts";
import {
  advanceSandboxClock,
  cancellations,
  createPromoCode,
  listPromoCodes,
  retirePromoCode,
} from "./billing/staff.ts";
import { ForgedEvent, receiveStripeEvent } from "./billing/webhook.ts";
import { permissionSlipDocx } from "./permission-slip.ts";
import { updateHowTeach, updateInformation, updateLogin } from "./profile.ts";
import {
  clearWelcomeMessage,
  loadSettings,
  ownAccount,
  slipSender,
  updatePreferences,
} from "./service.ts";

/**
 * Deleting one's own account is privacy's work (privacy/erase-account.ts), which builds on this
 * area's billing to cancel a subscription first: app.ts hands it in, so account never reaches
 * up into privacy.
 */
export type EraseAccount = (
  deps: Pick<AppServices, "db" | "jobs" | "passwordBox" | "media" | "storage" | "config"> & {
    billing: Billing;
  },
  auth: Auth,
  input: AccountDeletion,
) => Promise<unknown>;

export const accountArea = (eraseAccount: EraseAccount) =>
  area(
    "account",
    ({ app, db, config, payments, now, sessions, jobs, media, storage, passwordBox, limiter }) => {
      const billing: Billing = { db, provider: payments, config, now };
      const ok = { success: true as const };

      // The settings path names an account: every verb acts on the caller's own only.
      const ownsTheAccount: preHandlerHookHandler = async (request) => {
        ownAccount(authOf(request), (request.params as { teacherId: number }).teacherId);
      };

      verbRoute(
        app,
        settingsCalls,
        { preHandler: [ownsTheAccount] },
        {
          load: async (request) => {
            const auth = authOf(request);
            return { ...ok, ...(await loadSettings(billing, auth)) };
          },
          update_params: async (request, body) => {
            const auth = authOf(request);
            const { verb: _verb, ...changes } = body;
            return { ...ok, ...(await updatePreferences(db, auth, changes, request.ip)) };
          },
          clear_welcome_message: async (request) => {
            const auth = authOf(request);
            return { ...ok, ...(await clearWelcomeMessage(db, auth, request.ip)) };
          },
          change_class_code: async (request) => {
            const auth = authOf(request);
            const code = await changeClassCode(db, limiter, auth.user.id);
            return { ...ok, message: accountMessages.classCodeChanged, class_code: code };
          },
          update_login: async (request, body) => {
            const auth = authOf(request);
            const answer = await updateLogin(db, auth, body, request.ip);
            // The other sessions end in every server before the answer says so.
            await sessions.forgetUsers([auth.user.id]);
            return { ...ok, ...answer };
          },
          delete_account: async (request, body, reply) => {
            const auth = authOf(request);
            await eraseAccount(
              { db, jobs, passwordBox, media, storage, config, billing },
              auth,
              body,
            );
            // Its sessions went with it; every server forgets them now, and this browser's cookie.
            await sessions.forgetUsers([auth.user.id]);
            await sessions.end(request, reply);
            return { ...ok, message: accountMessages.accountDeleted };
          },
          update_info: async (request, body) => {
            const auth = authOf(request);
            const answer = await updateInformation(db, auth, body, request.ip);
            // Sessions carry the name the header shows.
            await sessions.forgetUsers([auth.user.id]);
            return { ...ok, ...answer };
          },
          update_howteach: async (request, body) => {
            const auth = authOf(request);
            return { ...ok, ...(await updateHowTeach(db, auth, body)) };
          },
          update_promo: async (request, body) => {
            const auth = authOf(request);
            const verb = { billing, auth, ip: request.ip };
            const subscription = await redeemPromo(verb, body.code);
            return { ...ok, message: billingMessages.promoApplied, subscription };
          },
          update_card: async (request, body) => {
            const auth = authOf(request);
            const subscription = await updateCard({ billing, auth, ip: request.ip }, body.token);
            return { ...ok, message: billingMessages.cardUpdated, subscription };
          },
          pause_subscription: async (request, body) => {
            const auth = authOf(request);
            const subscription = await pause({ billing, auth, ip: request.ip }, body.until);
            return { ...ok, message: billingMessages.paused, subscription };
          },
          resume_subscription: async (request) => {
            const auth = authOf(request);
            const subscription = await resume({ billing, auth, ip: request.ip });
            return { ...ok, message: billingMessages.resumed, subscription };
          },
          cancel_subscription: async (request, body) => {
            const auth = authOf(request);
            const subscription = await cancel({ billing, auth, ip: request.ip }, body);
            return { ...ok, message: billingMessages.cancelled, subscription };
          },
        },
      );

      route(app, accountCalls.standing, {}, async (request) => {
        const at = now();
        const sub = await storedSubscription(db, authOf(request).user.id, at);
        return {
          classOpen: classIsOpen(sub, at.toISOString().slice(0, 10)),
          state: subscriptionState(sub),
          validUntil: sub.valid_until,
        };
      });

      route(app, accountCalls.permissionSlip, {}, async (request, reply) => {
        const docx = await permissionSlipDocx(await slipSender(db, authOf(request).user.id));
        return reply
          .type(DOCX_TYPE)
          .header("content-disposition", `attachment; filename="${PERMISSION_SLIP_FILE}"`)
          .header("cache-control", "no-store")
          .send(docx);
      });

      route(app, billingCalls.plans, {}, async () => ({
        plans: plansOf(config),
        trialDays: config.TRIAL_DAYS,
        provider: payments.name,
        publishableKey: payments.publishableKey,
      }));

      route(app, billingCalls.subscribe, {}, async (request) => {
        const auth = authOf(request);
        const subscription = await subscribe({ billing, auth, ip: request.ip }, request.body);
        return {
          ...ok,
          message: billingMessages.subscribed,
          redirect: `/teacher/${auth.user.id}/settings`,
          subscription,
        };
      });

      route(app, billingCalls.setupIntent, {}, async (request) =>
        cardSetup({ billing, auth: authOf(request), ip: request.ip }),
      );

      // Stripe signs the exact bytes it sends: this one route reads its JSON body raw, in a
      // context of its own so that every other route keeps the JSON parser.
      const stripe = stripeSettingsOf(config);
      app.register(async (raw: App) => {
        raw.removeContentTypeParser("application/json");
        raw.addContentTypeParser(
          "application/json",
          { parseAs: "buffer", bodyLimit: 512 * 1024 },
          async (_request: FastifyRequest, body: Buffer) => body,
        );
        route(raw, billingCalls.stripeWebhook, {}, async (request, reply) => {
          // With the sandbox nobody posts events: the route is not there.
          if (!stripe) throw notFound();
          const signature = request.headers["stripe-signature"];
          try {
            const { duplicate, event } = await receiveStripeEvent(
              { db, jobs, webhookSecret: stripe.webhookSecret },
              request.body as unknown as Buffer,
              typeof signature === "string" ? signature : undefined,
            );
            request.log.info({ event: event.id, type: event.type, duplicate }, "stripe webhook");
            return { received: true as const, duplicate };
          } catch (error) {
            if (!(error instanceof ForgedEvent)) throw error;
            request.log.warn({ reason: error.message }, "stripe webhook refused");
            reply.code(400);
            return { success: false as const, message: billingMessages.webhookRefused };
          }
        });
      });

      route(app, billingCalls.cancellations, {}, async () => cancellations(db));
      route(app, billingCalls.promoCodes, {}, async () => ({ codes: await listPromoCodes(db) }));
      route(app, billingCalls.createPromoCode, {}, async (request) =>
        createPromoCode(db, authOf(request), request.body, request.ip),
      );
      route(app, billingCalls.sandboxAdvance, {}, async (request) => ({
        ...ok,
        ...(await advanceSandboxClock(billing, authOf(request), request.body, request.ip)),
      }));
      route(app, billingCalls.retirePromoCode, {}, async (request) =>
        retirePromoCode(db, authOf(request), request.params.id, request.ip),
      );
    },
  );
