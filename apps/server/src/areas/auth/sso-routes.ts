import {
  authCalls,
  CLEVER_LOGIN_FAILED,
  CLEVER_LOGIN_NOT_FOUND,
  type SocialProviderType,
  SSO_PROVIDER_PARAM,
  SSO_RESULT_PARAM,
  type SsoResult,
  STUDENT_LOGIN_ERROR_PARAM,
} from "@refrain/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { OidcProviderConfig } from "../../adapters/sso/config.ts";
import {
  FLOW_COOKIE,
  FLOW_COOKIE_PATH,
  FLOW_TTL_SECONDS,
  OidcProviders,
  openFlow,
  sealFlow,
} from "../../adapters/sso/providers.ts";
import type { AppContext } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import { route } from "../../core/route.ts";
import { loggableError } from "../../plugins/error-log.ts";
import type { LoginLimits } from "./login-limits.ts";
import { completeSsoSignIn, socialProviderEntries } from "./sso-service.ts";

/** Where a failed sign-in lands: the page the person started from, which explains it. */
function failurePage(type: SocialProviderType, provider: OidcProviderConfig, result: SsoResult) {
  if (type === "student")
    return `/student/login?${STUDENT_LOGIN_ERROR_PARAM}=${CLEVER_LOGIN_FAILED}`;
  const page = type === "register" && result === "failed" ? "/sign-up" : "/login";
  return `${page}?${SSO_RESULT_PARAM}=${result}&${SSO_PROVIDER_PARAM}=${provider.id}`;
}

/** Single sign-on with OpenID Connect providers (architecture: single sign-on; access spec §7). */
export function ssoRoutes({ app, db, sessions, limiter, config }: AppContext, limits: LoginLimits) {
  const providers = new OidcProviders(config.OIDC_PROVIDERS, config.PUBLIC_URL);
  const cookieOptions = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.PUBLIC_URL.startsWith("https://"),
  };

  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OidcProviderConfig,
    type: SocialProviderType,
  ) {
    try {
      const { url, flow } = await providers.begin(provider, type);
      reply.setCookie(FLOW_COOKIE, sealFlow(flow, config.APP_SECRET), {
        ...cookieOptions,
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.redirect(url.href);
    } catch (error) {
      request.log.warn(
        { error: loggableError(error), provider: provider.id },
        "single sign-on could not start",
      );
      return reply.redirect(failurePage(type, provider, "failed"));
    }
  }

  route(app, authCalls.socialProviders, {}, async (request) =>
    socialProviderEntries(providers.list(), request.body.type),
  );

  route(app, authCalls.ssoStart, {}, async (request, reply) => {
    const provider = providers.find(request.params.provider);
    if (!provider) throw notFound();
    return start(request, reply, provider, request.query.type);
  });

  route(app, authCalls.cleverLogin, {}, async (request, reply) => {
    const provider = providers.forStudents();
    if (!provider) throw notFound();
    return start(request, reply, provider, "student");
  });

  route(app, authCalls.ssoCallback, {}, async (request, reply) => {
    const provider = providers.find(request.params.provider);
    if (!provider) throw notFound();
    await limiter.check("ssoCallbackPerIp", request.ip);
    const flow = openFlow(request.cookies[FLOW_COOKIE], config.APP_SECRET);
    // One flow, one callback: the cookie goes whatever happens next.
    reply.clearCookie(FLOW_COOKIE, cookieOptions);
    if (!flow || flow.provider !== provider.id) {
      return reply.redirect(failurePage(flow?.type ?? "login", provider, "failed"));
    }
    try {
      const claims = await providers.finish(
        provider,
        flow,
        new URL(request.url, config.PUBLIC_URL),
      );
      const outcome = await completeSsoSignIn(db, {
        provider: provider.id,
        type: flow.type,
        claims,
        ip: request.ip,
      });
      if (outcome.kind === "student_not_found") {
        return reply.redirect(
          `/student/login?${STUDENT_LOGIN_ERROR_PARAM}=${CLEVER_LOGIN_NOT_FOUND}`,
        );
      }
      if (outcome.kind === "email_in_use" || outcome.kind === "deactivated") {
        return reply.redirect(failurePage(flow.type, provider, outcome.kind));
      }
      await limits.signedIn(request, reply, outcome.userId);
      await sessions.start(request, reply, outcome.userId);
      return reply.redirect(outcome.redirect);
    } catch (error) {
      request.log.warn(
        { error: loggableError(error), provider: provider.id },
        "single sign-on failed",
      );
      return reply.redirect(failurePage(flow.type, provider, "failed"));
    }
  });
}
