import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { QUOTE_VALID_DAYS, type QuoteResponse } from "@refrain/domain";
import { IconFileTypePdf } from "@tabler/icons-react";

/** After a quote or invoice: the e-mailed link, and the same link labelled with its number. */
export function QuoteSent({
  answer,
  kind,
  inModal,
}: {
  answer: QuoteResponse;
  kind: "quote" | "invoice";
  inModal?: boolean;
}) {
  return (
    <Stack gap="sm" role="status">
      <Title order={2} fz="h3">
        {kind === "quote" ? "Quote Sent" : "Invoice Sent"}
      </Title>
      <Text>We emailed you a link to download your {kind}. You can also open it here:</Text>
      <Anchor href={answer.url} target="_blank" rel="noopener" fw={600} fz="lg">
        <IconFileTypePdf size={20} style={{ verticalAlign: "text-bottom", marginRight: 6 }} />
        {answer.invoice_number}
      </Anchor>
      <Text size="sm" c="dimmed">
        The link expires in {QUOTE_VALID_DAYS} days.
      </Text>
      {inModal && (
        <Alert variant="light" color="gray" p="xs">
          Click outside this window to close it.
        </Alert>
      )}
    </Stack>
  );
}
