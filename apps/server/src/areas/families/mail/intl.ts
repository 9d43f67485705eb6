import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { PARENT_CATALOGS, PARENT_LOCALES, type ParentLanguage } from "@refrain/domain";

const cache = createIntlCache();
const intls = new Map<ParentLanguage, IntlShape<string>>();

/**
 * The parent's language as FormatJS formats it on the server: their catalog (whose ICU
 * messages are parsed once and kept) and their locale's dates and numbers. A message id
 * missing from a catalog is a bug that tests catch (domain i18n.test.ts), so it throws rather
 * than mailing a parent the bare id.
 */
export function parentIntl(language: ParentLanguage): IntlShape<string> {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      {
        locale: PARENT_LOCALES[language],
        messages: PARENT_CATALOGS[language],
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}
