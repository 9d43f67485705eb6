import {
  PARENT_LANGUAGE_COOKIE,
  PARENT_LANGUAGE_COOKIE_SECONDS,
  type ParentLanguage,
  parentLanguageOf,
} from "@refrain/domain";

/**
 * The parent's own choice of language, kept in the cookie the server's parent pages (the
 * shared reading page) read and write too, so a choice on one parent page carries to the others.
 */
export function rememberedLanguage(): ParentLanguage | null {
  const cookies = globalThis.document?.cookie ?? "";
  for (const pair of cookies.split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === PARENT_LANGUAGE_COOKIE) return parentLanguageOf(value);
  }
  return null;
}

/**
 * Remembers a pick as the server does (the whole site, a year, sent on a mail link's
 * navigation). Through the Cookie Store API: a browser without it (or a private window that
 * refuses) forgets the pick, and the page still works in the language it shows.
 */
export function rememberLanguage(language: ParentLanguage) {
  globalThis.cookieStore
    ?.set({
      name: PARENT_LANGUAGE_COOKIE,
      value: language,
      path: "/",
      sameSite: "lax",
      expires: Date.now() + PARENT_LANGUAGE_COOKIE_SECONDS * 1000,
    })
    .catch(() => undefined);
}
