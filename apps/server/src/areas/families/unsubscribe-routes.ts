import { unsubscribeCalls } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import { area } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { setUnsubscribed, targetOf, unsubscribeState } from "./unsubscribe-service.ts";
import { UnsubscribeTokens } from "./unsubscribe-token.ts";

/** The forms a mailbox provider may post RFC 8058's field as. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The parent's unsubscribe link (issue 16 part 5): the one-click POST that mailbox providers
 * send, and the calls of the page at /u/:token. All public: the signed token is the only key.
 */
export const unsubscribeArea = area("families-unsubscribe", ({ app, db, config, limiter }) => {
  const tokens = new UnsubscribeTokens(config.APP_SECRET);
  // Counted before validation, so requests with bad tokens or bodies count too.
  const perIp = { preValidation: [rateLimit(limiter, "unsubscribePerIp")] };

  // Only this area reads forms, and only this small. The standard Response parser takes both
  // kinds; a body it cannot read is an empty form, which the schema then refuses (422).
  app.addContentTypeParser(
    FORM_TYPES,
    { parseAs: "buffer", bodyLimit: 8 * 1024 },
    async (request: FastifyRequest, body: Buffer) => {
      try {
        const headers = { "content-type": String(request.headers["content-type"]) };
        const form = await new Response(new Uint8Array(body), { headers }).formData();
        return Object.fromEntries(
          [...form.entries()].filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        );
      } catch {
        return {};
      }
    },
  );

  route(app, unsubscribeCalls.oneClick, perIp, async (request, reply) => {
    const target = targetOf(tokens, request.params.token);
    await setUnsubscribed(db, target, target.list, { undo: false, ip: request.ip });
    // The provider follows no redirect and shows nothing: a plain 200 is the whole answer.
    reply.header("cache-control", "no-store");
    return { success: true as const, message: "Unsubscribed." };
  });

  // Reads only, so a link scanner that opens the page changes nothing.
  route(app, unsubscribeCalls.state, perIp, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return {
      success: true as const,
      data: await unsubscribeState(db, targetOf(tokens, request.params.token)),
    };
  });

  route(app, unsubscribeCalls.choose, perIp, async (request) => {
    const target = targetOf(tokens, request.params.token);
    const { choice, undo = false } = request.body;
    return {
      success: true as const,
      data: await setUnsubscribed(db, target, choice, { undo, ip: request.ip }),
    };
  });
});
