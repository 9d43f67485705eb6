import { request } from "@playwright/test";
import { planWorld } from "../apps/server/src/db/demo-world/world.ts";
import { expect, staff } from "./fixtures.ts";

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
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
 * The newest e-mail to `to`, read from the staff mailbox (GET /staff/outbox) as the demo staff
 * member in a request context of its own. Mail leaves after the answer, so this waits for it.
 */
export async function latestMailTo(baseURL: string, to: string): Promise<OutboxMessage> {
  const { context, headers } = await apiContext(baseURL);
  try {
    const login = await context.post("/login", {
      data: { login: staff.login, password: staff.password },
      headers,
    });
    expect(login.ok(), await login.text()).toBe(true);
    let found: OutboxMessage | undefined;
    await expect
      .poll(async () => {
        const reply = await context.get(`/staff/outbox?to=${encodeURIComponent(to)}`, {
          headers: asApi,
        });
        expect(reply.ok(), await reply.text()).toBe(true);
        const body = (await reply.json()) as { data: { messages: OutboxMessage[] } };
        found = body.data.messages[0];
        return found?.to;
      })
      .toBe(to);
    return found as OutboxMessage;
  } finally {
    await context.dispose();
  }
}

/** The path of the first link to `prefix` in an e-mail's text. */
export function linkIn(message: OutboxMessage, prefix: string): string {
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
