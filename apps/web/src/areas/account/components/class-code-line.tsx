import { Button, Code, Group, Stack, Text } from "@mantine/core";
import { printedClassCode } from "@refrain/domain";
import { IconRefresh } from "@tabler/icons-react";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { useChangeClassCode } from "../api/settings.ts";

/**
 * The class code of a class that picks its names from tiles (issue 35): where a teacher reads
 * it, and changes it when it went around. It is printed on the students' login cards.
 */
export function ClassCodeLine({ teacherId, code }: { teacherId: number; code: string }) {
  const change = useChangeClassCode(teacherId);
  return (
    <Stack gap={6} pl={{ base: 0, sm: "xl" }}>
      <Group gap="sm">
        <Text size="sm" fw={600}>
          Class code
        </Text>
        <Code fz="md" aria-label="Class code">
          {printedClassCode(code)}
        </Code>
        <Button
          type="button"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={change.isPending}
          onClick={() => change.mutate()}
        >
          Get a new code
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        The name tiles show on a tablet or computer where you or a student of the class signed in,
        or where the class code was typed once. It is on the students' login cards. A new code hides
        the tiles everywhere until the new one is typed or someone of the class signs in.
      </Text>
      {change.isSuccess && <DoneAlert>{change.data.message}</DoneAlert>}
      <ErrorAlert error={change.error} />
    </Stack>
  );
}
