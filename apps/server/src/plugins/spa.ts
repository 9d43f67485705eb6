import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionStore } from "./session.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers browser navigations with a file (a PDF link in an e-mail), never the app. */
    servesFile?: boolean;
  }
}

/**
 * Pages and API calls share paths (GET /teacher/students is a page, POST the roster API): a
 * browser navigation, a GET that accepts HTML without the XMLHttpRequest marker, gets the
 * single-page app with the CSRF token in its meta tag; everything else reaches the routes.
 */
export async function registerSpa(
  app: FastifyInstance,
  deps: { webDist: string; sessions: SessionStore },
) {
  const indexFile = join(deps.webDist, "index.html");
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: join(deps.webDist, "assets"),
      prefix: "/assets/",
      immutable: true,
      maxAge: "365d",
    });
  }
  const template = built
    ? readFileSync(indexFile, "utf8")
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refrain</title><!--csrf--></head>
<body><p>The web app is not built yet: run <code>npm run build</code>, or <code>npm run dev</code> while developing.</p></body></html>`;

  app.addHook("onRequest", async (request, reply) => {
    if (!isNavigation(request)) return;
    const token = deps.sessions.csrfToken(request, reply);
    const html = template.replace("<!--csrf-->", `<meta name="csrf-token" content="${token}">`);
    return reply
      .code(200)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(html);
  });
}

const NOT_PAGES = /^\/(api\/docs|assets\/|media\/|health$|auth\/oidc\/|clever\/login\b)/;

function isNavigation(request: FastifyRequest) {
  return (
    request.method === "GET" &&
    !request.routeOptions.config?.servesFile &&
    !request.headers["x-requested-with"] &&
    (request.headers.accept ?? "").includes("text/html") &&
    !NOT_PAGES.test(request.url.slice(0, 20))
  );
}
