import { z } from "zod";
import { keysOf, messages, text } from "../validation.ts";

/**
 * The OpenID Connect providers the product knows (architecture: single sign-on), each by its
 * usual name, used when the configuration gives no label.
 */
export const SSO_PROVIDER_NAMES = {
  google: "Google",
  microsoft: "Microsoft",
  clever: "Clever",
  classlink: "ClassLink",
};
export const SSO_PROVIDER_IDS = keysOf(SSO_PROVIDER_NAMES);
export type SsoProviderId = (typeof SSO_PROVIDER_IDS)[number];

// ---- POST /social/providers (access spec screen 4, §3 "Social provider entry", §7) ----
/** Register and login list every provider; student lists the one students sign in with. */
export const SOCIAL_PROVIDER_TYPES = ["register", "login", "student"] as const;
export type SocialProviderType = (typeof SOCIAL_PROVIDER_TYPES)[number];

export const socialProvidersRequest = z.object({
  type: z.enum(SOCIAL_PROVIDER_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? messages.required
        : "Field must be register, login or student",
  }),
});
export type SocialProvidersRequest = z.infer<typeof socialProvidersRequest>;

export const socialProviderEntry = z.object({
  /** The provider: google, microsoft, clever or classlink. */
  type: z.enum(SSO_PROVIDER_IDS),
  /** Where the browser goes to start signing in (a full navigation, not an API call). */
  url: z.string(),
  /** The button's text: Sign up with {provider} or Login with {provider}. */
  label: z.string(),
  /** The provider's name alone, for messages about it. */
  name: z.string(),
});
export type SocialProviderEntry = z.infer<typeof socialProviderEntry>;

export const socialProvidersResponse = z.array(socialProviderEntry);
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponse>;

export function socialLabel(type: SocialProviderType, name: string): string {
  if (type === "register") return `Sign up with ${name}`;
  if (type === "student") return `Log in with ${name}`;
  return `Login with ${name}`;
}

// ---- GET /auth/oidc/{provider}/start, /callback and /clever/login: navigations that redirect ----
export const ssoProviderParams = z.object({ provider: text().max(40) });
export const ssoStartQuery = z.object({ type: z.enum(["login", "register"]).default("login") });
/** Providers add their own parameters; openid-client reads and checks the whole URL. */
export const ssoCallbackQuery = z.looseObject({
  code: text().optional(),
  state: text().optional(),
  iss: text().optional(),
  error: text().optional(),
});

// ---- How a finished or failed sign-in comes back to the pages ----
/** Query of the login and sign-up pages after an adult's single sign-on failed. */
export const SSO_RESULT_PARAM = "sso";
export const SSO_PROVIDER_PARAM = "provider";
export const SSO_RESULTS = ["failed", "email_in_use", "deactivated"] as const;
export type SsoResult = (typeof SSO_RESULTS)[number];

/** Query of the student login page after a student's single sign-on failed. */
export const STUDENT_LOGIN_ERROR_PARAM = "error";
export const CLEVER_LOGIN_NOT_FOUND = "clever_login_not_found";
export const CLEVER_LOGIN_FAILED = "clever_login_failed";

export const ssoMessages = {
  failed: (provider: string) => `We could not sign you in with ${provider}. Please try again.`,
  emailInUse: (provider: string) =>
    `An account with your ${provider} email address already exists. Please sign in with your username and password.`,
  deactivated:
    "Your district's roster no longer lists this account, so it cannot sign in. Ask your school if this is a mistake.",
  cleverNotFound:
    "Your Clever login works, but is not set up on the product. Please ask your teacher to set up your Clever login.",
  unknownStudentError: (code: string) => `Unknown error while logging in: ${code}`,
} as const;

/** The adult pages' alert for `?sso={result}&provider={name}`; null when there is none. */
export function ssoResultText(result: string | null, provider: string): string | null {
  if (result === "failed") return ssoMessages.failed(provider);
  if (result === "email_in_use") return ssoMessages.emailInUse(provider);
  if (result === "deactivated") return ssoMessages.deactivated;
  return null;
}

/** The student login popup's text for `?error={code}` (access spec §8). */
export function studentLoginErrorText(code: string): string {
  return code === CLEVER_LOGIN_NOT_FOUND
    ? ssoMessages.cleverNotFound
    : ssoMessages.unknownStudentError(code);
}

// ---- A username for an account created through single sign-on ----
export const SSO_USERNAME = { min: 4, max: 20, baseMax: 15 } as const;

/**
 * The first choice of username from what the provider told us: the e-mail's local part, else
 * the names, else "teacher"; lower-case letters, digits and dots, 4 to 15 characters so a
 * number can follow when it is taken.
 */
export function ssoUsernameBase(claims: {
  email?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}): string {
  const clean = (value: string) =>
    value
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, "")
      .replace(/\.{2,}/g, ".")
      .replace(/^\.+|\.+$/g, "");
  const candidates = [
    clean(claims.email?.split("@")[0] ?? ""),
    clean([claims.givenName, claims.familyName].filter(Boolean).join(".")),
  ];
  const base = (candidates.find((c) => c.length > 0) ?? "teacher")
    .slice(0, SSO_USERNAME.baseMax)
    .replace(/\.+$/, "");
  return base.length >= SSO_USERNAME.min
    ? base
    : `${base}${"0".repeat(SSO_USERNAME.min)}`.slice(0, SSO_USERNAME.min);
}

/** The `attempt`-th username to try: the base, then the base with a number that grows. */
export function ssoUsernameCandidate(base: string, attempt: number, random: number): string {
  if (attempt === 0) return base;
  const digits = Math.min(2 + attempt, SSO_USERNAME.max - base.length);
  const suffix = String(Math.floor(random * 10 ** digits)).padStart(digits, "0");
  return `${base}${suffix}`;
}
