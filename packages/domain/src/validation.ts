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
} as const;

/** A string field whose absence reads "Field is required" rather than zod's type error. */
export function text(required: string = messages.required) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? required : "Field must be text",
  });
}

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

/** Every answer of the API carries this envelope. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
