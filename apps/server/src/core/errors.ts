import { type FieldErrors, joinFirstMessages, messages } from "@refrain/domain";

/**
 * Every way a call can be refused, by a stable name, and the HTTP status each one answers with.
 * Services and rules throw by name and never think in statuses; only the error handler
 * (plugins/errors.ts) turns a name into an answer.
 */
export const STATUS_BY_CODE = {
  /** No session, or the session ended. */
  not_signed_in: 401,
  /** The name and password (or a student's password) do not match an account. */
  invalid_credentials: 401,
  /** The class's trial or subscription ended: new work waits for a subscription (decision 0024). */
  payment_required: 402,
  /** Signed in, but the role or the situation does not allow it. */
  forbidden: 403,
  /** Missing, or not the caller's: nothing tells the two apart. */
  not_found: 404,
  /** The request clashes with what exists (an account already completed, …). */
  conflict: 409,
  /** A link or token that was valid once and is spent or expired. */
  gone: 410,
  /** Input that breaks a rule, with messages keyed by field. */
  invalid: 422,
  /** An upload larger than the call takes. */
  too_large: 413,
  too_many_requests: 429,
  /**
   * A service the call depends on (the payment provider, the database) could not be reached;
   * try again.
   */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error type routes and services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  /** Sent as the answer's Retry-After header: when trying again is worth it. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    errors?: FieldErrors,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notSignedIn = () => new AppError("not_signed_in", "Please sign in to continue.");
export const invalidCredentials = (errors: FieldErrors) =>
  new AppError("invalid_credentials", messages.invalidLogin, errors);
export const forbidden = (message = "You do not have access to this page.") =>
  new AppError("forbidden", message);
/** Also for records that exist but are not the caller's: nothing is revealed. */
export const paymentRequired = (message: string) => new AppError("payment_required", message);
export const notFound = () => new AppError("not_found", "Not found");
export const conflict = (message: string) => new AppError("conflict", message);
export const gone = (message: string) => new AppError("gone", message);
export const invalid = (errors: FieldErrors, message = joinFirstMessages(errors)) =>
  new AppError("invalid", message, errors);
export const unavailable = (message: string) => new AppError("unavailable", message);
export const tooManyRequests = () => new AppError("too_many_requests", messages.tooManyAttempts);

/**
 * How long a client should wait before trying again while the database is away: a restart
 * takes a few seconds, and the pool connects again by itself on the next request.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to every request the database could not serve because it cannot be reached. */
export const databaseUnavailable = () =>
  new AppError(
    "unavailable",
    "Refrain is briefly unavailable. Please try again in a few seconds.",
    undefined,
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );

/** Node's socket errors that mean the database's server is not there (or not reachable). */
const UNREACHABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** PostgreSQL's own words for "not now": its SQLSTATE codes, by name. */
const UNREACHABLE_SQLSTATES: Record<string, string> = {
  "57P01": "admin_shutdown",
  "57P02": "crash_shutdown",
  "57P03": "cannot_connect_now",
  "53300": "too_many_connections",
};

/** node-postgres's and its pool's errors, which carry no code. */
const UNREACHABLE_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated due to connection timeout/, "connect timeout"],
  [/^Connection terminated/, "connection terminated"],
  [/^timeout exceeded when trying to connect/, "pool timeout"],
  [/is not queryable$/, "connection lost"],
];

/**
 * Why the database could not answer, when the error (or one of its causes: Drizzle wraps the
 * driver's) says the connection failed rather than the query: the server is down, restarting,
 * refusing connections or unreachable; a statement cut by statement_timeout counts too, the
 * database being too busy to answer in time. Null for any other error, which stays a 500.
 * Socket errors carry no sign of whose socket it was: another service a request needs (the
 * media bucket) that cannot be reached is answered alike, which suits it as well.
 */
export function databaseUnreachable(error: unknown, depth = 0): string | null {
  // pg-boss hands its workers' errors on as plain copies ({ ...error, message, stack }).
  if (typeof error !== "object" || error === null || depth > 5) return null;
  const { code, message, cause, address, port } = error as Record<string, unknown>;
  const text = typeof message === "string" ? message : "";
  if (typeof code === "string") {
    // With the address, the log tells the database from another service a request needed.
    if (UNREACHABLE_SOCKET_CODES.has(code))
      return typeof address === "string" ? `${code} ${address}${port ? `:${port}` : ""}` : code;
    if (code in UNREACHABLE_SQLSTATES) return `${code} ${UNREACHABLE_SQLSTATES[code]}`;
    // Class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return `${code} connection exception`;
    if (code === "57014" && /statement timeout/.test(text)) return "57014 statement timeout";
  }
  for (const [pattern, kind] of UNREACHABLE_MESSAGES) if (pattern.test(text)) return kind;
  // Node's connection to a name with several addresses fails with each of them.
  for (const inner of error instanceof AggregateError ? error.errors : []) {
    const kind = databaseUnreachable(inner, depth + 1);
    if (kind) return kind;
  }
  return databaseUnreachable(cause, depth + 1);
}

/**
 * A warning once per message and kind of failure and `windowMs`, not once per request or poll:
 * while the database is away every request fails the same way, and a line (let alone a stack)
 * for each would bury the log. Each line says how many like it were left out since the last.
 */
export function warnOncePerKind(windowMs = 10_000) {
  const last = new Map<string, { at: number; left: number }>();
  return (
    log: { warn(fields: object, message: string): void },
    kind: string,
    fields: object,
    message: string,
  ) => {
    const now = Date.now();
    const key = `${message}\n${kind}`;
    const seen = last.get(key);
    if (seen && now - seen.at < windowMs) {
      seen.left++;
      return;
    }
    log.warn({ ...fields, kind, ...(seen?.left && { leftOut: seen.left }) }, message);
    last.set(key, { at: now, left: 0 });
  };
}

/**
 * Ownership: a record the caller may not see reads as missing. Services pass the row they
 * found with the caller's scope in the query; null becomes 404.
 */
export function ownedOr404<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw notFound();
  return row;
}
