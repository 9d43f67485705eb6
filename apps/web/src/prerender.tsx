import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/router.tsx";
import { socialProvidersQuery } from "./areas/auth/api/get-social-providers.ts";
import { boot } from "./boot.ts";
import { PAGE_READY } from "./lib/page-ready.ts";
import { QUERIES_BLOCK, STYLES_BLOCK, takeStyles } from "./lib/prerendered-page.ts";
import { sessionQuery } from "./lib/session.ts";

/** A call a drawn page reads: so far only the sign-on buttons' list (a new one widens this). */
type PageCall = ReturnType<typeof socialProvidersQuery>;

/**
 * The sign-in pages, drawn ahead for a visitor who is not signed in: a phone paints them from
 * the HTML, and the app runs at the first touch (src/boot.ts). The server draws them once it
 * listens, in a worker, with this module built for Node (vite.config.ts), since they show what
 * its configuration allows (the single sign-on buttons), and sends one only at its address
 * without a query, which the pages read (apps/server/src/plugins/spa.ts).
 *
 * Each page with the calls its first render reads besides the session: asked of the server
 * as the browser would ask them, so that the page is drawn as the browser will draw it.
 */
const PAGES: Record<string, PageCall[]> = {
  "/login": [socialProvidersQuery("login")],
  "/student/login": [socialProvidersQuery("student")],
};

/**
 * Each page whole, from the app's page (index.html, `template`): the app's HTML in #app; in
 * place of the entry's script tag, a preload of it and the boot script that runs it; the inline
 * styles moved into a stylesheet. `%NONCE%` is the server's to fill in with each answer's nonce.
 */
export async function prerenderPages(template: string): Promise<Record<string, string>> {
  const entryTag = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entryTag?.[1] || !template.includes('<div id="app"></div>')) {
    throw new Error("The app's page has no entry script or no empty #app to draw into");
  }
  const head = `<link rel="modulepreload" crossorigin href="${entryTag[1]}"><script nonce="%NONCE%">(${boot})(${JSON.stringify(entryTag[1])}, ${JSON.stringify(PAGE_READY)})</script>`;
  const pages: Record<string, string> = {};
  for (const [url, calls] of Object.entries(PAGES)) {
    const { html: drawn, answers } = await appHtml(url, calls);
    const { html, css, styles } = takeStyles(drawn);
    pages[url] = template
      .replace(entryTag[0], () => head)
      .replace(
        "</head>",
        () =>
          `<style nonce="%NONCE%">${css}</style>${dataBlock(STYLES_BLOCK, styles)}${dataBlock(QUERIES_BLOCK, answers)}</head>`,
      )
      .replace(
        '<div id="app"></div>',
        () => `<div id="app">${html.replaceAll("<style", '<style nonce="%NONCE%"')}</div>`,
      );
  }
  return pages;
}

/** A data block is not a script; `<` is escaped so that nothing in it can close it. */
const dataBlock = (id: string, data: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(data).replaceAll("<", "\\u003c")}</script>`;

/**
 * The HTML of the app's first render of `url` in a browser, the same tree as main.tsx's, and the
 * answers of its calls, which the page carries for that render (`takeQueries`).
 */
async function appHtml(url: string, calls: PageCall[]) {
  const client = new QueryClient();
  // What the server writes into each page for a visitor not signed in (plugins/spa.ts).
  client.setQueryData(sessionQuery.queryKey, { user: null, csrfToken: "" });
  const answers = await Promise.all(
    calls.map(async (call) => [call.queryKey, await client.fetchQuery(call)] as const),
  );
  const page = (
    <StrictMode>
      <Providers client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>
  );
  // The first pass waits for the lazy pages' modules; the second, with them loaded, is the page
  // in one piece. The first's answer would reveal late parts with inline scripts, which the
  // pages' policy does not run.
  await prerender(page);
  const html = renderToString(page);
  if (/<!--\$[?!]-->|<script/.test(html)) {
    throw new Error(`${url} still waits for something after its modules are loaded`);
  }
  return { html, answers };
}
