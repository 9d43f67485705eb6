import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { applyFieldErrors } from "../../../lib/form-errors.ts";

/**
 * How both sign-up forms send: on success the whole page loads the address the server gives,
 * and `leaving` stays true until it does, so the form stays busy; on failure each of `fields`
 * shows its own message and nothing typed is lost.
 */
export function useSendThenLoad<T extends FieldValues, V, A extends { redirect: string }>(
  sending: UseMutationResult<A, Error, V>,
  form: { setError: UseFormSetError<T> },
  fields: readonly FieldPath<T>[],
) {
  const [leaving, setLeaving] = useState(false);
  const send = (values: V) =>
    sending.mutate(values, {
      onSuccess: (answer) => {
        setLeaving(true);
        // A full load, so the page gets the session as it now is, and its CSRF tag.
        window.location.assign(answer.redirect);
      },
      onError: (error) => {
        applyFieldErrors(form, error, fields);
      },
    });
  return { send, leaving };
}
