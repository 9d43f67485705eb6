import { Button, Group, type MantineSpacing, Stack } from "@mantine/core";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";

/**
 * A lead form that sends with `sending`: above its fields the `intro` and why the last send
 * failed; a refused field shows the server's message at the field; `onFailed` runs after any
 * failure.
 */
export function LeadForm<T extends FieldValues, O>({
  form,
  sending,
  onFailed,
  intro,
  children,
}: {
  form: UseFormReturn<T, unknown, O>;
  sending: UseMutationResult<unknown, Error, O>;
  onFailed?: () => void;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const onSubmit = form.handleSubmit((values) =>
    sending.mutate(values, {
      onError: (error) => {
        applyFieldErrors(form, error);
        onFailed?.();
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {intro}
        <ErrorAlert error={sending.error} />
        {children}
      </Stack>
    </form>
  );
}

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
