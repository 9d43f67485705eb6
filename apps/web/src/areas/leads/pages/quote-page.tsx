import { Paper, Stack, Text, Title } from "@mantine/core";
import { COMPANY } from "@refrain/domain";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { SCHOOL_QUOTE_TITLE } from "../components/quote-modal.tsx";
import { SchoolQuoteForm } from "../components/school-quote-form.tsx";

/** The site-license quote form as a page (access spec screen 7). */
export function QuotePage() {
  useDocumentTitle(`Request a Quote · ${COMPANY.product}`);
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={1}>{SCHOOL_QUOTE_TITLE}</Title>
        <Text c="dimmed" mt={4}>
          Fill in the information below to get an automatic quote, emailed to you as a PDF with the
          price for your number of students and how to pay.
        </Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <SchoolQuoteForm />
      </Paper>
    </Stack>
  );
}
