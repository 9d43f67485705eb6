/**
 * The journeys' OpenID Connect provider: a real oidc-provider on the loopback address, started
 * by Playwright before the journeys (globalSetup) and stopped after them. The server under test
 * gets OIDC_PROVIDERS pointing to it (playwright.config.ts), with Google for teachers and Clever
 * for students. Its port follows the app's, so checkouts running side by side do not collide.
 */

const CLIENT_SECRET = "e2e-client-secret-0123456789abcdef";

export const oidcPortFor = (appPort: string) => Number(appPort) + 90;

/** People who can sign in at the provider; the sign-in form takes the `sub` as the login. */
export const oidcPeople = {
  newTeacher: {
    sub: "pat.garcia",
    email: "pat.garcia@lincoln.example.org",
    email_verified: true,
    given_name: "Pat",
    family_name: "Garcia",
  },
  /** A student at Clever whom no teacher has linked. */
  unlinkedStudent: { sub: "clever-student-404", given_name: "Robin", family_name: "Ng" },
} as const;

const appUrl = (appPort: string) => `http://localhost:${appPort}`;

/** OIDC_PROVIDERS for the server under test. */
export function oidcProvidersSetting(appPort: string): string {
  const issuer = `http://127.0.0.1:${oidcPortFor(appPort)}`;
  return JSON.stringify([
    { id: "google", issuer, clientId: "refrain-google", clientSecret: CLIENT_SECRET },
    {
      id: "clever",
      issuer,
      clientId: "refrain-clever",
      clientSecret: CLIENT_SECRET,
      students: true,
    },
  ]);
}

export default async function startOidcProvider() {
  const appPort = process.env.E2E_PORT ?? "3100";
  // Loaded here, not at the top, so the config that imports this file stays light in workers.
  const { startLocalOidcProvider } = await import("../apps/server/test/local-oidc-provider.ts");
  const provider = await startLocalOidcProvider({
    port: oidcPortFor(appPort),
    clients: ["google", "clever"].map((id) => ({
      clientId: `refrain-${id}`,
      clientSecret: CLIENT_SECRET,
      redirectUris: [`${appUrl(appPort)}/auth/oidc/${id}/callback`],
    })),
    accounts: Object.values(oidcPeople).map((person) => ({ ...person })),
  });
  return () => provider.close();
}
