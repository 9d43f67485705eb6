import { createHmac, timingSafeEqual } from "node:crypto";
import type { SocialProviderType, SsoProviderId } from "@refrain/domain";
import * as oidc from "openid-client";
import type { OidcProviderConfig } from "./config.ts";

/** The flow cookie lives only on the callback path and for as long as one sign-in takes. */
export const FLOW_COOKIE = "refrain_oidc";
export const FLOW_COOKIE_PATH = "/auth/oidc/";
export const FLOW_TTL_SECONDS = 10 * 60;
const SCOPE = "openid email profile";
const DISCOVERY_TIMEOUT_SECONDS = 10;

/** What the browser carries between the start and the callback, signed, never stored. */
export interface Flow {
  provider: SsoProviderId;
  type: SocialProviderType;
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

const mac = (payload: string, secret: string) =>
  createHmac("sha256", secret).update(`oidc-flow:${payload}`).digest("base64url");

export function sealFlow(flow: Flow, secret: string): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return `${payload}.${mac(payload, secret)}`;
}

/** The flow in a cookie, or null when it is missing, altered or expired. */
export function openFlow(value: string | undefined, secret: string, now = Date.now()): Flow | null {
  if (!value) return null;
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Flow;
    return typeof flow.expiresAt === "number" && flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}

/** Who the provider says signed in, from the verified ID token (and UserInfo for the rest). */
export interface SsoClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

const textClaim = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function toClaims(claims: Record<string, unknown>, subject: string): SsoClaims {
  let givenName = textClaim(claims.given_name);
  let familyName = textClaim(claims.family_name);
  if (!givenName && !familyName) {
    const [first = "", ...rest] = textClaim(claims.name).split(/\s+/);
    givenName = first;
    familyName = rest.join(" ");
  }
  const email = textClaim(claims.email);
  return {
    subject,
    email: email || null,
    // Some providers send the flag as the text "true".
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    givenName,
    familyName,
  };
}

/**
 * The configured OpenID Connect providers and the protocol with them (openid-client): discovery
 * once per provider, the authorization request with state, nonce and PKCE, and the callback's
 * checks (state, issuer, code exchange with the verifier, ID token signature, audience, nonce).
 */
export class OidcProviders {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  private readonly providers: OidcProviderConfig[];
  private readonly publicUrl: string;

  constructor(providers: OidcProviderConfig[], publicUrl: string) {
    this.providers = providers;
    this.publicUrl = publicUrl;
  }

  list(): OidcProviderConfig[] {
    return this.providers;
  }

  find(id: string): OidcProviderConfig | undefined {
    return this.providers.find((provider) => provider.id === id);
  }

  /** The provider students sign in with, when one is configured. */
  forStudents(): OidcProviderConfig | undefined {
    return this.providers.find((provider) => provider.students);
  }

  redirectUri(provider: OidcProviderConfig): string {
    return `${this.publicUrl}/auth/oidc/${provider.id}/callback`;
  }

  private configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let found = this.configurations.get(provider.id);
    if (!found) {
      const insecure = new URL(provider.issuer).protocol === "http:";
      found = oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        { client_secret: provider.clientSecret },
        oidc.ClientSecretBasic(provider.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          // The configuration accepts http:// only for a provider on the loopback address.
          ...(insecure && { execute: [oidc.allowInsecureRequests] }),
        },
      );
      // A provider that was down is asked again next time rather than remembered as broken.
      found.catch(() => this.configurations.delete(provider.id));
      this.configurations.set(provider.id, found);
    }
    return found;
  }

  /** The address to send the browser to, and the flow to keep in its cookie. */
  async begin(provider: OidcProviderConfig, type: SocialProviderType, now = Date.now()) {
    const configuration = await this.configuration(provider);
    const flow: Flow = {
      provider: provider.id,
      type,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      expiresAt: now + FLOW_TTL_SECONDS * 1000,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(provider),
      scope: SCOPE,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: "S256",
    });
    return { url, flow };
  }

  /**
   * Validates the authorization response at `currentUrl` against `flow` and exchanges the code.
   * Throws on any failure: an error from the provider, a state, issuer or nonce mismatch, a bad
   * signature, a code already used.
   */
  async finish(provider: OidcProviderConfig, flow: Flow, currentUrl: URL): Promise<SsoClaims> {
    const configuration = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error("The provider answered without an ID token");
    let claims: Record<string, unknown> = idToken;
    // Providers that keep the ID token small give the e-mail and names through UserInfo.
    if (!idToken.email && configuration.serverMetadata().userinfo_endpoint) {
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...userInfo, ...idToken };
    }
    return toClaims(claims, idToken.sub);
  }
}
