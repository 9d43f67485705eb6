import { Button, Checkbox, Group, Loader, NativeSelect, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { fullName, type RosterChanges, type RosterStudent } from "@refrain/domain";
import { useEffect, useRef, useState } from "react";
import { SavedCue } from "../../../components/saved-cue.tsx";
import { useUpdateStudents } from "../api/update-students.ts";
import {
  changeOf,
  currentValue,
  fieldLabel,
  fieldOptions,
  type PersonalizeField,
  refusalText,
  selectWidth,
} from "./personalize-fields.ts";
import classes from "./personalize-table.module.css";
import { ReadingViewButton } from "./reading-view-button.tsx";

/** Values chosen in the row that the server does not have yet: on their way, or refused. */
type Chosen = Partial<Record<PersonalizeField, string>>;

export const studentName = (student: RosterStudent) =>
  fullName(student.firstname, student.lastname) || student.username;

/**
 * One student of Personalize Learning: a checkbox to select them for a change to several, and
 * their reading level and settings, each saved as soon as it is chosen (only that field, so
 * nothing else of the student is overwritten). A choice that could not be saved stays in its
 * select, marked, with the reason and a way to try again.
 */
export function PersonalizeRow({
  student,
  fields,
  selected,
  onSelect,
}: {
  student: RosterStudent;
  fields: readonly PersonalizeField[];
  selected: boolean;
  onSelect: (id: number, selected: boolean) => void;
}) {
  const update = useUpdateStudents();
  const [chosen, setChosen] = useState<Chosen>({});
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const name = studentName(student);
  const noticeId = `personalize-${student.id}`;

  // The server's answer (this row's save, or a change made to several students) replaces a
  // choice it now holds or overrode; a refused choice stays until then.
  const previous = useRef(student);
  useEffect(() => {
    const before = previous.current;
    previous.current = student;
    if (before === student) return;
    setChosen((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([field, value]) => {
          const now = currentValue(student, field as PersonalizeField);
          return now === currentValue(before, field as PersonalizeField) && now !== value;
        }),
      ),
    );
  }, [student]);
  // The error speaks of refused choices: with none left, it has nothing to say.
  const nothingChosen = Object.keys(chosen).length === 0;
  useEffect(() => {
    if (nothingChosen) setError(null);
  }, [nothingChosen]);

  const save = (changes: RosterChanges) => {
    setError(null);
    update.mutate(
      { studentIds: [student.id], changes },
      {
        onSuccess: () => {
          setSavedAt(Date.now());
          // A notice of an earlier refusal no longer holds.
          notifications.hide(noticeId);
        },
        onError: (failure) => {
          const reason = refusalText(failure);
          setError(reason);
          notifications.show({
            id: noticeId,
            color: "red",
            title: `${name} could not be saved`,
            message: reason,
          });
        },
      },
    );
  };

  const choose = (field: PersonalizeField, value: string) => {
    setChosen((current) => ({ ...current, [field]: value }));
    save(changeOf(field, value));
  };

  const retry = () =>
    save(
      Object.assign(
        {},
        ...Object.entries(chosen).map(([field, value]) =>
          changeOf(field as PersonalizeField, value),
        ),
      ) as RosterChanges,
    );

  return (
    <Table.Tr className={classes.row} data-selected={selected || undefined}>
      <Table.Td className={classes.student}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Checkbox
            mt={3}
            aria-label={`Select ${name}`}
            checked={selected}
            onChange={(event) => onSelect(student.id, event.currentTarget.checked)}
          />
          <Stack gap={2} miw={0}>
            <Text fw={500} size="sm" className={classes.name}>
              {name}
            </Text>
            {/* Here rather than in a column of its own: the settings' columns fill a laptop. */}
            <ReadingViewButton studentId={student.id} name={name} />
            {update.isPending ? (
              <Group gap={4} wrap="nowrap">
                <Loader size={12} aria-hidden />
                <Text size="sm" c="dimmed">
                  Saving...
                </Text>
              </Group>
            ) : error ? (
              <Stack gap={2} align="flex-start" role="alert">
                <Text size="sm" c="red.8">
                  Not saved: {error}
                </Text>
                <Button size="compact-xs" variant="light" color="red" onClick={retry}>
                  Try again
                </Button>
              </Stack>
            ) : null}
            <SavedCue savedAt={savedAt} name={name} />
          </Stack>
        </Group>
      </Table.Td>
      {fields.map((field) => {
        const refused = error !== null && chosen[field] !== undefined;
        return (
          <Table.Td key={field}>
            <NativeSelect
              miw={selectWidth(field)}
              aria-label={`${fieldLabel(field)} for ${name}`}
              value={chosen[field] ?? currentValue(student, field)}
              data={fieldOptions(field)}
              error={refused}
              onChange={(event) => choose(field, event.currentTarget.value)}
            />
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
