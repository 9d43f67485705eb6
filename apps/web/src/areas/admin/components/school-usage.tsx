import {
  Button,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  type TitleOrder,
} from "@mantine/core";
import type { DistrictSummary, SchoolBreakdown, UsageTotals } from "@refrain/domain";
import {
  IconChartBar,
  IconChevronDown,
  IconChevronUp,
  IconFileImport,
  IconListCheck,
} from "@tabler/icons-react";
import { useId } from "react";
import { Link } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { type UsageRange, useSchoolBreakdown } from "../api/school-breakdown.ts";
import {
  formatCount,
  formatMinutes,
  hasNoData,
  hasNoTeachers,
  schoolReportPath,
  usageOf,
} from "../usage-figures.ts";
import { ConceptBlocks, GenreTable, UsageFiguresTable } from "./usage-tables.tsx";

/** The school's reports, in the order their buttons show. */
const REPORT_LINKS = [
  { category: "usage", label: "Details", Icon: IconChartBar },
  { category: "concepts", label: "Concepts", Icon: IconListCheck },
] as const;

/** The school's Details (usage) and Concepts reports over `range` (access spec screen 14). */
export function SchoolReportLinks({
  schoolId,
  schoolName,
  range,
}: {
  schoolId: number;
  schoolName: string;
  range: UsageRange;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {REPORT_LINKS.map(({ category, label, Icon }) => (
        <Button
          key={category}
          component={Link}
          to={schoolReportPath(category, schoolId, range)}
          size="xs"
          variant="light"
          leftSection={<Icon size={14} />}
          aria-label={`${label} for ${schoolName}`}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * A school's usage: the period next to its last 30 days, the lessons read by genre, and the
 * concept summary. `headingOrder` is the level of its section headings on the page around it.
 */
export function SchoolUsageDetails({
  breakdown,
  periodLabel = "School year",
  headingOrder = 4,
}: {
  breakdown: SchoolBreakdown;
  /** What the breakdown's main period is: the school year, or a report's chosen dates. */
  periodLabel?: string;
  headingOrder?: 2 | 3 | 4;
}) {
  const period = usageOf(breakdown.school_year);
  const last30 = usageOf(breakdown.last_30_days);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs">
          <Title order={headingOrder}>Usage</Title>
          <UsageFiguresTable
            label={`Usage of ${breakdown.school.name}`}
            columns={[
              { label: "Last 30 days", totals: last30 },
              { label: periodLabel, totals: period },
            ]}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={headingOrder}>Lessons by genre</Title>
          <GenreTable genres={period.genres} period={periodLabel} />
        </Stack>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={headingOrder}>Concept summary</Title>
        <ConceptBlocks
          blocks={breakdown.concepts}
          noData={hasNoData(breakdown)}
          headingOrder={(headingOrder + 1) as TitleOrder}
        />
      </Stack>
    </Stack>
  );
}

/** The one line a collapsed school shows: its school year at a glance. */
function Glance({ year }: { year: UsageTotals }) {
  return (
    <Text size="sm" c="dimmed">
      {formatMinutes(year.student_learning_time)} of student learning ·{" "}
      {formatCount(year.active_students)} active{" "}
      {year.active_students === 1 ? "student" : "students"} this school year
    </Text>
  );
}

/** An opened school's full breakdown (genres and concepts too), asked for when it opens. */
function OpenedSchool({ schoolId, range }: { schoolId: number; range: UsageRange }) {
  const breakdown = useSchoolBreakdown(schoolId, range);
  return (
    <QueryState query={breakdown} loading="Loading usage...">
      {(data) => <SchoolUsageDetails breakdown={data} />}
    </QueryState>
  );
}

/**
 * A school of the district with nobody in it yet: it says so, and where its teachers come from,
 * instead of offering a report and details that could only read zero.
 */
function SchoolWithoutTeachers({ name }: { name: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={name}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Title order={3} fz="lg">
            {name}
          </Title>
          <Text size="sm" fw={500}>
            No teachers yet
          </Text>
          <Text size="sm" c="dimmed">
            Its usage and reports begin once its teachers are on Refrain: the school's admin invites
            them, or a roster import brings them in with their classes.
          </Text>
        </Stack>
        <Button
          component={Link}
          to="/district_admin/roster"
          size="xs"
          variant="light"
          leftSection={<IconFileImport size={14} />}
        >
          Roster Import
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * One school of the district summary: its name and school year at a glance, the toggle that
 * opens its full report (access spec §4: expand toggles per school), and its report links.
 */
export function SchoolUsageCard({
  school,
  range,
  expanded,
  onToggle,
}: {
  /** With its people and figures, as the district summary gives them (access spec §3). */
  school: DistrictSummary["schools"][number];
  range: UsageRange;
  expanded: boolean;
  onToggle: () => void;
}) {
  const bodyId = useId();
  if (hasNoTeachers(school)) return <SchoolWithoutTeachers name={school.name} />;
  return (
    <Paper withBorder p="md" component="section" aria-label={school.name}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Title order={3} fz="lg">
            {school.name}
          </Title>
          <Text size="sm">
            {formatCount(school.teachers)} {school.teachers === 1 ? "teacher" : "teachers"} ·{" "}
            {formatCount(school.students)} {school.students === 1 ? "student" : "students"}
          </Text>
          <Glance year={school.school_year} />
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-label={`${expanded ? "Collapse" : "Expand"} ${school.name}`}
            leftSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          >
            {expanded ? "Collapse" : "Expand"}
          </Button>
          <SchoolReportLinks schoolId={school.id} schoolName={school.name} range={range} />
        </Group>
      </Group>
      {/* Unmounted when closed: a district of many schools keeps a light page and asks for a
          school's genres and concepts only once it is opened. */}
      <Collapse expanded={expanded} keepMounted={false} id={bodyId}>
        <Stack pt="md">
          <OpenedSchool schoolId={school.id} range={range} />
        </Stack>
      </Collapse>
    </Paper>
  );
}
