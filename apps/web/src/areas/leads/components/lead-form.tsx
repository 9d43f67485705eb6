import { Button, Group, type MantineSpacing, Stack } from "@mantine/core";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";

/**
 * A lead form that sends with `sending`: above its fields the `intro` and why the last send
 * failed; a refused field shows the server's message at the field; `onFailed` runs after any
 * failure. Below the fields, its buttons: Cancel where the form has a way out (`onCancel`, a
 * modal), and `submit`, which waits while the form sends and, once a submission showed what is
 * missing, while the form is invalid.
 */
export function LeadForm<T extends FieldValues, O>({
  form,
  sending,
  submit,
  onCancel,
  buttonsMt,
  onFailed,
  intro,
  children,
}: {
  form: UseFormReturn<T, unknown, O>;
  sending: UseMutationResult<unknown, Error, O>;
  submit: string;
  onCancel?: () => void;
  buttonsMt?: MantineSpacing;
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
  const { isSubmitted, isValid } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {intro}
        <ErrorAlert error={sending.error} />
        {children}
        <Group justify="flex-end" mt={buttonsMt}>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={sending.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={sending.isPending || (isSubmitted && !isValid)}>
            {sending.isPending ? "Sending..." : submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
