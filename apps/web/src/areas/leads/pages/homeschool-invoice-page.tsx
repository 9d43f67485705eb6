import { Paper, Stack, Text, Title } from "@mantine/core";
import { COMPANY } from "@refrain/domain";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { HomeschoolInvoiceForm } from "../components/homeschool-invoice-form.tsx";

/** The homeschool invoice request for education savings accounts (access spec screen 9). */
export function HomeschoolInvoicePage() {
  useDocumentTitle(`Homeschool Invoice · ${COMPANY.product}`);
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={1}>Homeschool Invoice</Title>
        <Text c="dimmed" mt={4}>
          Paying with an education savings account? Fill in your family's details and we email you
          an invoice as a PDF right away, ready to submit to your program.
        </Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <HomeschoolInvoiceForm />
      </Paper>
    </Stack>
  );
}
