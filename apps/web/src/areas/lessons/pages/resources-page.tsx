import {
  Anchor,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  FLUENCY_SHEET_GRADES,
  fluencySheetLevelName,
  PLANNER_IMAGES,
  plannerImageUrl,
  RESOURCE_PDFS,
  type ResourceTab,
  resourceLevel,
  resourcePdfUrl,
  resourceTab,
} from "@refrain/domain";
import { IconDownload, IconFileTypePdf } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useResources } from "../api/get-resources.ts";

const TAB_LABELS: Record<ResourceTab, string> = {
  planner: "Planner",
  chart: "Fluency Chart",
  curriculum: "Curriculum",
  sheets: "Fluency Sheets",
  implementation: "Implementation",
};

const PLANNER_ALT: Record<(typeof PLANNER_IMAGES)[number], string> = {
  "weekly-planner":
    "Weekly fluency planner: Monday to Friday with the day's read-alongs, exams and recordings",
  "daily-routine":
    "One reading session: read along three times, take the day's exam, retake under 75%",
};

/** Each printable PDF's heading, download button and what it holds. */
const PDF_TEXTS: Record<
  keyof typeof RESOURCE_PDFS,
  { title: string; label: string; about: string }
> = {
  chart: {
    title: "Printable fluency chart",
    label: "Download the Fluency Chart (PDF)",
    about:
      "One page per student: after each reading, the student colors a bar up to their words correct per minute, three readings for each of six lessons.",
  },
  curriculum: {
    title: "Full curriculum, grades 1–5",
    label: "Download the Curriculum Overview (PDF)",
    about:
      "Every lesson of first to fifth grade with its story genre, subject, music genre, Lexile measure and read-along tempo.",
  },
  guide: {
    title: "Implementation guide",
    label: "Implementation Guide (PDF)",
    about:
      "The weekly routine: reading along three times, the day 1–3 exams, the day 4 extension, cold, hot and benchmark recordings, and retakes under 75%.",
  },
  rubric: {
    title: "Fluency rubric",
    label: "Fluency Rubric (PDF)",
    about:
      "The 1–5 expression scale, how words correct per minute is computed, and the day 4 rubric.",
  },
};

/**
 * Printable Resources (classroom spec "Resources page"): `tab` picks the tab (the default
 * boost-fluency shows the planner) and `level` the fluency sheets' grade (default 1).
 */
export function ResourcesPage() {
  useDocumentTitle("Printable Resources · Refrain");
  const [params, setParams] = useSearchParams();
  const tab = resourceTab(params.get("tab"));
  const level = resourceLevel(params.get("level"));

  return (
    <Stack gap="lg">
      <Title order={1}>Boost Fluency 50-100%</Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value)
            setParams(value === "sheets" ? { tab: value, level: String(level) } : { tab: value });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {Object.entries(TAB_LABELS).map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="planner" pt="lg">
          <Text c="dimmed" mb="md">
            Print the weekly planner for your plan book, and keep the session routine where students
            can see it.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {PLANNER_IMAGES.map((name) => (
              <Paper key={name} withBorder p="xs">
                <Image src={plannerImageUrl(name)} alt={PLANNER_ALT[name]} radius="sm" />
              </Paper>
            ))}
          </SimpleGrid>
        </Tabs.Panel>

        <Tabs.Panel value="chart" pt="lg">
          <Download pdf="chart" />
        </Tabs.Panel>

        <Tabs.Panel value="curriculum" pt="lg">
          <Download pdf="curriculum" />
        </Tabs.Panel>

        <Tabs.Panel value="sheets" pt="lg">
          <FluencySheets level={level} enabled={tab === "sheets"} />
        </Tabs.Panel>

        <Tabs.Panel value="implementation" pt="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Download pdf="guide" />
            <Download pdf="rubric" />
          </SimpleGrid>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Download({ pdf }: { pdf: keyof typeof RESOURCE_PDFS }) {
  const { title, label, about } = PDF_TEXTS[pdf];
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed">{about}</Text>
        <Button
          component="a"
          href={resourcePdfUrl(RESOURCE_PDFS[pdf])}
          target="_blank"
          rel="noopener"
          leftSection={<IconDownload size={16} />}
        >
          {label}
        </Button>
      </Stack>
    </Paper>
  );
}

function FluencySheets({ level, enabled }: { level: number; enabled: boolean }) {
  const resources = useResources(enabled);
  const sheets = (resources.data?.data.resources["fluency-sheets"] ?? []).filter(
    (sheet) => sheet.level === level,
  );

  return (
    <Stack gap="md">
      <Group gap="xs" role="group" aria-label="Grade">
        {FLUENCY_SHEET_GRADES.map((grade) => (
          <Button
            key={grade}
            component={Link}
            to={`?tab=sheets&level=${grade}`}
            variant={grade === level ? "filled" : "default"}
            aria-current={grade === level ? "page" : undefined}
          >
            {fluencySheetLevelName(grade)}
          </Button>
        ))}
      </Group>
      <QueryState query={resources} loading="Loading Fluency Sheets...">
        {() => (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={480} type="native">
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Level</Table.Th>
                    <Table.Th>Sheet Title</Table.Th>
                    <Table.Th>Sheet Link</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sheets.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={3}>
                        <Text c="dimmed" ta="center" py="lg">
                          No fluency sheets for {fluencySheetLevelName(level)}.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    sheets.map((sheet) => (
                      <Table.Tr key={sheet.file}>
                        <Table.Td>{fluencySheetLevelName(sheet.level)}</Table.Td>
                        <Table.Td fw={500}>{sheet.title}</Table.Td>
                        <Table.Td>
                          <Anchor href={sheet.file} target="_blank" rel="noopener">
                            <Group gap={6} wrap="nowrap">
                              <IconFileTypePdf size={18} aria-hidden />
                              Open PDF
                              <VisuallyHidden>{` for ${sheet.title} (opens in a new tab)`}</VisuallyHidden>
                            </Group>
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
}
