import type { SessionResponse } from "@refrain/domain";
import {
  type Query,
  type QueryCache,
  QueryClient,
  type QueryObserverOptions,
  skipToken,
} from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { matchPath, StaticRouter } from "react-router";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/router.tsx";
import { boot } from "./boot.ts";
import { DrawnTitle } from "./lib/document-title.ts";
import { PAGE_READY } from "./lib/page-ready.ts";
import { QUERIES_BLOCK, STYLES_BLOCK, takeStyles } from "./lib/prerendered-page.ts";
import { sessionQuery } from "./lib/session.ts";

/**
 * Pages the server draws (decision 0040): a phone paints them from the HTML, and the app runs
 * at the first touch (src/boot.ts). This module, built for Node (vite.config.ts), runs in the
 * server's drawing worker (apps/server/src/plugins/spa.ts), which answers the pages' calls as
 * the server answers the browser's, with the cookie of the visitor it draws for.
 *
 * The sign-in pages are drawn once per start for every visitor not signed in: they show what the
 * server's configuration allows (the single sign-on buttons), and are sent only at their address
 * without a query, which they read.
 */
const SIGN_IN_PAGES = ["/login", "/student/login"];

/**
 * The pages a student waits on, drawn for each visit: their home and the lesson player's read-
 * along and days 1–3, on a school's phones and Chromebooks. Not day 4, whose writing starts from
 * the draft the browser keeps, nor the recordings, whose camera and microphone start as they
 * open. Other pages, and everyone else's, the app draws in the browser.
 */
function isStudentPage(path: string): boolean {
  const step = matchPath("/student/learn/:lessonId/:step", path)?.params.step;
  return path === "/" || DRAWN_STEPS.includes(step ?? "");
}

const DRAWN_STEPS = ["read", "1", "2", "3"];

/**
 * What a page is drawn into: the app's page (index.html) and the build's stylesheets but the
 * entry's (by address, `/assets/…`), of which it has those of the lazy parts it shows.
 */
export type AppPage = { template: string; stylesheets: Record<string, string> };

/** The sign-in pages, each whole (see `wholePage`), for a visitor not signed in. */
export async function prerenderPages(app: AppPage): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const url of SIGN_IN_PAGES) {
    pages[url] = wholePage(app, await appHtml(url, { user: null, csrfToken: "" }));
  }
  return pages;
}

/**
 * The page at `url` for the signed-in visitor of `session`, whole (see `wholePage`), or null
 * where the app draws it in the browser. Drawing fails (rejects) when one of its calls does.
 */
export async function drawPage(
  app: AppPage,
  url: string,
  session: SessionResponse,
): Promise<string | null> {
  return session.user?.role === "student" && isStudentPage(new URL(url, "http://page").pathname)
    ? wholePage(app, await appHtml(url, session))
    : null;
}

/**
 * The app's page (index.html, `template`) with the app's HTML in #app; in place of the entry's
 * script tag, a preload of it and the boot script that runs it; the styles of the lazy parts it
 * shows, and its inline styles moved into a stylesheet. `%NONCE%` is the server's to fill in with
 * each answer's nonce.
 */
function wholePage(
  { template, stylesheets }: AppPage,
  { html: drawn, answers, title }: Awaited<ReturnType<typeof appHtml>>,
) {
  const entryTag = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entryTag?.[1] || !template.includes('<div id="app"></div>')) {
    throw new Error("The app's page has no entry script or no empty #app to draw into");
  }
  const head = `<link rel="modulepreload" crossorigin href="${entryTag[1]}"><script nonce="%NONCE%">(${boot})(${JSON.stringify(entryTag[1])}, ${JSON.stringify(PAGE_READY)})</script>`;
  const { html, css, styles } = takeStyles(drawn);
  return template
    .replace(/<title>[^<]*<\/title>/, (tag) =>
      title ? `<title>${escapeHtml(title)}</title>` : tag,
    )
    .replace(entryTag[0], () => head)
    .replace(
      "</head>",
      () =>
        `<style nonce="%NONCE%">${lazyCss(html, stylesheets)}${css}</style>${dataBlock(STYLES_BLOCK, styles)}${dataBlock(QUERIES_BLOCK, answers)}</head>`,
    )
    .replace(
      '<div id="app"></div>',
      () => `<div id="app">${html.replaceAll("<style", '<style nonce="%NONCE%"')}</div>`,
    );
}

