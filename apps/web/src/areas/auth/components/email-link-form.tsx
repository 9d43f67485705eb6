import { Button, Stack, Text, TextInput } from "@mantine/core";
import { emailLinkRequest, SIGNUP_LIMITS } from "@refrain/domain";
import { IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { useSchemaForm } from "../../../lib/schema-form.ts";
import { useSendEmailLink } from "../api/send-email-link.ts";

/** Sign in without a password: a single-use link by e-mail (access spec screens 12–13). */
export function EmailLinkForm({
  id,
  suggestedEmail = "",
}: {
  id?: string;
  suggestedEmail?: string;
}) {
  const send = useSendEmailLink();
  const form = useSchemaForm(emailLinkRequest, { email: "" });
  // An address typed into the sign-in form above fills this one, unless something is typed here.
  const [suggested, setSuggested] = useState(suggestedEmail);
  if (suggestedEmail !== suggested) {
    setSuggested(suggestedEmail);
    if (suggestedEmail && !form.values.email) form.setValue("email", suggestedEmail);
  }
  const onSubmit = form.handleSubmit((values) => send.mutate(values));

  return (
    <form id={id} onSubmit={onSubmit} noValidate aria-label="Email me a login link">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Or get a link by email that signs you in without a password.
        </Text>
        {send.isSuccess && <DoneAlert icon={<IconMailCheck />}>{send.data.message}</DoneAlert>}
        <ErrorAlert error={send.error} />
        <TextInput
          {...form.field("email")}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={SIGNUP_LIMITS.emailMax}
        />
        <Button type="submit" variant="light" fullWidth disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Login Link"}
        </Button>
      </Stack>
    </form>
  );
}
