import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Page, request } from "@playwright/test";
import { authCalls, type SessionResponse } from "@refrain/domain";
import { planWorld } from "../apps/server/src/demo/plan/world.ts";
import { expect, staff } from "./fixtures.ts";

/** The staff mailbox's copy of a message (GET /staff/outbox), without its secrets. */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number; withheld: boolean }[];
}

/** A message as the recipient got it from the run's mail server (mail-sink.ts). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Contents in base64. */
  attachments: { filename: string; contentType: string; content: string }[];
  /** The message's top-level headers, names in lower case. */
  headers: Record<string, string>;
}

const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

/** An API request context signed in as nobody yet, with the CSRF token of its session. */
async function apiContext(baseURL: string) {
  const context = await request.newContext({ baseURL });
  const session = await context.get("/auth/session", { headers: asApi });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  return { context, headers: { ...asApi, "X-CSRF-Token": csrfToken } };
}

/** Creates an account through POST /teacher/signup, away from the page's own session. */
export async function signUpByApi(baseURL: string, form: Record<string, unknown>) {
  const { context, headers } = await apiContext(baseURL);
  try {
    const reply = await context.post("/teacher/signup", { data: form, headers });
    expect(reply.ok(), await reply.text()).toBe(true);
  } finally {
    await context.dispose();
  }
}

/**
 * The newest e-mail to `to` that the run's mail server received since `since` (a Date.now()
 * taken before the action that sends it), as the recipient's inbox would show it. Mail leaves
 * after the answer, so this waits for it (`timeoutMs`: longer for mail a scheduled job sends).
 */
export async function mailReceived(
  to: string,
  since: number,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const dir = process.env.REFRAIN_E2E_MAIL_DIR;
  if (!dir) throw new Error("playwright.config.ts sets REFRAIN_E2E_MAIL_DIR");
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        // Files are named "<ms since epoch>-<sequence>.json": newest last.
        const names = readdirSync(dir)
          .filter((name) => Number(name.split("-")[0]) >= since)
          .sort();
        found = names
          .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as ReceivedMail)
          .findLast((mail) =>
            mail.to.some((address) => address.toLowerCase() === to.toLowerCase()),
          );
        return found !== undefined;
      },
      { timeout: timeoutMs },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/** The staff mailbox's copy of the newest e-mail to `to`, read as the demo staff member. */
export async function staffCopyOf(baseURL: string, to: string): Promise<OutboxMessage> {
  const { context, headers } = await apiContext(baseURL);
  try {
    const login = await context.post("/login", {
      data: { login: staff.login, password: staff.password },
      headers,
    });
    expect(login.ok(), await login.text()).toBe(true);
    const reply = await context.get(`/staff/outbox?to=${encodeURIComponent(to)}`, {
      headers: asApi,
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    const body = (await reply.json()) as { data: { messages: OutboxMessage[] } };
    const [newest] = body.data.messages;
    if (!newest) throw new Error(`The staff mailbox has no message to ${to}`);
    return newest;
  } finally {
    await context.dispose();
  }
}

/** The path of the first link to `prefix` in an e-mail's text. */
export function linkIn(message: { text: string }, prefix: string): string {
  const match = message.text.match(new RegExp(`https?://[^/\\s]+(${prefix}/[A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`No ${prefix} link in: ${message.text}`);
  return match[1];
}

/** A demo adult's e-mail address. */
export function demoEmail(username: string): string {
  const user = planWorld("demo").users.find((u) => u.username === username);
  if (!user?.email) throw new Error(`No demo e-mail for ${username}`);
  return user.email;
}

/**
 * Stands in for the server's word on who is signed in, where a journey needs an account the demo
 * cannot make: `change` rewrites the session call's answer, both in the call and in the copy every
 * page carries (apps/server/src/plugins/spa.ts), which the app reads first.
 */
export async function standInSession(
  page: Page,
  change: (session: SessionResponse) => SessionResponse,
): Promise<void> {
  const changed = (answer: unknown) => change(authCalls.session.response.parse(answer));
  await page.route("**/*", async (route) => {
    if (!route.request().isNavigationRequest()) return route.fallback();
    const real = await route.fetch();
    const html = (await real.text()).replace(
      /(<script type="application\/json" id="session">)(.*?)(<\/script>)/,
      (_, open: string, json: string, close: string) =>
        `${open}${JSON.stringify(changed(JSON.parse(json))).replaceAll("<", "\\u003c")}${close}`,
    );
    await route.fulfill({ response: real, body: html });
  });
  await page.route(authCalls.session.path, async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: changed(await real.json()) });
  });
}
