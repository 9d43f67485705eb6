import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  ADAPT_AGAIN_AFTER,
  DECLINE_COST,
  type EngineAgreement,
  MAX_CHECKED,
  MIN_CHECKED,
  MIN_LEARNT,
  type ModelAgreement,
  READINGS_TO_ADAPT,
  type SchoolAdaptation,
} from "@refrain/domain";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { dateText } from "../../../lib/date-text.ts";
import {
  useAdaptSchool,
  useSchoolAdaptations,
  useSuggestionAgreement,
} from "../api/suggestion-agreement.ts";

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
 * /staff/suggestions (issues 20, 38): how often teachers agreed with the suggested scoring of
 * readings, per engine version, from the grades they saved; then per school, the recognizer
 * adapted to its voices and agreement before and after.
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
      <SchoolAdaptations />
    </Stack>
  );
}

const off = (meanError: number | null) =>
  meanError === null ? "none suggested" : `${meanError.toFixed(1)} WCPM off on average`;

/** What the school's newest adaptation came to, and how both models did on its check. */
function LatestAdaptation({ latest }: { latest: SchoolAdaptation["latest"] }) {
  if (!latest) return <Text size="sm">Not adapted yet</Text>;
  return (
    <Stack gap={2}>
      <Group gap="xs">
        {latest.outcome === "kept" ? (
          <Badge color="teal" variant="light">
            In use
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Base model kept
          </Badge>
        )}
        <Text size="sm">{dateText(latest.at)}</Text>
      </Group>
      <Text size="xs" c="dimmed">
        Learnt from {latest.learnt} readings; checked on the {latest.checked} newest.
      </Text>
      <Text size="xs">
        Base: {latest.base.suggested} of {latest.checked} suggested, {off(latest.base.meanError)}
      </Text>
      <Text size="xs">
        Adapted: {latest.adapted.suggested} of {latest.checked} suggested,{" "}
        {off(latest.adapted.meanError)}
      </Text>
    </Stack>
  );
}

/** The school's graded suggestions, per engine version, by the base model and the adapted one. */
function BeforeAfter({ agreement }: { agreement: ModelAgreement[] }) {
  const graded = agreement.filter((a) => a.graded > 0);
  if (graded.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No graded suggestion yet
      </Text>
    );
  return (
    <Stack gap={2}>
      {graded.map((a) => (
        <Text size="xs" key={`${a.engine}-${a.adapted}`}>
          <Text span fw={600} size="xs">
            {a.adapted ? "Adapted" : "Base"}
          </Text>{" "}
          ({a.engine}): {a.graded} graded, WCPM {oneDecimal(a.wcpmError)} off, last word within 2
          words {percent(a.lastWordWithin2)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Per school: the recognizer adapted to its voices (issue 38). Staff can adapt one now, as after
 * a change of engine, rather than wait for the night's sweep.
 */
function SchoolAdaptations() {
  const schools = useSchoolAdaptations();
  const adapt = useAdaptSchool();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Adapted to each school
      </Title>
      <Text c="dimmed" maw={720}>
        The recognizer learns a school's voices from readings its teachers graded with a last word.
        Each night a school with {READINGS_TO_ADAPT} such readings (then {ADAPT_AGAIN_AFTER} more)
        is adapted on all but its newest ({MIN_LEARNT} at least), and the adapted model suggests for
        the school only if it comes nearer the teachers' WCPM than the base model on its newest{" "}
        {MIN_CHECKED} to {MAX_CHECKED} readings, which it did not learn from (a declined reading
        counting as {DECLINE_COST} off).
      </Text>
      {adapt.isError && <ErrorAlert error={adapt.error} prefix="The school was not adapted: " />}
      <QueryState
        query={schools}
        loading="Loading schools..."
        isEmpty={(list) => list.length === 0}
        empty={<Text c="dimmed">No school has graded or suggested readings yet.</Text>}
      >
        {(list) => (
          <Paper withBorder style={{ overflowX: "auto" }}>
            <Table striped miw={720} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">School</Table.Th>
                  <Table.Th scope="col">Confirmed readings</Table.Th>
                  <Table.Th scope="col">Newest adaptation</Table.Th>
                  <Table.Th scope="col">Teachers' agreement</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((school) => (
                  <Table.Tr key={school.schoolId}>
                    <Table.Th scope="row" fw={500}>
                      {school.school}
                      {school.district && (
                        <Text size="xs" c="dimmed" fw={400}>
                          {school.district}
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td>{school.confirmed}</Table.Td>
                    <Table.Td>
                      <LatestAdaptation latest={school.latest} />
                    </Table.Td>
                    <Table.Td>
                      <BeforeAfter agreement={school.agreement} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        loading={school.queued}
                        disabled={school.confirmed < READINGS_TO_ADAPT}
                        aria-label={`Adapt now: ${school.school}`}
                        onClick={() => adapt.mutate(school.schoolId)}
                      >
                        Adapt now
                      </Button>
                    </Table.Td>
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
