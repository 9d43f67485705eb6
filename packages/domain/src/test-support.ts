import type { z } from "zod";
import { type FieldErrors, fieldErrors } from "./validation.ts";

// What the domain's tests share: not part of the package's API.

/** The 422 answer's `errors` a schema gives `value`: empty when it passes. */
export function errorsOf(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

/** A form's submission id (any UUID), for requests that carry one. */
export const SUBMISSION_ID = "0b5f8a1e-3c2d-4e6f-9a7b-1c2d3e4f5a6b";

/** The errors of `fields` left out or blank: each says the spec's "Field is required". */
export function requiredErrors(...fields: string[]): FieldErrors {
  return Object.fromEntries(fields.map((field) => [field, ["Field is required"]]));
}
