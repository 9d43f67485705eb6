import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { RosterStudent } from "@refrain/domain";
import { IconCircleCheck, IconExclamationCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useUpdateStudents } from "../api/update-students.ts";
import {
  changeOf,
  changeText,
  fieldLabel,
  fieldOptions,
  type PersonalizeField,
  refusalText,
} from "./personalize-fields.ts";
import { studentName } from "./personalize-row.tsx";

/** Up to this many names are spelled out in the notice; more are counted. */
const NAMED = 3;

function whom(students: readonly RosterStudent[], count: (n: number) => string) {
  if (students.length > NAMED) return count(students.length);
  const names = students.map(studentName);
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

interface Outcome {
  ok: boolean;
  text: string;
}

/**
 * The change for several students at once: what to change, to what, and Apply, which changes
 * every selected student or, when anything is refused, none. What was chosen stays after an
 * error (and after success, to apply it to others too).
 */
export function PersonalizeBulkBar({
  fields,
  selected,
  count,
  onClear,
}: {
  fields: readonly PersonalizeField[];
  /** The selected students, in the table's order. */
  selected: readonly RosterStudent[];
  /** "1 student", "3 children": the class's own word. */
  count: (n: number) => string;
  onClear: () => void;
}) {
  const update = useUpdateStudents();
  const [field, setField] = useState<PersonalizeField | "">("");
  const [value, setValue] = useState("");
  const [missing, setMissing] = useState<{ field?: string; value?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const n = selected.length;

  const apply = () => {
    if (!field || !value) {
      setMissing(field ? { value: "Choose the new value." } : { field: "Choose what to change." });
      return;
    }
    setOutcome(null);
    const students = [...selected];
    update.mutate(
      { studentIds: students.map((s) => s.id), changes: changeOf(field, value) },
      {
        onSuccess: () =>
          setOutcome({
            ok: true,
            text: `Saved: ${changeText(field, value)} for ${whom(students, count)}.`,
          }),
        onError: (error) =>
          setOutcome({ ok: false, text: `Nothing was changed. ${refusalText(error)}` }),
      },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="personalize-bulk-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="personalize-bulk-title">
            Change several at once
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {n === 0 ? "Select students in the table first." : `${count(n)} selected`}
          </Text>
        </Group>
        <Group align="flex-start" gap="sm">
          <NativeSelect
            label="Change"
            w={{ base: "100%", xs: 280 }}
            value={field}
            error={missing.field}
            data={[
              { value: "", label: "Choose what to change" },
              ...fields.map((f) => ({ value: f, label: fieldLabel(f) })),
            ]}
            onChange={(event) => {
              setField(event.currentTarget.value as PersonalizeField | "");
              setValue("");
              setMissing({});
            }}
          />
          <NativeSelect
            label="Set to"
            w={{ base: "100%", xs: 200 }}
            value={value}
            error={missing.value}
            disabled={!field}
            data={[
              { value: "", label: field ? "Choose a value" : "First choose a change" },
              ...(field ? fieldOptions(field) : []),
            ]}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setMissing({});
            }}
          />
          {/* Level with the selects, below their labels. */}
          <Group gap="xs" mt={{ base: 0, xs: 25 }}>
            <Button onClick={apply} disabled={n === 0} loading={update.isPending}>
              {n === 0 ? "Apply" : `Apply to ${count(n)}`}
            </Button>
            {n > 0 && (
              <Button variant="subtle" color="gray" onClick={onClear}>
                Clear selection
              </Button>
            )}
          </Group>
        </Group>
        <div role="status">
          {update.isPending && (
            <Group gap="xs">
              <Loader size={14} aria-hidden />
              <Text size="sm">Saving {count(update.variables?.studentIds.length ?? n)}...</Text>
            </Group>
          )}
        </div>
        {outcome && (
          <Alert
            // A new element for a failure after a success, so that it is announced as an alert.
            key={outcome.ok ? "done" : "failed"}
            color={outcome.ok ? "teal" : "red"}
            variant="light"
            role={outcome.ok ? "status" : "alert"}
            icon={outcome.ok ? <IconCircleCheck /> : <IconExclamationCircle />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setOutcome(null)}
          >
            {outcome.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
