import { z } from "zod";

/** The spec's own words (access spec §5, §8). */
export const messages = {
  required: "Field is required",
  minChars: (n: number) => `Field must have at least ${n} characters.`,
  maxChars: (n: number) => `Field cannot have more than ${n} characters.`,
  email: "Field must be a valid email address.",
  invalidLogin: "Invalid username or password. Please try again",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  somethingWrong: "Something went wrong?",
  notAllowedCharacters: "Contains characters that are not allowed.",
  invalidId: "Field must be a valid id.",
  submission: "This form is out of date: reload the page and try again.",
} as const;

/**
 * The values of a `{ value: label }` map in the order it is written, as the tuple `z.enum` (and
 * a database enum) takes: a set of choices and its labels are then written once, not as a tuple
 * and a map that must be kept alike by hand.
 */
export function keysOf<K extends string>(labels: Record<K, unknown>): readonly [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Text a spreadsheet runs as a formula when it starts a cell (OWASP "CSV injection"): =, +, -,
 * @, a tab or a carriage return.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** Text for a CSV cell that a spreadsheet shows as text: a formula gets OWASP's leading quote. */
export const defuseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * Whether a string holds only characters the database can store: no NUL (text columns refuse
 * it) and no half of a UTF-16 surrogate pair (jsonb refuses it; a text column would silently
 * keep U+FFFD instead). No keyboard types either.
 */
export function storable(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * The one text schema every request field, path parameter and query parameter is built on: a
 * string of storable characters, whose absence reads "Field is required" rather than zod's type
 * error. Callers add trimming and limits.
 */
export function text(required: string = messages.required) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? required : "Field must be text",
    })
    .refine(storable, { message: messages.notAllowedCharacters, abort: true });
}

/**
 * The id a form makes for one submission (a UUID, made when the form starts). What the
 * submission makes is stored with it under a unique index, so the same submission sent twice (a
 * double click, a retry) makes one record, while a new form, with a new id, makes another.
 */
export const submissionId = () => z.uuid({ error: messages.submission });

/**
 * A required, trimmed text of at most `max` (and at least `min`) characters. Blank after
 * trimming counts as missing.
 */
export function requiredText(opts: { max: number; min?: number; required?: string }) {
  const required = opts.required ?? messages.required;
  let schema = text(required).trim().min(1, required);
  if (opts.min && opts.min > 1) schema = schema.min(opts.min, messages.minChars(opts.min));
  return schema.max(opts.max, messages.maxChars(opts.max));
}

/** Marks the issue of an id that names no record: the API answers 404, not 422. */
export const NOT_FOUND_ISSUE = { notFound: true } as const;

/** The largest id PostgreSQL's integer columns hold: no record has a larger one. */
export const MAX_ID = 2_147_483_647;

/**
 * The one id schema of request bodies: a whole number from 1 (or `min`) to MAX_ID. Something
 * that is not such a number (a word, 1.5, 0, -1) is a malformed field: 422 with `message`. A
 * whole number above MAX_ID is well formed but names no record, so the API answers it as it
 * answers any id naming nothing the caller may see: 404 (NOT_FOUND_ISSUE). `message`, when
 * given, is said for every other fault, a missing id too. `coerce` takes digits as text too.
 */
export function recordId(opts?: RecordIdOptions & { coerce?: false }): z.ZodNumber;
export function recordId(opts: RecordIdOptions & { coerce: true }): z.ZodCoercedNumber;
export function recordId(opts: RecordIdOptions & { coerce?: boolean } = {}) {
  const message = opts.message ?? messages.invalidId;
  const params = {
    error: (issue: { input?: unknown }) =>
      opts.message ??
      (issue.input === undefined || issue.input === null ? messages.required : message),
  };
  const base: z.ZodNumber = opts.coerce ? z.coerce.number(params) : z.number(params);
  return base
    .int(message)
    .min(opts.min ?? 1, message)
    .refine((id) => id <= MAX_ID, { message: "Not found", params: NOT_FOUND_ISSUE });
}

interface RecordIdOptions {
  message?: string;
  min?: 0 | 1;
}

function pathNumber(min: 0 | 1) {
  return z.string().transform((value, ctx) => {
    const number = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (number >= min && number <= MAX_ID) return number;
    ctx.addIssue({ code: "custom", message: "Not found", params: NOT_FOUND_ISSUE });
    return z.NEVER;
  });
}

/**
 * The one id schema of URL paths (/student/feedback/{studentId}): digits naming a record, 1 to
 * MAX_ID. Anything else (a word, 0, -1, 2147483648) cannot name one and is answered 404.
 */
export const idParam = pathNumber(1);
/** A position in a list in a URL path (an attachment's index), from 0; otherwise 404. */
export const indexParam = pathNumber(0);

/** The `errors` object of a 422 answer: the messages of each failing field, keyed by path. */
export type FieldErrors = Record<string, string[]>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    const list = out[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[key] = list;
  }
  return out;
}

/** The one text shown for an error answer: the first message of each field, joined (access §8). */
export function joinFirstMessages(errors: FieldErrors): string {
  return Object.values(errors)
    .map((list) => list[0])
    .filter(Boolean)
    .join(" ");
}

// The successful answers most calls give. Answers with fields of their own write
// `success: z.literal(true)` beside them.

/** A successful answer that carries nothing more: `{ success: true }`. */
export const successResponse = z.object({ success: z.literal(true) });

/** A successful answer carrying what was asked for: `{ success: true, data }`. */
export function dataResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** A successful answer carrying a text to show the user: `{ success: true, message }`. */
export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

/** Every answer of the API carries this envelope. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
