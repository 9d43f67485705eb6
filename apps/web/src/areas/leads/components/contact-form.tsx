import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { type ContactRequest, contactRequest, LEAD_LIMITS } from "@refrain/domain";
import { useForm } from "react-hook-form";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useSendContactMessage } from "../api/send-contact-message.ts";
import { ContactFields } from "./contact-fields.tsx";

const EMPTY: ContactRequest = { name: "", email: "", message: "" };

/** Contact Us: a name, the address to reply to, and the message; staff answer by e-mail. */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactRequest>({
    resolver: zodResolver(contactRequest),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitted, isValid } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => form.reset(EMPTY),
      onError: (error) => applyFieldErrors(form, error),
    }),
  );
  // A new message hides the thanks for the last one.
  const editing = () => send.isSuccess && send.reset();

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Send us a message">
      <Stack gap="sm">
        {send.isSuccess && <DoneAlert>{send.data.message}</DoneAlert>}
        <ErrorAlert error={send.error} />
        <TextInput
          label="Your name"
          autoComplete="name"
          maxLength={LEAD_LIMITS.contactName}
          error={errors.name?.message}
          {...form.register("name", { onChange: editing })}
        />
        <ContactFields
          form={form}
          fields={["email"]}
          labels={{ email: "Your email" }}
          hints={{ email: "We reply to this address." }}
          onChange={editing}
        />
        <Textarea
          label="Your message"
          maxLength={LEAD_LIMITS.feedback}
          autosize
          minRows={6}
          error={errors.message?.message}
          {...form.register("message", { onChange: editing })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} disabled={isSubmitted && !isValid}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
