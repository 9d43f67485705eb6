import {
  Badge,
  Group,
  type MantineColor,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import {
  GOAL_STATUSES,
  type GoalStatus,
  normFor,
  ORF_NORMS,
  ORF_NORMS_SOURCE,
  SEASONS,
  type StudentSummary,
  SUPPORT_GAP_WCPM,
} from "@refrain/domain";
import { WholeBadge } from "../../../components/whole-badge.tsx";

/** One colour per status, the same in the table, the group counts and the legend. */
export const GOAL_COLORS: Record<GoalStatus, MantineColor> = {
  met: "green",
  approaching: "yellow",
  below: "red",
  none: "gray",
};

export const GOAL_LABELS: Record<GoalStatus, string> = {
  met: "Met",
  approaching: "Approaching",
  below: "Below",
  none: "None",
};

/** What each status means, in the words of decision 0018 (domain goals.ts). */
export const GOAL_MEANINGS: Record<GoalStatus, string> = {
  met: "At or above the 50th percentile for the student's grade and season.",
  approaching: `Up to ${SUPPORT_GAP_WCPM - 1} words correct per minute under the 50th percentile.`,
  below: `${SUPPORT_GAP_WCPM} or more under the 50th percentile: the compilers' sign that fluency support may be needed.`,
  none: "No graded benchmark reading in the range, or no norm for the grade and season (Kindergarten, first grade in the fall).",
};

const SEASON_NAMES = { fall: "Fall", winter: "Winter", spring: "Spring" } as const;
const NORM_GRADES = Object.keys(ORF_NORMS).map(Number);

export function GoalBadge({ status }: { status: GoalStatus }) {
  return (
    <WholeBadge color={GOAL_COLORS[status]} variant="light" tt="none" data-goal={status}>
      {GOAL_LABELS[status]}
    </WholeBadge>
  );
}

/**
 * A student's Fluency Proficiency: the badge and what it was judged on, written out beside it
 * (not in a tooltip a keyboard or a tablet cannot open), e.g. "92 of 97 WCPM, winter".
 */
export function StudentGoal({
  goal,
  status,
}: {
  goal: StudentSummary["goal"];
  status: GoalStatus;
}) {
  return (
    <Stack gap={2} align="flex-start">
      <GoalBadge status={status} />
      {goal.wcpm !== null && goal.target !== null && goal.season && (
        <Text size="xs" c="dimmed">
          {Math.round(goal.wcpm)} of {goal.target} WCPM, {goal.season}
        </Text>
      )}
    </Stack>
  );
}

/** How many of a group's students are at each status. */
export function GoalCounts({ counts }: { counts: Record<GoalStatus, number> }) {
  return (
    <Group gap={4}>
      {GOAL_STATUSES.map((status) => (
        <Badge
          key={status}
          color={GOAL_COLORS[status]}
          variant="light"
          tt="none"
          title={GOAL_MEANINGS[status]}
        >
          {counts[status]} {GOAL_LABELS[status].toLowerCase()}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The goal statuses and the norms behind them (issue 12 item 2: the product judges fluency
 * against Hasbrouck & Tindal's published table, so the table is shown, not hidden).
 */
export function GoalNorms() {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="goal-norms">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="goal-norms">
          How Fluency Proficiency is judged
        </Title>
        <Text size="sm">
          A student's latest benchmark readings (the average of the last two of a season) are
          compared with the 50th percentile of words correct per minute (WCPM) for their grade and
          the season of the reading. Fall runs July to November, winter December to February, spring
          March to June.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {GOAL_STATUSES.map((status) => (
            <Group key={status} gap="xs" wrap="nowrap" align="flex-start">
              {/* A fixed width keeps the four badges whole and their meanings aligned. */}
              <Stack w={110} style={{ flexShrink: 0 }}>
                <GoalBadge status={status} />
              </Stack>
              <Text size="sm">{GOAL_MEANINGS[status]}</Text>
            </Group>
          ))}
        </SimpleGrid>
        <Table.ScrollContainer minWidth={360} type="native">
          <Table withTableBorder verticalSpacing={4} fz="sm" aria-labelledby="goal-norms-caption">
            <Table.Caption id="goal-norms-caption">
              50th percentile WCPM by grade and season. {ORF_NORMS_SOURCE}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Grade</Table.Th>
                {SEASONS.map((season) => (
                  <Table.Th key={season}>{SEASON_NAMES[season]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NORM_GRADES.map((grade) => (
                <Table.Tr key={grade}>
                  <Table.Th scope="row">{grade}</Table.Th>
                  {SEASONS.map((season) => (
                    <Table.Td key={season}>{normFor(grade, season)?.[2] ?? "—"}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
