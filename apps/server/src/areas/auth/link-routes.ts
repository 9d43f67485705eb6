import { authCalls, emailLinkMessages, mailboxKey, passwordResetMessages } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { gone } from "../../core/errors.ts";
import { route } from "../../core/route.ts";
import { forbidWhileImpersonating } from "../../plugins/guards.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import {
  consumeToken,
  emailLinkLetter,
  findAdultsByEmail,
  issueToken,
  markSignedIn,
  passwordResetLetter,
  peekToken,
  setPasswordAfterReset,
} from "./link-service.ts";
import type { LoginLimits } from "./login-limits.ts";

const resetExpired = () => gone(passwordResetMessages.expired);

/**
 * Signing in by an e-mailed link, and resetting a forgotten password. Both answer the same
 * whether or not an account uses the address, so nobody learns who has one.
 */
export function linkRoutes(
  { app, db, sessions, limiter, mailer, config, background }: AppContext,
  limits: LoginLimits,
) {
  /** Each kind of link e-mail's bucket in the rate limits. */
  const mailBucket = { email_login: "email-link", password_reset: "password-reset" } as const;

  /**
   * Sends the address's accounts their links, within the rate limits per client address and
   * per mailbox (every spelling of one address counts together, one bucket per kind of e-mail).
   * The accounts are found and their links issued and sent after the answer is on its way:
   * neither a slow mail server nor the number of accounts must make a known address answer
   * later than an unknown one. A failure is logged and kept in the outbox row.
   */
  async function mailLinks(
    request: FastifyRequest,
    email: string,
    purpose: "email_login" | "password_reset",
  ) {
    await limiter.check("mailPerIp", request.ip);
    const mailbox = `${mailBucket[purpose]}:${mailboxKey(email)}`;
    await limiter.check("mailPerAddressAndIp", `${mailbox}:${request.ip}`);
    await limiter.check("mailPerAddress", mailbox);
    background.run(request.log, "sending an e-mail", async () => {
      for (const adult of await findAdultsByEmail(db, email)) {
        const token = await issueToken(db, adult.id, purpose);
        await mailer.send(
          purpose === "email_login"
            ? await emailLinkLetter(adult, `${config.PUBLIC_URL}/auth/email-link/${token}`)
            : await passwordResetLetter(adult, `${config.PUBLIC_URL}/password/reset/${token}`),
        );
      }
    });
  }

  for (const [call, purpose, sent] of [
    [authCalls.sendEmailLink, "email_login", emailLinkMessages.sent],
    [authCalls.requestPasswordReset, "password_reset", passwordResetMessages.sent],
  ] as const)
    route(app, call, {}, async (request) => {
      const { email } = request.body;
      await mailLinks(request, email, purpose);
      return { success: true as const, message: sent(email) };
    });

  // Opening the link shows a page (the SPA) whose button posts here. A GET that signed in
  // would be spent by the mail scanners that open links before people do, and would let
  // another site sign a visitor into someone else's account.
  route(
    app,
    authCalls.useEmailLink,
    { preHandler: [rateLimit(limiter, "linkPerIp")] },
    async (request, reply) => {
      const userId = await consumeToken(db, request.params.token, "email_login");
      if (userId === null) throw gone(emailLinkMessages.expired);
      await markSignedIn(db, userId);
      // Whoever reads the account's mail gets in, even while its password sign-in is held
      // back here: this address and browser are known to it from now on (login-limits.ts).
      await limits.signedIn(request, reply, userId);
      await sessions.start(request, reply, userId);
      return { success: true as const, redirect: "/" };
    },
  );

  route(
    app,
    authCalls.resetToken,
    { preHandler: [rateLimit(limiter, "linkPerIp")] },
    async (request) => {
      const found = await peekToken(db, request.params.token, "password_reset");
      if (!found) throw resetExpired();
      return { success: true as const, data: { username: found.username } };
    },
  );

  route(
    app,
    authCalls.resetPassword,
    { onRequest: [forbidWhileImpersonating], preHandler: [rateLimit(limiter, "linkPerIp")] },
    async (request, reply) => {
      const userId = await consumeToken(db, request.params.token, "password_reset");
      if (userId === null) throw resetExpired();
      await setPasswordAfterReset(db, userId, request.body.password, request.ip);
      await sessions.forgetUsers([userId]);
      await sessions.start(request, reply, userId);
      return { success: true as const, redirect: "/", message: passwordResetMessages.changed };
    },
  );
}
