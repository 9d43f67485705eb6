import { Button, Group, Paper, Stack, Text, type TextInputProps, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { type FieldProps, FormTextInput } from "../../../components/form-fields.tsx";

/** A part of the staff billing page, named by its heading. */
export function BillingSection({
  id,
  title,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz="xl" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A staff tool's form on the billing page: what it does, its fields side by side, what the
 * last submission came to (`children`), and its one button.
 */
export function BillingToolForm({
  label,
  intro,
  onSubmit,
  fields,
  submitLabel,
  busy,
  children,
}: {
  /** The form's name for screen readers. */
  label: string;
  intro: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fields: ReactNode;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg">
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            {fields}
          </Group>
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** What a tool acts on (a username, a code), required and typed exactly: nothing suggested. */
export function ExactInput<T extends FieldValues, C, O>(
  props: FieldProps<T, C, O, TextInputProps>,
) {
  return (
    <FormTextInput
      autoComplete="off"
      spellCheck={false}
      withAsterisk
      w={{ base: "100%", sm: 240 }}
      {...props}
    />
  );
}
