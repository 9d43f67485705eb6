import { Paper, Stack, Table, Text } from "@mantine/core";
import type { EngineAgreement } from "@refrain/domain";
import { QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { useSuggestionAgreement } from "../api/suggestion-agreement.ts";

const percent = (share: number | null) => (share === null ? "--" : `${Math.round(share * 100)}%`);
const oneDecimal = (value: number | null) => (value === null ? "--" : value.toFixed(1));

/** The measures, as rows, so each engine is a column a reader compares across. */
const MEASURES: { label: string; value: (e: EngineAgreement) => string; help?: string }[] = [
  { label: "Readings suggested", value: (e) => `${e.suggested}` },
  { label: "Declined", value: (e) => `${e.declined}` },
  { label: "Failed", value: (e) => `${e.failed}` },
  { label: "Graded with a suggestion", value: (e) => `${e.graded}` },
  {
    label: "Precision",
    value: (e) => percent(e.precision),
    help: "share of suggested misses the teacher kept",
  },
  {
    label: "Recall",
    value: (e) => percent(e.recall),
    help: "share of the teacher's misses that were suggested",
  },
  {
    label: "Last word: exact",
    value: (e) => percent(e.lastWordExact),
    help: "of the graded readings with a last word set",
  },
  { label: "Last word: within 2 words", value: (e) => percent(e.lastWordWithin2) },
  {
    label: "WCPM difference",
    value: (e) => oneDecimal(e.wcpmError),
    help: "mean absolute, suggested against graded",
  },
];

/**
 * /staff/suggestions (issue 20): how often teachers agreed with the suggested scoring of
 * readings, per engine version, from the grades they saved.
 */
export function StaffSuggestionsPage() {
  const agreement = useSuggestionAgreement();
  return (
    <Stack gap="md">
      <PageTitle>Suggested Scoring</PageTitle>
      <Text c="dimmed" maw={720}>
        How often teachers kept what the speech recognizer suggested, per engine version. A grade
        counts against the engine whose suggestion its teacher saw.
      </Text>
      <QueryState
        query={agreement}
        loading="Loading agreement..."
        isEmpty={(engines) => engines.length === 0}
        empty={<Text c="dimmed">No reading has had a suggestion yet.</Text>}
      >
        {(engines) => (
          <Paper withBorder style={{ overflowX: "auto" }}>
            <Table striped withColumnBorders miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Measure</Table.Th>
                  {engines.map((e) => (
                    <Table.Th key={e.engine} scope="col">
                      {e.engine}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {MEASURES.map((m) => (
                  <Table.Tr key={m.label}>
                    <Table.Th scope="row">
                      {m.label}
                      {m.help && (
                        <Text size="xs" c="dimmed" fw={400}>
                          {m.help}
                        </Text>
                      )}
                    </Table.Th>
                    {engines.map((e) => (
                      <Table.Td key={e.engine}>{m.value(e)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
}
