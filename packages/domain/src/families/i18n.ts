import type { ParentLanguage } from "../families.ts";
import { en, type ParentCatalog } from "./messages/en.ts";
import { es } from "./messages/es.ts";

export type { ParentCatalog, ParentMessageId } from "./messages/en.ts";

/**
 * The parent-facing catalogs by language, as FormatJS takes them (`messages` of react-intl's
 * IntlProvider and of @formatjs/intl's createIntl): plain ICU strings, parsed when first used.
 */
export const PARENT_CATALOGS: Record<ParentLanguage, ParentCatalog> = { en, es };

/** The BCP 47 locale each parent language formats dates and numbers in. */
export const PARENT_LOCALES: Record<ParentLanguage, string> = { en: "en-US", es: "es-419" };

/** A language a parent's browser or a stored choice names, if it is one we write in. */
export function parentLanguageOf(value: string | null | undefined): ParentLanguage | null {
  const base = value?.trim().toLowerCase().slice(0, 2);
  return base === "en" || base === "es" ? base : null;
}

/**
 * The cookie every parent page remembers the parent's own choice of language in, so a choice
 * on one (the server's shared reading page, the web app's unsubscribe page) carries to the
 * others. Not httpOnly: the web app's script reads and writes it; it holds nothing secret.
 */
export const PARENT_LANGUAGE_COOKIE = "refrain_parent_lang";

/** A year: a family that picked a language once should not meet the other one next month. */
export const PARENT_LANGUAGE_COOKIE_SECONDS = 365 * 86_400;
