import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
  // The pages the server draws (apps/web/src/prerender.tsx, decision 0040): a phone paints them
  // from the HTML, and their app runs at the first touch. The sign-in pages are drawn once it
  // listens, a student's pages for each visit. Until the worker is ready, or where it cannot
  // draw a page, the app draws it in the browser as it draws every page.
  const prerendered = new Map<string, string>();
  const drawerFile = join(deps.webDist, "ssr/prerender.js");
  let drawer: Drawer | null = null;
  if (built && existsSync(drawerFile)) {
    app.addHook("onListen", async () => {
      const page = { template, stylesheets: lazyStylesheets(deps.webDist, template) };
      drawer = startDrawer(app, drawerFile, page, (pages) => {
        for (const [url, page] of Object.entries(pages)) prerendered.set(url, page);
      });
    });
    app.addHook("onClose", async () => drawer?.stop());
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
    // A sign-in page only at its address without a query, which the page reads (a link's
    // error, a class code); a signed-in visitor's page drawn for them, with their cookies.
    const drawn =
      session?.user === null
        ? prerendered.get(request.url)
        : session && drawer && request.method === "GET"
          ? ((await drawer.draw(request.url, request.headers.cookie ?? "", session)) ?? undefined)
          : undefined;
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
    // is 25–70 KB, a fifth of it with brotli at a fast setting (about a millisecond).
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

type Drawer = {
  /** The page at `url` drawn for the visitor of `cookie` and `session`, or null where it is not. */
  draw: (url: string, cookie: string, session: unknown) => Promise<string | null>;
  stop: () => Promise<unknown>;
};

/** A visit waits this long for its page; past it, the app draws the page in the browser. */
const DRAW_WAIT_MS = 4000;

/**
 * The worker that draws pages, off the thread that serves: the web build's module for Node asks
 * this server for what a page shows over HTTP, as the browser will, with the visitor's cookies
 * (`DRAWING_WORKER`). It draws the sign-in pages first, then each page it is asked for.
 */
function startDrawer(
  app: FastifyInstance,
  file: string,
  page: { template: string; stylesheets: Record<string, string> },
  drawnAhead: (pages: Record<string, string>) => void,
): Drawer | null {
  const address = app.server.address();
  if (address === null || typeof address === "string") return null;
  const host =
    { "0.0.0.0": "127.0.0.1", "::": "[::1]" }[address.address] ??
    (address.family === "IPv6" ? `[${address.address}]` : address.address);
  const worker = new Worker(DRAWING_WORKER, {
    eval: true,
    workerData: {
      drawer: pathToFileURL(file).href,
      origin: `http://${host}:${address.port}`,
      page,
    },
  });
  const waiting = new Map<number, (page: string | null) => void>();
  let asked = 0;
  let broken = false;
  worker.on("message", (message: DrawerMessage) => {
    if ("ahead" in message) {
      if (message.ahead) drawnAhead(message.ahead);
      else app.log.warn({ reason: message.error }, "the sign-in pages could not be drawn ahead");
      return;
    }
    // A page that cannot be drawn (a lesson the student may not open, a call failing) is the
    // app's to draw, and to explain.
    if (message.error) app.log.info({ reason: message.error }, "a page was not drawn");
    waiting.get(message.id)?.(message.page);
  });
  worker.on("error", (error) => {
    app.log.warn({ err: error }, "the drawing worker failed: the app draws every page");
  });
  // Failed or stopped with the server, it draws nothing more; a visit waiting gets the app.
  worker.on("exit", () => {
    broken = true;
    for (const answer of waiting.values()) answer(null);
  });
  return {
    draw(url, cookie, session) {
      if (broken) return Promise.resolve(null);
      const id = ++asked;
      return new Promise((resolve) => {
        const answer = (page: string | null) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(page);
        };
        const timer = setTimeout(() => {
          app.log.warn({ url }, "a page took too long to draw: the app draws it");
          answer(null);
        }, DRAW_WAIT_MS);
        waiting.set(id, answer);
        worker.postMessage({ id, url, cookie, session });
      });
    },
    stop: () => worker.terminate(),
  };
}

/**
 * The build's stylesheets but the entry's (the app's page links it), by address: a drawn page
 * has the styles of the lazy parts it shows, which the browser would add as it loads their code.
 */
function lazyStylesheets(webDist: string, template: string): Record<string, string> {
  const sheets: Record<string, string> = {};
  for (const file of readdirSync(join(webDist, "assets"))) {
    const href = `/assets/${file}`;
    if (!file.endsWith(".css") || template.includes(`"${href}"`)) continue;
    sheets[href] = readFileSync(join(webDist, "assets", file), "utf8");
  }
  return sheets;
}

type DrawerMessage =
  | { ahead: Record<string, string> | null; error?: string }
  | { id: number; page: string | null; error?: string };

/**
 * Each drawing's calls go to this server with the visitor's cookies (the sign-in pages: those
 * a browser would keep from the answers, as a POST needs the CSRF token its session call
 * set) and, where the app sends a CSRF token, the visitor's: the app's module keeps the last one
 * it saw, which may be another visitor's.
 */
const DRAWING_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { AsyncLocalStorage } = require("node:async_hooks");
const visitor = new AsyncLocalStorage();
const send = globalThis.fetch;
globalThis.fetch = async (url, init = {}) => {
  const address = new URL(url, workerData.origin);
  // The visitor's cookies go to this server only.
  if (address.origin !== workerData.origin) return send(address, init);
  const { cookies, csrfToken } = visitor.getStore();
  const headers = new Headers(init.headers);
  headers.set("cookie", [...cookies].map(([name, value]) => name + "=" + value).join("; "));
  if (csrfToken && headers.has("x-csrf-token")) headers.set("x-csrf-token", csrfToken);
  const response = await send(address, { ...init, headers });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return response;
};
const cookiesOf = (header) =>
  new Map(header.split(/; */).filter(Boolean).map((pair) => {
    const at = pair.indexOf("=");
    return [pair.slice(0, at), pair.slice(at + 1)];
  }));
const reason = (error) => String(error && error.message || error);
import(workerData.drawer).then((drawer) => {
  parentPort.on("message", ({ id, url, cookie, session }) => {
    visitor
      .run({ cookies: cookiesOf(cookie), csrfToken: session.csrfToken }, () =>
        drawer.drawPage(workerData.page, url, session))
      .then(
        (page) => parentPort.postMessage({ id, page }),
        (error) => parentPort.postMessage({ id, page: null, error: reason(error) }),
      );
  });
  return visitor.run({ cookies: new Map() }, () => drawer.prerenderPages(workerData.page)).then(
    (ahead) => parentPort.postMessage({ ahead }),
    (error) => parentPort.postMessage({ ahead: null, error: reason(error) }),
  );
});
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
