import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, SimpleGrid, Stack } from "@mantine/core";
import {
  DEFAULT_REFERRAL,
  LEAD_LIMITS,
  type SchoolQuoteInput,
  type SchoolQuoteRequest,
  schoolQuoteRequest,
} from "@refrain/domain";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { FormNumberInput } from "../../../components/form-fields.tsx";
import { useRequestQuote } from "../api/request-quote.ts";
import { ContactFields, EMPTY_CONTACT, ReferralFields } from "./contact-fields.tsx";
import { LeadForm } from "./lead-form.tsx";
import { QuoteSent } from "./quote-sent.tsx";

// No number of students until one is typed.
const emptyQuote: Partial<SchoolQuoteInput> = {
  product: "school",
  school: "",
  ...EMPTY_CONTACT,
  title: "",
  address: "",
  zip: "",
  referral: DEFAULT_REFERRAL,
  referralCode: "",
};

/**
 * The school site-license quote form (access spec screen 7). On a page, the answer replaces the
 * form; in a modal the footer then shows Submitted!, which resets the form and closes the modal.
 */
export function SchoolQuoteForm({
  inModal = false,
  forDistrict = false,
  intro,
  onCancel,
  onDone,
}: {
  inModal?: boolean;
  /** Asked by a district (the volume pricing banner): the organization is the district. */
  forDistrict?: boolean;
  /** Shown above the fields, and gone with them once the quote is sent. */
  intro?: ReactNode;
  onCancel?: () => void;
  onDone?: () => void;
}) {
  const quote = useRequestQuote();
  const form = useForm<SchoolQuoteInput, unknown, SchoolQuoteRequest>({
    resolver: zodResolver(schoolQuoteRequest),
    defaultValues: emptyQuote,
  });
  const startOver = () => {
    form.reset(emptyQuote);
    quote.reset();
  };

  if (quote.isSuccess) {
    return (
      <Stack gap="lg">
        <QuoteSent answer={quote.data} kind="quote" inModal={inModal} />
        <Group justify="flex-end">
          {inModal ? (
            <Button
              onClick={() => {
                startOver();
                onDone?.();
              }}
            >
              Submitted!
            </Button>
          ) : (
            <Button variant="light" onClick={startOver}>
              Request another quote
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <LeadForm
      form={form}
      sending={quote}
      intro={intro}
      submit="Generate Quote"
      onCancel={onCancel}
      buttonsMt="sm"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ContactFields
          form={form}
          fields={["school"]}
          labels={{ school: forDistrict ? "District Name" : "School Name" }}
        />
        <FormNumberInput
          form={form}
          name="subscription_count"
          label="Number of Students"
          description="One seat per student, for 12 months"
          min={1}
          max={LEAD_LIMITS.quoteSeats}
          thousandSeparator=","
        />
        <ContactFields
          form={form}
          fields={["firstname", "lastname", "title", "phone"]}
          hints={{ title: "Optional, e.g. Principal", phone: "Optional" }}
        />
      </SimpleGrid>
      <ContactFields
        form={form}
        fields={["email", "address"]}
        labels={{ address: forDistrict ? "District Office Address" : "School Address" }}
        hints={{ email: "We send the quote to this address" }}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ContactFields form={form} fields={["city", "state", "zip"]} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ReferralFields form={form} />
      </SimpleGrid>
    </LeadForm>
  );
}
