import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { brotliCompressSync, constants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pagePolicy } from "./security-headers.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers browser navigations with a file (a PDF link in an e-mail), never the app. */
    servesFile?: boolean;
  }
}

/**
 * Pages and API calls share paths (GET /teacher/students is a page, POST the roster API): a
 * browser navigation (a GET or HEAD that accepts HTML without the XMLHttpRequest marker, or
 * one for the site's address that accepts anything) gets the single-page app with the CSRF
 * token and the style nonce in its meta tags; everything else reaches the routes.
 */
export async function registerSpa(
  app: FastifyInstance,
  deps: {
    webDist: string;
    /**
     * The session call's answer for this request: the page carries it, so that the web app's
     * first render knows who is signed in (and the CSRF token) without a round trip.
     */
    sessionOf: (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<{ csrfToken: string; user: unknown }>;
    /** Stripe is configured: the adult billing pages may load Stripe.js (BILLING_PAGES). */
    stripe?: boolean;
  },
) {
  const indexFile = join(deps.webDist, "index.html");
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: join(deps.webDist, "assets"),
      prefix: "/assets/",
      immutable: true,
      maxAge: "365d",
      // The build writes .br and .gz next to each asset (apps/web/vite.config.ts).
      preCompressed: true,
    });
  }
  const template = built
    ? readFileSync(indexFile, "utf8")
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refrain</title><!--csrf--></head>
<body><p>The web app is not built yet: run <code>npm run build</code>, or <code>npm run dev</code> while developing.</p></body></html>`;
  // The sign-in pages drawn ahead for a visitor not signed in (apps/web/src/prerender.tsx): a
  // phone paints them from the HTML, and their app runs at the first touch. Until they are
  // drawn, or if they cannot be, the app draws them in the browser as it draws every page.
  const prerendered = new Map<string, string>();
  const drawer = join(deps.webDist, "ssr/prerender.js");
  if (built && existsSync(drawer)) {
    const stop = new AbortController();
    app.addHook("onClose", async () => stop.abort());
    app.addHook("onListen", async () => {
      drawAhead(app, drawer, template, stop.signal).then(
        (pages) => {
          for (const [url, page] of Object.entries(pages)) prerendered.set(url, page);
        },
        (error: unknown) => {
          if (!stop.signal.aborted) {
            app.log.warn({ err: error }, "the sign-in pages could not be drawn ahead");
          }
        },
      );
    });
  }

  app.addHook("onRequest", async (request, reply) => {
    if (!isNavigation(request)) return;
    // Without it (the database failing) the page still comes, and asks when it starts: it can
    // then say what failed and offer to try again.
    const session = await deps.sessionOf(request, reply).catch((error: unknown) => {
      request.log.error({ err: error }, "the page's session could not be read");
      return null;
    });
    // Mantine's and the captcha's <style> elements take the nonce from the csp-nonce meta tag.
    const nonce = randomBytes(16).toString("base64");
    // Only at its address without a query, which the page reads (a link's error, a class code).
    const drawn = session?.user === null ? prerendered.get(request.url) : undefined;
    // A data block is not a script the policy has to allow; `<` is escaped so that no name
    // typed into an account can close it.
    const html = (drawn?.replaceAll("%NONCE%", nonce) ?? template).replace(
      "<!--csrf-->",
      `<meta name="csp-nonce" content="${nonce}">${
        session
          ? `<meta name="csrf-token" content="${session.csrfToken}"><script type="application/json" id="session">${JSON.stringify(session).replaceAll("<", "\\u003c")}</script>`
          : ""
      }`,
    );
    // The app's page is about 1 KB: compressing it would save less than it costs. A drawn page
    // is some 25 KB, a fifth of it with brotli at a fast setting (under a millisecond).
    const brotli = drawn !== undefined && /\bbr\b/.test(String(request.headers["accept-encoding"]));
    if (drawn !== undefined) reply.header("vary", "accept-encoding");
    if (brotli) reply.header("content-encoding", "br");
    return reply
      .code(200)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header(
        "content-security-policy",
        pagePolicy(nonce, {
          stripe: deps.stripe === true && isBillingPage(request.url),
          inlineScript: drawn !== undefined,
        }),
      )
      .send(
        brotli
          ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : html,
      );
  });
}

/**
 * Draws the sign-in pages in a worker, off the thread that serves: the web build's module for
 * Node asks this server for what the pages show (the single sign-on buttons of its
 * configuration) over HTTP, as the browser will, with the cookies a browser would keep.
 */
async function drawAhead(
  app: FastifyInstance,
  drawer: string,
  template: string,
  signal: AbortSignal,
): Promise<Record<string, string>> {
  const address = app.server.address();
  if (address === null || typeof address === "string") return {};
  const host =
    { "0.0.0.0": "127.0.0.1", "::": "[::1]" }[address.address] ??
    (address.family === "IPv6" ? `[${address.address}]` : address.address);
  const worker = new Worker(DRAWING_WORKER, {
    eval: true,
    workerData: {
      drawer: pathToFileURL(drawer).href,
      origin: `http://${host}:${address.port}`,
      template,
    },
  });
  try {
    // The worker's failure rejects this too; a server closing first stops it.
    const [pages] = await once(worker, "message", { signal });
    return pages;
  } finally {
    await worker.terminate();
  }
}

const DRAWING_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const cookies = new Map();
const send = globalThis.fetch;
globalThis.fetch = async (url, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set("cookie", [...cookies].map(([name, value]) => name + "=" + value).join("; "));
  const response = await send(new URL(url, workerData.origin), { ...init, headers });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return response;
};
import(workerData.drawer)
  .then((drawer) => drawer.prerenderPages(workerData.template))
  .then((pages) => parentPort.postMessage(pages));
`;

/**
 * The adult billing pages, where the card form loads Stripe.js: Subscribe Now and a teacher's
 * or parent's settings. A policy holds for its document, so these pages are reached by a full
 * page load, and no page a student opens ever allows Stripe's origins.
 */
const BILLING_PAGES = /^\/(subscribe|teacher\/\d+\/settings)\/?$/;

export function isBillingPage(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  return BILLING_PAGES.test(path);
}

const NOT_PAGES = /^\/(api\/docs|assets\/|media\/|health$|auth\/oidc\/|clever\/login\b)/;

function isNavigation(request: FastifyRequest) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.routeOptions.config?.servesFile || request.headers["x-requested-with"]) return false;
  const accept = request.headers.accept ?? "";
  if (accept.includes("text/html")) return !NOT_PAGES.test(request.url.slice(0, 20));
  // curl, link previews and uptime checks ask for anything: the site's address is the page.
  // Other paths stay the API's, so a mistyped call still gets its 404 JSON.
  return /^\/(\?|$)/.test(request.url) && (accept === "" || accept.includes("*/*"));
}
