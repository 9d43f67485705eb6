import { Anchor, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { DECISION_FOR_FLAG, DECISION_LABELS, type GroupMonitoring } from "@refrain/domain";
import { IconFlag } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { WholeBadge } from "../../../components/whole-badge.tsx";
import { useGroups } from "../../roster/index.ts";
import { useGroupMonitoring } from "../api/monitoring.ts";
import { MonitoringChart } from "./monitoring-chart.tsx";

/**
 * An intervention group's members' monitoring graphs side by side (issue 39): whether the group
 * as a whole responds, and who in it does not.
 */
export function GroupGraphs() {
  const groups = useGroups();
  const [groupId, setGroupId] = useState<string | null>(null);
  const query = useGroupMonitoring(groupId === null ? null : Number(groupId));
  const options = (groups.data?.groups ?? []).map((g) => ({
    value: String(g.details.id),
    label: g.details.name,
  }));
  return (
    <Stack gap="xs" component="section" aria-labelledby="group-graphs">
      <Title order={2} size="h3" id="group-graphs">
        A group's graphs
      </Title>
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          Make groups (Screening suggests intervention groups) to see their members' graphs side by
          side.
        </Text>
      ) : (
        <Select
          label="Group"
          placeholder="Choose a group"
          data={options}
          value={groupId}
          onChange={setGroupId}
          w={280}
        />
      )}
      {groupId !== null && (
        <QueryState query={query} loading="Loading the group's graphs...">
          {(data) => <Graphs data={data} />}
        </QueryState>
      )}
    </Stack>
  );
}

function Graphs({ data }: { data: GroupMonitoring }) {
  return (
    <Stack gap="sm">
      {data.plans.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody in {data.group.name} has a monitoring plan yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {data.plans.map((plan) => (
            <Paper
              key={plan.id}
              withBorder
              p="sm"
              component="section"
              aria-label={plan.student.name}
            >
              <Group justify="space-between" gap="xs" mb={4}>
                <Anchor component={Link} to={`/screening/monitoring/students/${plan.student.id}`}>
                  {plan.student.name}
                </Anchor>
                {plan.flag ? (
                  <WholeBadge
                    color={plan.flag === "change_intervention" ? "red" : "teal"}
                    variant="light"
                    leftSection={<IconFlag size={12} />}
                  >
                    {DECISION_LABELS[DECISION_FOR_FLAG[plan.flag]]}
                  </WholeBadge>
                ) : (
                  <Text size="sm" c="dimmed">
                    {plan.roi === null ? `${plan.points} readings` : `${plan.roi} WCPM a week`}
                  </Text>
                )}
              </Group>
              {plan.pointRows.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No readings yet.
                </Text>
              ) : (
                <MonitoringChart plan={plan} height={200} />
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {data.unmonitored.length > 0 && (
        <Text size="sm" c="dimmed">
          Without a plan: {data.unmonitored.map((m) => m.name).join(", ")}.
        </Text>
      )}
    </Stack>
  );
}
