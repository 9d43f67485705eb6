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
  /** A service the call depends on (the payment provider) could not be reached; try again. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error type routes and services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;

  constructor(code: ErrorCode, message: string, errors?: FieldErrors) {
    super(message);
    this.code = code;
    this.errors = errors;
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
 * Ownership: a record the caller may not see reads as missing. Services pass the row they
 * found with the caller's scope in the query; null becomes 404.
 */
export function ownedOr404<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw notFound();
  return row;
}
