import { type LeadKind, leadsCalls, mailboxKey } from "@refrain/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createCaptcha } from "../../adapters/captcha.ts";
import { area } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { inlineStylePolicy } from "../../plugins/security-headers.ts";
import { listLeads } from "./inbox.ts";
import { listOutbox, readOutboxAttachment } from "./mailbox.ts";
import {
  expiredQuotePage,
  LINK_PAGE_STYLE,
  missingQuotePage,
  openQuote,
  requestQuote,
} from "./quotes.ts";
import {
  bookCall,
  bookingUrl,
  requestDistrictPricing,
  requestSchoolTrial,
  sendContactMessage,
  sendFeedback,
} from "./service.ts";

/** The Content-Security-Policy the quote link pages need: their own style and nothing else. */
const LINK_PAGE_POLICY = inlineStylePolicy(LINK_PAGE_STYLE);

/** Sends stored bytes as a named file; the name is reduced to safe characters for the header. */
function sendFile(
  reply: FastifyReply,
  file: { filename: string; contentType: string; content: Buffer },
  disposition: "inline" | "attachment",
) {
  const ascii = file.filename.replace(/[^\w.-]/g, "_");
  return reply
    .type(file.contentType)
    .header(
      "content-disposition",
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.content);
}

export const leadsArea = area("leads", ({ app, db, storage, mailer, config, limiter }) => {
  const captcha = createCaptcha(db, config.APP_SECRET);
  const deps = { db, mailer, config, storage, captcha };

  /** Each public form counts its own submissions per client address, valid or not. */
  const limitPerIp = (kind: LeadKind) =>
    rateLimit(limiter, "leadFormPerIp", (request) => `${kind}:${request.ip}`);
  const userIdOf = (request: FastifyRequest) => request.auth?.user.id ?? null;
  /**
   * Forms that e-mail the address typed into them, counted per mailbox, so other spellings of
   * one address (case, dots, +tags) share the counter.
   */
  const limitRecipient = (email: string) =>
    limiter.check("leadMailPerRecipient", mailboxKey(email));

  route(app, leadsCalls.contactInfo, {}, async () => ({
    success: true as const,
    data: { salesEmail: config.SALES_EMAIL, bookingUrl: bookingUrl(config) },
  }));

  route(app, leadsCalls.contact, { preValidation: [limitPerIp("contact")] }, async (request) => ({
    success: true as const,
    message: await sendContactMessage(deps, request.body, request.ip, userIdOf(request)),
  }));

  route(app, leadsCalls.bookCall, { preValidation: [limitPerIp("book_call")] }, async (request) => {
    await limitRecipient(request.body.email);
    await bookCall(deps, request.body, request.ip);
    return { success: true as const };
  });

  route(
    app,
    leadsCalls.captchaChallenge,
    { preValidation: [rateLimit(limiter, "captchaChallengePerIp")] },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const { parameters, signature } = await captcha.challenge();
      return { parameters: { ...parameters }, signature };
    },
  );

  route(
    app,
    leadsCalls.schoolTrial,
    { preValidation: [limitPerIp("school_trial")] },
    async (request) => ({
      success: true as const,
      message: await requestSchoolTrial(deps, request.body, request.ip),
    }),
  );

  route(
    app,
    leadsCalls.districtPricing,
    { preValidation: [limitPerIp("district_pricing")] },
    async (request) => ({
      success: true as const,
      message: await requestDistrictPricing(deps, request.body, request.ip),
    }),
  );

  route(app, leadsCalls.feedback, { preValidation: [limitPerIp("feedback")] }, async (request) => ({
    success: true as const,
    message: await sendFeedback(deps, request.body, request.ip, userIdOf(request)),
  }));

  route(app, leadsCalls.quote, { preValidation: [limitPerIp("quote")] }, async (request) => {
    await limitRecipient(request.body.email);
    const quote = await requestQuote(deps, request.body, request.ip);
    return {
      success: true as const,
      message: quote.message,
      url: quote.url,
      invoice_number: quote.invoiceNumber,
    };
  });

  route(app, leadsCalls.quotePdf, {}, async (request, reply) => {
    const download = await openQuote(db, storage, request.params.token);
    const page = (status: number, html: string) =>
      reply
        .code(status)
        .type("text/html; charset=utf-8")
        .header("content-security-policy", LINK_PAGE_POLICY)
        .send(html);
    if (download.status === "missing") return page(404, missingQuotePage());
    if (download.status === "expired") return page(410, expiredQuotePage(download));
    return sendFile(
      reply,
      {
        filename: `${download.invoiceNumber}.pdf`,
        contentType: "application/pdf",
        content: download.content,
      },
      "inline",
    );
  });

  route(app, leadsCalls.leads, {}, async (request) => ({
    success: true as const,
    data: await listLeads(db, config, request.query),
  }));

  route(app, leadsCalls.outbox, {}, async (request) => ({
    success: true as const,
    data: { messages: await listOutbox(db, request.query.to) },
  }));

  route(app, leadsCalls.outboxAttachment, {}, async (request, reply) => {
    const { id, index } = request.params;
    return sendFile(reply, await readOutboxAttachment(db, storage, id, index), "attachment");
  });
});
