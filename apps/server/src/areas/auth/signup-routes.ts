import { authCalls, mailboxKey, type SignupRequest, signupMessages } from "@refrain/domain";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf, forbidWhileImpersonating } from "../../plugins/guards.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import type { LoginLimits } from "./login-limits.ts";
import {
  completeSignup,
  completeSignupInfo,
  otherAccountsWithEmail,
  schoolsByZip,
  sharedAddressLetter,
  signUp,
  usernameExists,
} from "./signup-service.ts";

/** Sign-up, its lookups, and completing a single-sign-on account (access spec §5, §7). */
export function signupRoutes(
  { app, db, config, sessions, limiter, mailer, background }: AppContext,
  limits: LoginLimits,
) {
  /**
   * A note to an address that other accounts already use, after the answer is on its way so
   * that it takes as long as any sign-up; a few a day per mailbox, skipped silently beyond.
   */
  async function noteSharedAddress(userId: number, input: SignupRequest) {
    const others = await otherAccountsWithEmail(db, input.email, userId);
    if (others.length === 0) return;
    if (!(await limiter.hit("signupNotePerMailbox", mailboxKey(input.email)))) return;
    await mailer.send(await sharedAddressLetter(input.email, input.userName, others));
  }

  route(
    app,
    authCalls.signup,
    { preHandler: [rateLimit(limiter, "signupPerIp")] },
    async (request, reply) => {
      const userId = await signUp(db, request.body, config.TRIAL_DAYS);
      background.run(request.log, "the shared-address note", () =>
        noteSharedAddress(userId, request.body),
      );
      await limits.signedIn(request, reply, userId);
      await sessions.start(request, reply, userId);
      return {
        success: true as const,
        redirect: "/",
        message: signupMessages.welcome(config.TRIAL_DAYS),
      };
    },
  );

  route(
    app,
    authCalls.schoolsByZip,
    { preHandler: [rateLimit(limiter, "lookupPerIp")] },
    async (request) => schoolsByZip(db, request.params.zip),
  );

  route(
    app,
    authCalls.usernameExists,
    { preHandler: [rateLimit(limiter, "lookupPerIp")] },
    async (request) => usernameExists(db, request.params.loginName),
  );

  route(app, authCalls.completeSignupInfo, {}, async (request) => ({
    success: true as const,
    data: await completeSignupInfo(db, authOf(request).user.id),
  }));

  route(
    app,
    authCalls.completeSignup,
    { onRequest: [forbidWhileImpersonating] },
    async (request) => {
      await completeSignup(db, authOf(request).user.id, request.body, config.TRIAL_DAYS);
      // The session carries the role and school just chosen.
      await sessions.forgetUsers([authOf(request).user.id]);
      return { success: true as const, redirect: "/", message: signupMessages.completed };
    },
  );
}
