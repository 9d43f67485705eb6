import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "../../../lib/api.ts";

/** A 422's messages under their fields too, so the person sees where to look. */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown) {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [field, list] of Object.entries(error.errors)) {
    if (list[0]) form.setError(field as Path<T>, { type: "server", message: list[0] });
  }
}
