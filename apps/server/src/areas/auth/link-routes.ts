import {
  emailLinkMessages,
  emailLinkRequest,
  mailboxKey,
  newPasswordRequest,
  passwordChangedResponse,
  passwordResetMessages,
  passwordResetRequest,
  redirectResponse,
  resetTokenParams,
  resetTokenResponse,
  sentResponse,
} from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { gone } from "../../errors.ts";
import { forbidWhileImpersonating, requirePolicy } from "../../plugins/guards.ts";
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

const resetExpired = () => gone(passwordResetMessages.expired);

/**
 * Signing in by an e-mailed link, and resetting a forgotten password. Both answer the same
 * whether or not an account uses the address, so nobody learns who has one.
 */
export function linkRoutes({ app, db, sessions, limiter, mailer, config, background }: AppContext) {
  /**
   * Rate limits per client address and per mailbox (every spelling of one address counts
   * together), one bucket per kind of e-mail.
   */
  function limitMail(request: FastifyRequest, kind: string, email: string) {
    limiter.check("mailPerIp", request.ip);
    const mailbox = `${kind}:${mailboxKey(email)}`;
    limiter.check("mailPerAddressAndIp", `${mailbox}:${request.ip}`);
    limiter.check("mailPerAddress", mailbox);
  }

  /**
   * Finds the accounts of the address, issues their links and sends them after the answer is
   * on its way: neither a slow mail server nor the number of accounts must make a known address
   * answer later than an unknown one. A failure is logged and kept in the outbox row.
   */
  function sendInBackground(
    request: FastifyRequest,
    email: string,
    purpose: "email_login" | "password_reset",
  ) {
    background.run(request.log, "sending an e-mail", async () => {
      for (const adult of await findAdultsByEmail(db, email)) {
        const token = await issueToken(db, adult.id, purpose);
        await mailer.send(
          purpose === "email_login"
            ? emailLinkLetter(adult, `${config.PUBLIC_URL}/auth/email-link/${token}`)
            : passwordResetLetter(adult, `${config.PUBLIC_URL}/password/reset/${token}`),
        );
      }
    });
  }

  app.post(
    "/teacher/send_email_link",
    {
      onRequest: requirePolicy("public"),
      schema: {
        tags: ["auth"],
        summary: "E-mail a single-use login link (15 minutes); the same answer for any address",
        body: emailLinkRequest,
        response: { 200: sentResponse },
      },
    },
    async (request) => {
      const { email } = request.body;
      limitMail(request, "email-link", email);
      sendInBackground(request, email, "email_login");
      return { success: true as const, message: emailLinkMessages.sent(email) };
    },
  );

  // Opening the link shows a page (the SPA) whose button posts here. A GET that signed in
  // would be spent by the mail scanners that open links before people do, and would let
  // another site sign a visitor into someone else's account.
  app.post(
    "/auth/email-link/:token",
    {
      onRequest: requirePolicy("public"),
      preHandler: rateLimit(limiter, "linkPerIp"),
      schema: {
        tags: ["auth"],
        summary: "Sign in with an e-mailed login link (single use); 410 once spent or expired",
        params: resetTokenParams,
        response: { 200: redirectResponse },
      },
    },
    async (request, reply) => {
      const userId = await consumeToken(db, request.params.token, "email_login");
      if (userId === null) throw gone(emailLinkMessages.expired);
      await markSignedIn(db, userId);
      await sessions.start(request, reply, userId);
      return { success: true as const, redirect: "/" };
    },
  );

  app.post(
    "/password/reset",
    {
      onRequest: requirePolicy("public"),
      schema: {
        tags: ["auth"],
        summary: "E-mail a password reset link (1 hour); the same answer for any address",
        body: passwordResetRequest,
        response: { 200: sentResponse },
      },
    },
    async (request) => {
      const { email } = request.body;
      limitMail(request, "password-reset", email);
      sendInBackground(request, email, "password_reset");
      return { success: true as const, message: passwordResetMessages.sent(email) };
    },
  );

  app.get(
    "/password/reset/:token",
    {
      onRequest: requirePolicy("public"),
      preHandler: rateLimit(limiter, "linkPerIp"),
      schema: {
        tags: ["auth"],
        summary: "Whether a password reset link still works, and the username it is for",
        params: resetTokenParams,
        response: { 200: resetTokenResponse },
      },
    },
    async (request) => {
      const found = await peekToken(db, request.params.token, "password_reset");
      if (!found) throw resetExpired();
      return { success: true as const, data: { username: found.username } };
    },
  );

  app.post(
    "/password/reset/:token",
    {
      onRequest: [requirePolicy("public"), forbidWhileImpersonating],
      preHandler: rateLimit(limiter, "linkPerIp"),
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a reset link; ends the account's other sessions",
        params: resetTokenParams,
        body: newPasswordRequest,
        response: { 200: passwordChangedResponse },
      },
    },
    async (request, reply) => {
      const userId = await consumeToken(db, request.params.token, "password_reset");
      if (userId === null) throw resetExpired();
      await setPasswordAfterReset(db, userId, request.body.password, request.ip);
      await sessions.start(request, reply, userId);
      return { success: true as const, redirect: "/", message: passwordResetMessages.changed };
    },
  );
}
