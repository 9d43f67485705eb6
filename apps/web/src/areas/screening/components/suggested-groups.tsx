import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  groupOfBody,
  NEED_TEXT,
  ROSTER_LIMITS,
  type Season,
  type SuggestedGroups,
} from "@refrain/domain";
import { IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { errorText } from "../../../lib/api.ts";
import { useAcceptGroup, useSuggestedGroups } from "../api/class-screening.ts";
import { TierBadge } from "./tier-cards.tsx";

type Suggested = SuggestedGroups["groups"][number];

/**
 * Intervention groups suggested from the window's screening (issue 39): the class's students
 * below benchmark by need, four to six a group. The teacher renames one, leaves a member out,
 * and makes it one of the class's groups.
 */
export function SuggestedGroupsSection({ year, season }: { year: number; season: Season }) {
  const query = useSuggestedGroups(year, season);
  return (
    <Stack gap="xs" component="section" aria-labelledby="suggested-groups">
      <Title order={2} size="h3" id="suggested-groups">
        Suggested intervention groups
      </Title>
      <QueryState
        query={query}
        loading="Loading suggested groups..."
        isEmpty={(data) => data.groups.length === 0}
        empty={
          <Text c="dimmed" size="sm">
            No student of the class scored below benchmark in this window yet.
          </Text>
        }
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {data.groups.map((g) => (
              <GroupCard key={`${season}-${g.name}`} group={g} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}

function GroupCard({ group }: { group: Suggested }) {
  const accept = useAcceptGroup();
  const [name, setName] = useState(group.name);
  const [kept, setKept] = useState(() => new Set(group.members.map((m) => m.id)));
  const parsed = groupOfBody.safeParse({ name, student_ids: [...kept] });
  const nameError = parsed.success
    ? null
    : (parsed.error.issues.find((i) => i.path[0] === "name")?.message ?? null);
  const membersError = parsed.success
    ? null
    : (parsed.error.issues.find((i) => i.path[0] === "student_ids")?.message ?? null);
  const [serverError, setServerError] = useState<string | null>(null);
  const onAccept = () => {
    if (!parsed.success) return;
    setServerError(null);
    accept.mutate(parsed.data, {
      onSuccess: (answer) =>
        notifications.show({ color: "teal", title: "Group made", message: answer.message }),
      onError: (error) => setServerError(errorText(error)),
    });
  };
  return (
    <Paper withBorder p="md" component="section" aria-label={`Suggested group: ${group.name}`}>
      <Stack gap="sm">
        <TextInput
          label="Group name"
          value={name}
          maxLength={ROSTER_LIMITS.groupName}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError ?? serverError}
        />
        <Text size="sm" c="dimmed">
          {NEED_TEXT[group.need]}
        </Text>
        <Stack gap={6} role="group" aria-label={`Members of ${group.name}`}>
          {group.members.map((m) => (
            <Group key={m.id} gap="sm" justify="space-between" wrap="nowrap">
              <Checkbox
                label={m.name}
                description={`${m.wcpm} WCPM · ${m.accuracy}%${m.group ? ` · now in ${m.group}` : ""}`}
                checked={kept.has(m.id)}
                onChange={(event) => {
                  const next = new Set(kept);
                  if (event.currentTarget.checked) next.add(m.id);
                  else next.delete(m.id);
                  setKept(next);
                }}
              />
              <TierBadge tier={m.tier} />
            </Group>
          ))}
        </Stack>
        {membersError && (
          <Text size="sm" c="red.8">
            {membersError}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconUsersGroup size={16} />}
            onClick={onAccept}
            // Made once: a second press would only meet the name now taken.
            disabled={!parsed.success || accept.isSuccess}
            loading={accept.isPending}
          >
            {accept.isSuccess ? "Group made" : "Make this group"}
          </Button>
          {accept.isSuccess && (
            <Anchor component={Link} to="/teacher/groups" size="sm">
              Open Groups
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
