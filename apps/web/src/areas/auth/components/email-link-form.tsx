import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Stack, Text } from "@mantine/core";
import { type EmailLinkRequest, emailLinkRequest } from "@refrain/domain";
import { IconMailCheck } from "@tabler/icons-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { EmailInput } from "../../../components/form-fields.tsx";
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
  const form = useForm<EmailLinkRequest>({
    resolver: zodResolver(emailLinkRequest),
    defaultValues: { email: "" },
  });
  // An address typed into the sign-in form above fills this one, unless something is typed here.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (suggestedEmail && !getValues("email")) setValue("email", suggestedEmail);
  }, [suggestedEmail, getValues, setValue]);
  const onSubmit = form.handleSubmit((values) => send.mutate(values));

  return (
    <form id={id} onSubmit={onSubmit} noValidate aria-label="Email me a login link">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Or get a link by email that signs you in without a password.
        </Text>
        {send.isSuccess && <DoneAlert icon={<IconMailCheck />}>{send.data.message}</DoneAlert>}
        <ErrorAlert error={send.error} />
        <EmailInput form={form} name="email" label="Email" />
        <Button type="submit" variant="light" fullWidth disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Login Link"}
        </Button>
      </Stack>
    </form>
  );
}
