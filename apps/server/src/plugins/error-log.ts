/**
 * What an error log line may keep of an error: its class, code, message and stack, and the same
 * of its causes. Never the values it carries: a failed query's parameters (password hashes,
 * ciphertexts, names, addresses), a database error's `detail` ("Key (email)=(…) already
 * exists") or a row, and no property other than these. A driver's or library's message is cut
 * where it starts quoting values, and never keeps a cookie or a credential header: Playwright's
 * "Call log:" lists a request's headers, a demo account's live session cookie among them.
 */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  /** A database error's constraint, table and column: names of our schema, never values. */
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: LoggedError;
}

const MAX_CAUSES = 3;
const MAX_MESSAGE = 2000;

/** A header line that carries a credential, to its end. */
const CREDENTIAL_HEADER =
  /\b(cookie|set-cookie|authorization|proxy-authorization|x-csrf-token)\s*:[^\n]*/gi;
/** One of our cookies with its value, wherever it is quoted. */
const OUR_COOKIE = /\b(refrain_\w+)=[^;,\s]*/gi;

/**
 * An error's message without values: Drizzle's "Failed query: … params: …" loses its parameter
 * list and Playwright's "Call log: …" (the request's headers) is cut off, a credential header
 * or one of our cookies keeps its name only, and a quoted value after a colon
 * (`invalid input syntax for type integer: "…"`) becomes `"…"`.
 */
export function messageWithoutValues(message: string): string {
  const cut = message.split(/\n\s*(?:params|Call log):/)[0] ?? "";
  return cut
    .replace(CREDENTIAL_HEADER, "$1: …")
    .replace(OUR_COOKIE, "$1=…")
    .replace(/: "(?:[^"\\]|\\.)*"/g, ': "…"')
    .slice(0, MAX_MESSAGE);
}

const stringProperty = (value: object, key: string) => {
  const found = (value as Record<string, unknown>)[key];
  return typeof found === "string" ? found : undefined;
};

export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "(not an Error)" };
  const type = error.constructor.name || error.name;
  const message = messageWithoutValues(error.message);
  // The stack repeats the message (parameters included) before its frames: keep the frames.
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = {
    type,
    message,
    ...(frames.length > 0 && { stack: [`${type}: ${message}`, ...frames].join("\n") }),
  };
  for (const key of ["code", "constraint", "table", "column"] as const) {
    const value = stringProperty(error, key);
    if (value !== undefined) logged[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES)
    logged.cause = loggableError(error.cause, depth + 1);
  return logged;
}
