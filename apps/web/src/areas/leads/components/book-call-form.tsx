import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Group, SimpleGrid, Stack } from "@mantine/core";
import {
  type BookCallInput,
  type BookCallRequest,
  bookCallRequest,
  LEAD_LIMITS,
  leadMessages,
} from "@refrain/domain";
import { IconAlertCircle } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { DoneAlert } from "../../../components/form-alerts.tsx";
import { FormTextInput } from "../../../components/form-fields.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useBookCall } from "../api/book-call.ts";
import { ContactFields } from "./contact-fields.tsx";

/** The failure text of access spec §8, with "contact us" leading to the contact page. */
function BookCallError({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : "no connection";
  const [before, after] = leadMessages.bookCallFailed(status).split("contact us");
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
      {before}
      <Anchor component={Link} to="/contact" inherit>
        contact us
      </Anchor>
      {after}
    </Alert>
  );
}

/** Book a call (access spec screen 1): the visitor gets an e-mail with a scheduling link. */
export function BookCallForm({ onNavigate }: { onNavigate?: () => void }) {
  const bookCall = useBookCall();
  const form = useForm<BookCallInput, unknown, BookCallRequest>({
    resolver: zodResolver(bookCallRequest),
    defaultValues: { firstName: "", lastName: "", email: "", channel: "tutor" },
  });
  const { isSubmitted, isValid } = form.formState;

  if (bookCall.isSuccess) {
    return <DoneAlert>{leadMessages.bookCallSent}</DoneAlert>;
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => bookCall.mutate(values))}>
      <Stack gap="md">
        {bookCall.isError && (
          // Following the contact link from inside a modal closes the modal first.
          <div onClickCapture={onNavigate}>
            <BookCallError error={bookCall.error} />
          </div>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <FormTextInput
            form={form}
            name="firstName"
            label="First Name"
            autoComplete="given-name"
            maxLength={LEAD_LIMITS.name}
          />
          <FormTextInput
            form={form}
            name="lastName"
            label="Last Name"
            autoComplete="family-name"
            maxLength={LEAD_LIMITS.name}
          />
        </SimpleGrid>
        <ContactFields form={form} fields={["email"]} />
        <Group justify="flex-end">
          <Button type="submit" loading={bookCall.isPending} disabled={isSubmitted && !isValid}>
            Book a Call
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
