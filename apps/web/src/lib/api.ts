import {
  errorResponse,
  type FieldErrors,
  joinFirstMessages,
  messages,
  sessionResponse,
} from "@refrain/domain";
import type { z } from "zod";

/** An answer with an error status, in the API's envelope `{ success: false, message, errors }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;

  constructor(status: number, message: string, errors?: FieldErrors) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }
}

/** The one text shown for a failed call (access spec §8): the joined field messages, else the message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0) {
    return joinFirstMessages(error.errors);
  }
  return error instanceof Error && error.message ? error.message : messages.somethingWrong;
}

/** The newest CSRF token the server sent in an answer's header (see `send`). */
let sentToken: string | null = null;
let sessionToken: Promise<string> | null = null;

/**
 * The page's CSRF token. It is bound to the session: sign-in and sign-out (and a session that
 * ended) change it, and the answer that changed it carries the new one, which replaces the
 * one the page came with. The server writes the first into a meta tag of the page; the Vite
 * dev server serves its own page without it, so the session call gives it then.
 */
function csrfToken(): Promise<string> {
  if (sentToken) return Promise.resolve(sentToken);
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (meta) return Promise.resolve(meta);
  sessionToken ??= send("GET", "/auth/session", sessionResponse).then(
    (session) => session.csrfToken,
    (error: unknown) => {
      sessionToken = null;
      throw error;
    },
  );
  return sessionToken;
}

async function send<T>(
  method: "GET" | "POST",
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
  };
  if (method !== "GET") headers["X-CSRF-Token"] = await csrfToken();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  sentToken = response.headers.get("X-CSRF-Token") ?? sentToken;
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = errorResponse.safeParse(json);
    if (failure.success) {
      throw new ApiError(response.status, failure.data.message, failure.data.errors);
    }
    throw new ApiError(response.status, `${messages.somethingWrong} [error ${response.status}]`);
  }
  const parsed = schema.safeParse(json);
  // An answer that is not the expected shape (no success flag, say) is a failure too.
  if (!parsed.success) throw new ApiError(response.status, messages.somethingWrong);
  return parsed.data;
}

export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => send("GET", path, schema),
  post: <T>(path: string, schema: z.ZodType<T>, body?: unknown) => send("POST", path, schema, body),
};
