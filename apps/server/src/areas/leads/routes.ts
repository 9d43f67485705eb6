import {
  bookCallRequest,
  bookCallResponse,
  captchaChallengeResponse,
  contactInfoResponse,
  contactRequest,
  districtPricingRequest,
  type LeadKind,
  leadMessageResponse,
  leadsQuery,
  leadsResponse,
  mailboxKey,
  outboxAttachmentParams,
  outboxQuery,
  outboxResponse,
  productFeedbackRequest,
  quoteRequest,
  quoteResponse,
  schoolTrialRequest,
  text,
} from "@refrain/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { createCaptcha } from "../../adapters/captcha.ts";
import { area } from "../../context.ts";
import { requirePolicy } from "../../plugins/guards.ts";
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

  app.get(
    "/contact",
    {
      onRequest: requirePolicy("public"),
      schema: {
        tags: ["leads"],
        summary: "The sales address and the booking link the contact and pricing pages show",
        response: { 200: contactInfoResponse },
      },
    },
    async () => ({
      success: true as const,
      data: { salesEmail: config.SALES_EMAIL, bookingUrl: bookingUrl(config) },
    }),
  );

  app.post(
    "/contact",
    {
      onRequest: requirePolicy("public"),
      preValidation: limitPerIp("contact"),
      schema: {
        tags: ["leads"],
        summary: "A message to the company from the contact page, with the address to reply to",
        body: contactRequest,
        response: { 200: leadMessageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: await sendContactMessage(deps, request.body, request.ip, userIdOf(request)),
    }),
  );

  app.post(
    "/tutor/book-call",
    {
      onRequest: requirePolicy("public"),
      preValidation: limitPerIp("book_call"),
      schema: {
        tags: ["leads"],
        summary: "Book a call: e-mails the visitor a link to schedule it",
        body: bookCallRequest,
        response: { 200: bookCallResponse },
      },
    },
    async (request) => {
      limitRecipient(request.body.email);
      await bookCall(deps, request.body, request.ip);
      return { success: true as const };
    },
  );

  app.get(
    "/altcha/challenge",
    {
      onRequest: requirePolicy("public"),
      preValidation: rateLimit(limiter, "captchaChallengePerIp"),
      schema: {
        tags: ["leads"],
        summary: "A proof-of-work challenge for the captcha widget of the school trial form",
        response: { 200: captchaChallengeResponse },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const { parameters, signature } = await captcha.challenge();
      return { parameters: { ...parameters }, signature };
    },
  );

  app.post(
    "/school/free_trial",
    {
      onRequest: requirePolicy("public"),
      preValidation: limitPerIp("school_trial"),
      schema: {
        tags: ["leads"],
        summary: "A school's free trial request, with the solved captcha in `altcha`",
        body: schoolTrialRequest,
        response: { 200: leadMessageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: await requestSchoolTrial(deps, request.body, request.ip),
    }),
  );

  app.post(
    "/district_pricing",
    {
      onRequest: requirePolicy("public"),
      preValidation: limitPerIp("district_pricing"),
      schema: {
        tags: ["leads"],
        summary: "A district's pricing request",
        body: districtPricingRequest,
        response: { 200: leadMessageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: await requestDistrictPricing(deps, request.body, request.ip),
    }),
  );

  app.post(
    "/feedback",
    {
      onRequest: requirePolicy("public"),
      preValidation: limitPerIp("feedback"),
      schema: {
        tags: ["leads"],
        summary: "Feedback about the product, from a visitor or a signed-in user",
        body: productFeedbackRequest,
        response: { 200: leadMessageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: await sendFeedback(deps, request.body, request.ip, userIdOf(request)),
    }),
  );

  app.post(
    "/school_pricing_invoice",
    {
      onRequest: requirePolicy("public"),
      preValidation: limitPerIp("quote"),
      schema: {
        tags: ["leads"],
        summary:
          "A school quote (product school) or homeschool invoice (product homeschool): priced, numbered, its PDF link e-mailed",
        body: quoteRequest,
        response: { 200: quoteResponse },
      },
    },
    async (request) => {
      limitRecipient(request.body.email);
      const quote = await requestQuote(deps, request.body, request.ip);
      return {
        success: true as const,
        message: quote.message,
        url: quote.url,
        invoice_number: quote.invoiceNumber,
      };
    },
  );

  app.get(
    "/quotes/:token.pdf",
    {
      onRequest: requirePolicy("public"),
      config: { servesFile: true },
      schema: {
        tags: ["leads"],
        summary: "A quote's or invoice's PDF for 30 days; then a page saying it expired (410)",
        params: z.object({ token: text().max(100) }),
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    "/staff/leads",
    {
      onRequest: requirePolicy("staff"),
      schema: {
        tags: ["leads"],
        summary: "Every lead, newest first, by kind and text; 50 a page",
        querystring: leadsQuery,
        response: { 200: leadsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listLeads(db, config, request.query),
    }),
  );
  app.get(
    "/staff/outbox",
    {
      onRequest: requirePolicy("staff"),
      schema: {
        tags: ["leads"],
        summary: "The mail outbox, newest first (at most 200), optionally to one address",
        querystring: outboxQuery,
        response: { 200: outboxResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: { messages: await listOutbox(db, request.query.to) },
    }),
  );

  app.get(
    "/staff/outbox/:id/attachments/:index",
    {
      onRequest: requirePolicy("staff"),
      config: { servesFile: true },
      schema: {
        tags: ["leads"],
        summary: "One attachment of an outbox message, with its content type",
        params: outboxAttachmentParams,
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      return sendFile(reply, await readOutboxAttachment(db, storage, id, index), "attachment");
    },
  );
});
