import { Button, Group, type MantineSpacing } from "@mantine/core";
import type { UseMutationResult } from "@tanstack/react-query";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { applyFieldErrors } from "../../../lib/form-errors.ts";

/**
 * The submit handler of a lead form that sends with `sending`: a refused field shows the
 * server's message at the field; `onFailed` runs after any failure.
 */
export const submitLead = <T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  sending: UseMutationResult<unknown, Error, O>,
  onFailed?: () => void,
) =>
  form.handleSubmit((values) =>
    sending.mutate(values, {
      onError: (error) => {
        applyFieldErrors(form, error);
        onFailed?.();
      },
    }),
  );

/**
 * A lead form's buttons: Cancel where the form has a way out (a modal), and submit, which waits
 * while the form sends and, once a submission showed what is missing, while it is `invalid`.
 */
export function LeadButtons({
  label,
  sending,
  invalid,
  onCancel,
  mt,
}: {
  label: string;
  sending: boolean;
  invalid: boolean;
  onCancel?: () => void;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      )}
      <Button type="submit" disabled={sending || invalid}>
        {sending ? "Sending..." : label}
      </Button>
    </Group>
  );
}
