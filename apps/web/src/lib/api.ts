import {
  type CallInput,
  type CallOutput,
  type Contract,
  errorResponse,
  type FieldErrors,
  joinFirstMessages,
  messages,
  pathOf,
  sessionCall,
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
  // No document where the server draws a page (src/prerender.tsx): its worker sends the token.
  const meta =
    typeof document === "undefined"
      ? undefined
      : document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (meta) return Promise.resolve(meta);
  sessionToken ??= call(sessionCall).then(
    (session) => session.csrfToken,
    (error: unknown) => {
      sessionToken = null;
      throw error;
    },
  );
  return sessionToken;
}

/** The error a failed answer stands for: the API's envelope when it sent one. */
async function failureOf(response: Response): Promise<ApiError> {
  const failure = errorResponse.safeParse(await response.json().catch(() => undefined));
  return failure.success
    ? new ApiError(response.status, failure.data.message, failure.data.errors)
    : new ApiError(response.status, `${messages.somethingWrong} [error ${response.status}]`);
}

/** The headers every call sends; the CSRF token only where the call can change something. */
async function headersFor(
  method: "GET" | "POST" | "DELETE",
  accept: string,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    Accept: accept,
    "X-Requested-With": "XMLHttpRequest",
  };
  if (method !== "GET") headers["X-CSRF-Token"] = await csrfToken();
  return headers;
}

/**
 * The headers of a request that changes something and is not an `api.call`: a tus upload
 * (tus-js-client makes its own requests) sends them as every call does.
 */
export async function changingRequestHeaders(): Promise<Record<string, string>> {
  return { "X-Requested-With": "XMLHttpRequest", "X-CSRF-Token": await csrfToken() };
}

/** A request's body: JSON, or a file sent as it is (an upload), typed by the file's type. */
type Payload = { json: unknown } | { file: Blob; type: string };

async function send<T>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  schema: z.ZodType<T>,
  payload?: Payload,
): Promise<T> {
  const headers = await headersFor(method, "application/json");
  if (payload) headers["Content-Type"] = "json" in payload ? "application/json" : payload.type;
  const response = await fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: payload && ("json" in payload ? JSON.stringify(payload.json) : payload.file),
  });
  sentToken = response.headers.get("X-CSRF-Token") ?? sentToken;
  if (!response.ok) throw await failureOf(response);
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  // An answer that is not the expected shape (no success flag, say) is a failure too.
  if (!parsed.success) throw new ApiError(response.status, messages.somethingWrong);
  return parsed.data;
}

/** A file the server sent: its bytes, and the name it asked the browser to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function attachmentName(header: string | null): string | undefined {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * Fetches a file as a call, not a navigation (which the server answers with the app), so a
 * refusal comes back as an `ApiError` the page can show. An answer of another type than asked
 * (the app's page, say) is a failure too rather than a broken file.
 */
async function download(
  path: string,
  {
    method,
    body,
    accept,
    filename,
  }: { method: Contract["method"]; body: unknown; accept: string; filename: string },
): Promise<DownloadedFile> {
  const headers = await headersFor(method, accept);
  // A file made from a form's fields (the PDF report) is posted as JSON, with the CSRF token.
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  sentToken = response.headers.get("X-CSRF-Token") ?? sentToken;
  if (!response.ok) throw await failureOf(response);
  const type = response.headers.get("Content-Type") ?? "";
  // A call that answers one of several types (a slip scan: PDF, JPEG or PNG) lists them all.
  const accepted = accept.split(",").map((t) => t.trim());
  if (!accepted.some((t) => type.startsWith(t)))
    throw new ApiError(response.status, messages.somethingWrong);
  return {
    blob: await response.blob(),
    filename: attachmentName(response.headers.get("Content-Disposition")) ?? filename,
  };
}

/** The URL of a call: its path with the params filled in, and its query. */
function urlOf(c: Contract, input?: { params?: unknown; query?: unknown }): string {
  const path = pathOf(c, input?.params as Record<string, unknown> | undefined);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  return query.size > 0 ? `${path}?${query}` : path;
}

/** A call's input is optional when the contract takes none. */
export type InputArgs<C extends Contract> =
  Record<string, never> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/**
 * Makes the call a contract (domain) describes, typed both ways: the input from its params,
 * query and body schemas, the answer checked against its response schema. A verb's name is
 * put into the body here, so callers pass only what the verb takes.
 */
function call<C extends Contract & { response: z.ZodType }>(
  c: C,
  ...[input]: InputArgs<C>
): Promise<CallOutput<C>> {
  const body =
    c.verb !== undefined ? { verb: c.verb, ...(input?.body as object | undefined) } : input?.body;
  return send(
    c.method,
    urlOf(c, input),
    c.response,
    body === undefined ? undefined : { json: body },
  ) as Promise<CallOutput<C>>;
}

/** The `data` of a call's answer, for the calls that answer `{ success, data }`. */
async function callData<C extends Contract & { response: z.ZodType<{ data: unknown }> }>(
  c: C,
  ...input: InputArgs<C>
): Promise<z.output<C["response"]>["data"]> {
  return (await call(c, ...input)).data;
}

/** Sends a file as a call's whole body (a staff upload), typed by `type`, e.g. "audio/webm". */
function uploadCall<C extends Contract & { response: z.ZodType }>(
  c: C,
  { file, type, ...input }: CallInput<C> & { file: Blob; type: string },
): Promise<CallOutput<C>> {
  return send(c.method, urlOf(c, input), c.response, { file, type }) as Promise<CallOutput<C>>;
}

/** The file a contract answers with (its `file` type); `filename` when the server names none. */
function downloadCall<C extends Contract & { file: string }>(
  c: C,
  { filename, ...input }: CallInput<C> & { filename: string },
): Promise<DownloadedFile> {
  return download(urlOf(c, input), {
    method: c.method,
    body: (input as { body?: unknown }).body,
    accept: c.file,
    filename,
  });
}

export const api = { call, data: callData, download: downloadCall, upload: uploadCall };