/**
 * The stylesheets of the lazy parts `html` shows (a page's CSS modules), which the browser adds
 * as it loads their code: the classes the HTML has, looked up in the stylesheets. They are a few
 * hundred bytes each, in the page rather than linked: a phone's first paint waits for no more
 * requests than the entry's stylesheet.
 */
function lazyCss(html: string, stylesheets: AppPage["stylesheets"]): string {
  let index = sheetsOfClass.get(stylesheets);
  if (!index) {
    index = new Map();
    for (const [href, css] of Object.entries(stylesheets)) {
      // The classes a build names for CSS modules begin with "_" (`_words_1dlnc_1`); a sheet's
      // selectors also name packages' classes (`.mantine-Card-root`), on every kind of page.
      for (const [, name = ""] of css.matchAll(/\.(_[\w-]+)/g)) {
        const sheets = index.get(name) ?? new Set();
        index.set(name, sheets.add(href));
      }
    }
    sheetsOfClass.set(stylesheets, index);
  }
  const shown = new Set<string>();
  for (const [, names = ""] of html.matchAll(/ class="([^"]*)"/g)) {
    for (const name of names.split(" ")) {
      for (const href of index.get(name) ?? []) shown.add(href);
    }
  }
  return [...shown].map((href) => stylesheets[href]).join("\n");
}

/** Each CSS module class of a build's stylesheets, with the stylesheets that have it. */
const sheetsOfClass = new WeakMap<AppPage["stylesheets"], Map<string, Set<string>>>();

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** A data block is not a script; `<` is escaped so that nothing in it can close it. */
const dataBlock = (id: string, data: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(data).replaceAll("<", "\\u003c")}</script>`;

/** Rounds of rendering and answering before a page is taken to wait for ever. */
const MOST_ROUNDS = 6;

/**
 * The HTML of the app's first render of `url` in the browser of `session`, the same tree as
 * main.tsx's, once every call the page makes has its answer; and those answers, which the page
 * carries for that render (`takeQueries`).
 *
 * Each round renders the page as far as it can, which loads the lazy modules it reaches and
 * leaves the calls it reads in the cache, unanswered (a render makes no call); then answers them.
 * A page whose parts appear with an answer (a lesson's player once the lesson has come) asks for
 * more in the next round, until a round's render asks for nothing and waited for nothing: that
 * render is the page.
 */
async function appHtml(url: string, session: SessionResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // What the server writes into the page (plugins/spa.ts).
  client.setQueryData(sessionQuery.queryKey, session);
  // The title the page sets (lib/document-title.ts): the last one its render names.
  let title: string | undefined;
  const page = (
    <StrictMode>
      <DrawnTitle
        value={(named) => {
          title = named;
        }}
      >
        <Providers client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </DrawnTitle>
    </StrictMode>
  );
  const cache = client.getQueryCache();
  for (let round = 1; ; round++) {
    let failure: unknown;
    title = undefined;
    const { prelude } = await prerender(page, {
      // Each part in place: React otherwise sends a large one after the rest, with a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failure ??= error;
      },
    });
    // A part that cannot be drawn (it needs the browser) leaves the page to the app.
    if (failure !== undefined) throw failure;
    const html = await new Response(prelude).text();
    const asked = cache.getAll().filter(isAsked);
    // A part that waited for its lazy module comes after the rest, revealed by an inline script
    // the page's policy would not run: once its module is loaded, the next round draws it in place.
    const late = html.includes("<script") || /<!--\$[?!]-->/.test(html);
    if (asked.length === 0 && !late) return { html, answers: answersIn(cache), title };
    if (round === MOST_ROUNDS) throw new Error(`${url} still waits after ${round} rounds`);
    await Promise.all(asked.map((query) => query.fetch()));
  }
}

/** The answers the page was drawn with, but the session's, which the page carries anyway. */
function answersIn(cache: QueryCache) {
  const session = cache.find(sessionQuery);
  return cache
    .getAll()
    .filter((query) => query.state.status === "success" && query !== session)
    .map((query) => [query.queryKey, query.state.data] as const);
}

/**
 * A call the page makes as it renders: not answered, and not one it holds back until something
 * happens (`enabled: false`, or skipToken), which the browser would not make either.
 */
function isAsked(query: Query): boolean {
  if (query.state.status !== "pending" || query.options.queryFn === skipToken) return false;
  // The rendering observer's options, enabled among them, are the query's.
  const { enabled } = query.options as QueryObserverOptions;
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}
