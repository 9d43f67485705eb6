import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Fieldset, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  DEFAULT_REFERRAL,
  type HomeschoolInvoiceInput,
  type HomeschoolInvoiceRequest,
  homeschoolInvoiceRequest,
  INVOICE_STATE_OPTIONS,
  LEAD_LIMITS,
} from "@refrain/domain";
import { useForm } from "react-hook-form";
import { FormTextInput } from "../../../components/form-fields.tsx";
import { useRequestQuote } from "../api/request-quote.ts";
import { ContactFields, EMPTY_CONTACT, ReferralFields } from "./contact-fields.tsx";
import { LeadForm } from "./lead-form.tsx";
import { QuoteSent } from "./quote-sent.tsx";

const STUDENT_ROWS = Array.from({ length: LEAD_LIMITS.invoiceStudents }, (_, i) => i);

const emptyInvoice: HomeschoolInvoiceInput = {
  product: "homeschool",
  ...EMPTY_CONTACT,
  address: "",
  zip: "",
  referral: DEFAULT_REFERRAL,
  referralCode: "",
  students: STUDENT_ROWS.map(() => ({ firstname: "", lastname: "" })),
};

/**
 * The homeschool invoice for an education savings account (access spec screen 9): the family's
 * address and up to five students; the first student's first name is required.
 */
export function HomeschoolInvoiceForm() {
  const invoice = useRequestQuote();
  const form = useForm<HomeschoolInvoiceInput, unknown, HomeschoolInvoiceRequest>({
    resolver: zodResolver(homeschoolInvoiceRequest),
    defaultValues: emptyInvoice,
  });

  if (invoice.isSuccess) {
    return (
      <Stack gap="lg">
        <QuoteSent answer={invoice.data} kind="invoice" />
        <Group>
          <Button
            variant="light"
            onClick={() => {
              form.reset(emptyInvoice);
              invoice.reset();
            }}
          >
            Request another invoice
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <LeadForm form={form} sending={invoice} submit="Get My Invoice">
      <Fieldset legend="Parent or guardian">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ContactFields
              form={form}
              fields={["firstname", "lastname", "email", "phone"]}
              hints={{
                email: "We send the invoice to this address",
                phone: "Your program may ask for it",
              }}
            />
          </SimpleGrid>
          <ContactFields form={form} fields={["address"]} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ContactFields
              form={form}
              fields={["city", "state", "zip"]}
              stateOptions={INVOICE_STATE_OPTIONS}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Students">
        <Text size="sm" c="dimmed" mb="sm">
          Up to {LEAD_LIMITS.invoiceStudents} students; leave the rows you do not need empty.
        </Text>
        <Stack gap="xs">
          {STUDENT_ROWS.map((index) => (
            <SimpleGrid key={index} cols={2}>
              <FormTextInput
                form={form}
                name={`students.${index}.firstname`}
                label={`Student ${index + 1} First Name`}
                maxLength={LEAD_LIMITS.name}
              />
              <FormTextInput
                form={form}
                name={`students.${index}.lastname`}
                label={`Student ${index + 1} Last Name`}
                maxLength={LEAD_LIMITS.name}
              />
            </SimpleGrid>
          ))}
        </Stack>
      </Fieldset>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ReferralFields form={form} />
      </SimpleGrid>
    </LeadForm>
  );
}
