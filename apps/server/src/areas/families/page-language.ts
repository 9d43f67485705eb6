import {
  PARENT_LANGUAGE_COOKIE,
  PARENT_LANGUAGE_COOKIE_SECONDS,
  PARENT_LANGUAGES,
  type ParentLanguage,
  parentLanguageOf,
} from "@refrain/domain";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The language a parent page the server writes speaks: the one the visitor just picked
 * (`?lang=`), else the one they picked on any parent page before (the cookie), else the one the
 * teacher set, else English. A pick is remembered for a year; an unknown value is ignored
 * rather than refused, since a parent cannot fix a link.
 */
export function parentPageLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  stored: ParentLanguage | null,
  secure: boolean,
): ParentLanguage {
  const query = request.query as { lang?: unknown } | undefined;
  const picked = parentLanguageOf(typeof query?.lang === "string" ? query.lang : null);
  if (picked) {
    reply.setCookie(PARENT_LANGUAGE_COOKIE, picked, {
      path: "/",
      maxAge: PARENT_LANGUAGE_COOKIE_SECONDS,
      sameSite: "lax",
      httpOnly: false,
      secure,
    });
    return picked;
  }
  return parentLanguageOf(request.cookies[PARENT_LANGUAGE_COOKIE]) ?? stored ?? PARENT_LANGUAGES[0];
}
