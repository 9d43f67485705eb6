import { Button, Divider, Loader, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { DEFAULT_MAXIMUM_STUDENTS, rosterMessages } from "@refrain/domain";
import { IconUsersPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { useAutocreateStudents } from "../api/autocreate-students.ts";
import { ClassListButton } from "./class-list-dialog.tsx";

/**
 * An empty class: choose how many student accounts to create, then create them; or bring the
 * class in with its names from a spreadsheet.
 */
export function CreateStudentsPanel({
  maximum,
  onCreated,
  onPasteList,
}: {
  maximum: number;
  onCreated: (newIds: number[]) => void;
  onPasteList: () => void;
}) {
  const create = useAutocreateStudents();
  const [picked, setPicked] = useState<number | null>(null);
  const count = Math.min(picked ?? DEFAULT_MAXIMUM_STUDENTS, maximum);
  const choices = Array.from({ length: maximum }, (_, i) => String(i + 1));

  return (
    <Paper withBorder p="xl" maw={620} data-tour="roster-create">
      <Stack gap="md">
        <Text fw={600} size="lg">
          {rosterMessages.step1}
        </Text>
        {maximum > 0 ? (
          <NativeSelect
            label={rosterMessages.countLabel}
            data={choices}
            value={String(count)}
            onChange={(event) => setPicked(Number(event.currentTarget.value))}
            maw={320}
          />
        ) : (
          <Text c="dimmed">Your account cannot hold student accounts yet.</Text>
        )}
        <ErrorAlert error={create.error} />
        <Button
          w="fit-content"
          leftSection={create.isPending ? <Loader size={16} /> : <IconUsersPlus size={18} />}
          disabled={create.isPending || maximum < 1}
          onClick={() => create.mutate(count, { onSuccess: (answer) => onCreated(answer.newids) })}
        >
          {create.isPending ? "Creating..." : "Add Student(s)"}
        </Button>
        {maximum > 0 && (
          <>
            <Divider label="or" labelPosition="left" />
            <Text>
              Have your class in a spreadsheet? Copy the rows (first name, last name, and if you
              like username, reading level and parent email) and paste them, or upload a CSV file.
            </Text>
            <ClassListButton onClick={onPasteList} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
