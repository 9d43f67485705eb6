import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The policy of the web app's page (decision record 0008): everything from this origin only.
 * Mantine and the captcha widget add `<style>` elements, which carry the page's nonce; React
 * sets style properties through the CSSOM, which CSP does not govern, so no inline style
 * attribute is allowed. The captcha solves its challenge in a Web Worker made from a blob: URL.
 * A student listens back to their reading before sending it: the recorder plays the recorded
 * blob: URL, so media may come from blob: as well as this origin.
 */
export function pagePolicy(
  nonce: string,
  options: { stripe?: boolean; inlineScript?: boolean } = {},
) {
  const stripe = options.stripe === true;
  // A prerendered page's boot script is inline (plugins/spa.ts): the page's nonce allows it.
  const scripts = ["'self'", ...(options.inlineScript ? [`'nonce-${nonce}'`] : [])];
  if (stripe) scripts.push(STRIPE_SOURCES.script);
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self'",
    "media-src 'self' blob:",
    "font-src 'self'",
    stripe ? `connect-src 'self' ${STRIPE_SOURCES.connect}` : "connect-src 'self'",
    ...(stripe ? [`frame-src 'self' ${STRIPE_SOURCES.frame}`] : []),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The origins Stripe's security guide lists for Stripe.js and Elements: the script and its
 * frames from js.stripe.com, the 3-D Secure and redirect frames from hooks.stripe.com, and
 * the API calls to api.stripe.com. Allowed only on the adult billing pages (spa.ts).
 */
export const STRIPE_SOURCES = {
  script: "https://js.stripe.com",
  connect: "https://api.stripe.com",
  frame: "https://js.stripe.com https://hooks.stripe.com",
} as const;

/**
 * A page the server writes itself with one inline `<style>` (exactly `style`, the text between
 * the tags) and nothing else to load but what `allow` names (e.g. "media-src 'self'" for a page
 * that plays a file): the style is allowed by its hash, as no nonce is needed.
 */
export function inlineStylePolicy(style: string, allow: string[] = []) {
  const hash = createHash("sha256").update(style, "utf8").digest("base64");
  return [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    ...allow,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API answers, assets and files: nothing in them may load or run anything. */
const NOTHING_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Chromium's PDF viewer draws a PDF inside a page of its own that takes the file's policy and
 * needs inline styles and the file itself as plugin data (Chromium issue 271452).
 */
const PDF_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Swagger UI (@fastify/swagger-ui, under /api/docs) builds its page with inline style
 * attributes and data: images; it loads no script but its own files.
 */
const DOCS_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const DOCS_PREFIX = "/api/docs";

function policyFor(request: FastifyRequest, reply: FastifyReply) {
  if (request.url === DOCS_PREFIX || request.url.startsWith(`${DOCS_PREFIX}/`)) return DOCS_POLICY;
  if (String(reply.getHeader("content-type") ?? "").startsWith("application/pdf")) {
    return PDF_POLICY;
  }
  return NOTHING_POLICY;
}

/**
 * Headers on every answer: a Content-Security-Policy (the page sets its own, with its nonce,
 * in spa.ts), no MIME sniffing, no referrer to other sites (reset and sign-in links carry
 * tokens in their paths), HSTS behind an https PUBLIC_URL, and no caching of JSON, which is
 * per user.
 */
export function registerSecurityHeaders(app: FastifyInstance, deps: { publicUrl: string }) {
  const https = deps.publicUrl.startsWith("https:");
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", policyFor(request, reply));
    }
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
    if (https) reply.header("strict-transport-security", "max-age=31536000");
    const json = String(reply.getHeader("content-type") ?? "").startsWith("application/json");
    if (json && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
