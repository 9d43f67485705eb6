/**
 * The journeys' mail server: a real SMTP server on the loopback address, started by Playwright
 * before the journeys (globalSetup) and stopped after them. The server under test sends every
 * e-mail to it (SMTP_URL in playwright.config.ts), as it would to a school's mail relay; each
 * message lands as a JSON file in REFRAIN_E2E_MAIL_DIR, where journeys read it
 * (auth-helpers.ts), as the recipient would. The staff mailbox keeps only copies without secrets.
 */

/** Its port follows the app's, clear of the OpenID provider's (app + 90) and other checkouts'. */
export const mailPortFor = (appPort: string) => Number(appPort) + 1000;

export default async function startMailSink() {
  const appPort = process.env.E2E_PORT ?? "3100";
  const dir = process.env.REFRAIN_E2E_MAIL_DIR;
  if (!dir) throw new Error("playwright.config.ts sets REFRAIN_E2E_MAIL_DIR");
  // Loaded here, not at the top, so the config that imports this file stays light in workers.
  const { startSmtpSink } = await import("../apps/server/test/smtp-sink.ts");
  const sink = await startSmtpSink({ port: mailPortFor(appPort), dir });
  return () => sink.close();
}
