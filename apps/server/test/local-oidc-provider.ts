import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person at the local provider: the claims its ID token (or UserInfo) tells the app. */
export interface LocalAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface LocalClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface LocalOidcProvider {
  issuer: string;
  /** Add people at any time; the sign-in form takes their `sub` as the login. */
  accounts: Map<string, LocalAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, signing its ID tokens with a fresh
 * RSA key, requiring PKCE, with a plain sign-in form of its own (login and any password; Cancel
 * answers access_denied) that loads nothing from elsewhere. Consent is taken as given for the
 * registered clients, as for a school's own first-party app.
 * `idTokenClaims: false` keeps e-mail and names out of the ID token, so they come from UserInfo.
 */
export async function startLocalOidcProvider(options: {
  clients: LocalClient[];
  accounts?: LocalAccount[];
  port?: number;
  idTokenClaims?: boolean;
}): Promise<LocalOidcProvider> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));
  const key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
    format: "jwk",
  });
  // Listen first, so a port the system picks is known before the issuer is named.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    })),
    jwks: { keys: [{ ...key, kid: "local-test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(24).toString("base64url")] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name"],
    },
    conformIdTokenClaims: options.idTokenClaims === false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    async loadExistingGrant(ctx: {
      oidc: {
        provider: Provider;
        client: { clientId: string };
        session: { accountId: string };
      };
    }) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });

  const oidc = provider.callback();
  server.on("request", (request, response) => {
    if (request.url?.startsWith("/interaction/")) {
      interact(provider, accounts, request, response).catch((error: unknown) => {
        response.writeHead(400, { "content-type": "text/plain" }).end(String(error));
      });
    } else {
      oidc(request, response);
    }
  });
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function signInPage(uid: string, clientId: string, problem: string | null) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Local test provider: sign in</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; background: #f1f3f5; margin: 0; }
  main { max-width: 360px; margin: 64px auto; background: #fff; padding: 32px; border-radius: 8px;
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15); }
  h1 { font-size: 22px; margin: 0 0 4px; }
  p { color: #495057; margin: 0 0 20px; }
  label { display: block; font-weight: 600; margin-bottom: 12px; }
  input { display: block; width: 100%; box-sizing: border-box; padding: 8px; margin-top: 4px; font: inherit; }
  button { width: 100%; padding: 10px; font: inherit; font-weight: 600; color: #fff; background: #1c7ed6;
    border: 0; border-radius: 4px; cursor: pointer; }
  .problem { color: #c92a2a; }
  .cancel { display: block; text-align: center; margin-top: 16px; }
</style>
</head>
<body>
<main>
  <h1>Local test provider</h1>
  <p>Sign in to continue to ${escapeHtml(clientId)}.</p>
  ${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ""}
  <form method="post" action="/interaction/${uid}">
    <label>Login <input name="login" required autofocus autocomplete="off"></label>
    <label>Password <input name="password" type="password" required></label>
    <button type="submit">Sign in</button>
  </form>
  <a class="cancel" href="/interaction/${uid}/abort">Cancel</a>
</main>
</body>
</html>`;
}

async function readForm(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** The provider's sign-in step: the form, its answer, or a cancel. */
async function interact(
  provider: Provider,
  accounts: Map<string, LocalAccount>,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const details = await provider.interactionDetails(request, response);
  const clientId = String(details.params.client_id ?? "");
  if (request.url?.endsWith("/abort")) {
    await provider.interactionFinished(
      request,
      response,
      { error: "access_denied", error_description: "The person cancelled the sign-in" },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (request.method === "POST") {
    const login = (await readForm(request)).get("login") ?? "";
    if (accounts.has(login)) {
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(signInPage(details.uid, clientId, "No one by that login here."));
    return;
  }
  response
    .writeHead(200, { "content-type": "text/html; charset=utf-8" })
    .end(signInPage(details.uid, clientId, null));
}

/**
 * A browser at the provider: follows the authorization request to the sign-in form, signs in
 * as `login` (or presses the form's cancel link) and returns where the provider sends the
 * browser back, the app's callback with the code or the error.
 */
export async function answerAtProvider(
  authorizationUrl: string,
  action: { login: string } | { cancel: true },
): Promise<URL> {
  const jar = new Map<string, string>();
  const go = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get("location");
    return { response, next: location ? new URL(location, url) : null };
  };

  let { next: interaction } = await go(new URL(authorizationUrl));
  if (!interaction?.pathname.startsWith("/interaction/"))
    throw new Error(`The provider did not ask to sign in: ${interaction}`);
  const form = await go(interaction);
  if (form.response.status !== 200) throw new Error("The provider's sign-in form did not load");

  const answered =
    "cancel" in action
      ? await go(new URL(`${interaction.pathname}/abort`, interaction))
      : await go(interaction, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ login: action.login, password: "any" }),
        });
  interaction = answered.next;
  // The provider resumes the authorization request, then sends the browser to the app.
  while (interaction && interaction.origin === new URL(authorizationUrl).origin) {
    interaction = (await go(interaction)).next;
  }
  if (!interaction) throw new Error("The provider did not send the browser back");
  return interaction;
}
