import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api.ts";

/**
 * A 422's messages under the fields they name, so the person sees where to look: the first
 * message of each field goes onto the react-hook-form field of the same name. `fields` limits
 * it to the fields the form shows (a message for a field the form lacks stays in the alert the
 * form shows from `errorText`). True when any field got a message, so a caller can tell a field
 * refusal from any other failure.
 */
export function applyFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields?: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let applied = false;
  for (const [field, list] of Object.entries(error.errors)) {
    const message = list[0];
    if (!message || (fields && !fields.includes(field as FieldPath<T>))) continue;
    form.setError(field as FieldPath<T>, { type: "server", message });
    applied = true;
  }
  return applied;
}
