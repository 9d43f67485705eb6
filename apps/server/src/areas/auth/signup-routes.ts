import {
  completeSignupInfoResponse,
  completeSignupRequest,
  completeSignupResponse,
  mailboxKey,
  type SignupRequest,
  schoolsByZipResponse,
  signupMessages,
  signupRequest,
  signupResponse,
  TRIAL_DAYS,
  text,
  userExistsResponse,
  zipParams,
} from "@refrain/domain";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { authOf, forbidWhileImpersonating, requirePolicy } from "../../plugins/guards.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
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
export function signupRoutes({ app, db, sessions, limiter, mailer, background }: AppContext) {
  /**
   * A note to an address that other accounts already use, after the answer is on its way so
   * that it takes as long as any sign-up; a few a day per mailbox, skipped silently beyond.
   */
  async function noteSharedAddress(userId: number, input: SignupRequest) {
    const others = await otherAccountsWithEmail(db, input.email, userId);
    if (others.length === 0) return;
    if (!limiter.hit("signupNotePerMailbox", mailboxKey(input.email))) return;
    await mailer.send(sharedAddressLetter(input.email, input.userName, others));
  }

  app.post(
    "/teacher/signup",
    {
      onRequest: requirePolicy("public"),
      preHandler: rateLimit(limiter, "signupPerIp"),
      schema: {
        tags: ["auth"],
        summary: "Sign up a teacher or parent for a free trial, and sign them in",
        body: signupRequest,
        response: { 200: signupResponse },
      },
    },
    async (request, reply) => {
      const userId = await signUp(db, request.body);
      background.run(request.log, "the shared-address note", () =>
        noteSharedAddress(userId, request.body),
      );
      await sessions.start(request, reply, userId);
      return {
        success: true as const,
        redirect: "/",
        message: signupMessages.welcome(TRIAL_DAYS),
      };
    },
  );

  app.get(
    "/support/schoolsByZip/:zip",
    {
      onRequest: requirePolicy("public"),
      preHandler: rateLimit(limiter, "lookupPerIp"),
      schema: {
        tags: ["auth"],
        summary: "The schools of a 5-digit ZIP code, then My School Is Not Listed (id 1)",
        params: zipParams,
        response: { 200: schoolsByZipResponse },
      },
    },
    async (request) => {
      return schoolsByZip(db, request.params.zip);
    },
  );

  app.get(
    "/support/user/:loginName/exists",
    {
      onRequest: requirePolicy("public"),
      preHandler: rateLimit(limiter, "lookupPerIp"),
      schema: {
        tags: ["auth"],
        summary: "Whether an adult already has this username (an empty name counts as taken)",
        params: z.object({ loginName: text().max(200) }),
        response: { 200: userExistsResponse },
      },
    },
    async (request) => {
      return usernameExists(db, request.params.loginName);
    },
  );

  app.get(
    "/teacher/complete_signup",
    {
      onRequest: requirePolicy("classOwners"),
      schema: {
        tags: ["auth"],
        summary: "What a single-sign-on account already has, to preset the complete-signup form",
        response: { 200: completeSignupInfoResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await completeSignupInfo(db, authOf(request).user.id),
    }),
  );

  app.post(
    "/teacher/complete_signup_postback",
    {
      onRequest: [requirePolicy("classOwners"), forbidWhileImpersonating],
      schema: {
        tags: ["auth"],
        summary: "Complete the sign-up of an account created by single sign-on",
        body: completeSignupRequest,
        response: { 200: completeSignupResponse },
      },
    },
    async (request) => {
      await completeSignup(db, authOf(request).user.id, request.body);
      return { success: true as const, redirect: "/", message: signupMessages.completed };
    },
  );
}
