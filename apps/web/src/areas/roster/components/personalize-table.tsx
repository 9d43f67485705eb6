import { Checkbox, Group, Stack, Table, Text } from "@mantine/core";
import { type RosterStudent, settingsShown } from "@refrain/domain";
import { useState } from "react";
import { HeadAndRows, TableFrame } from "../../../components/list-table.tsx";
import { PersonalizeBulkBar } from "./personalize-bulk-bar.tsx";
import { fieldLabel, type PersonalizeField, selectWidth } from "./personalize-fields.ts";
import { PersonalizeRow } from "./personalize-row.tsx";
import classes from "./personalize-table.module.css";

/** The student's column (personalize-table.module.css gives it the same least width). */
const STUDENT_COLUMN = 200;
/** horizontalSpacing="xs" on both sides of a cell. */
const CELL_PADDING = 20;

/**
 * Personalize Learning's table: every student of the class with their reading level and
 * settings, each editable in place, and a selection (with select all) that the bar above
 * changes at once.
 */
export function PersonalizeTable({
  students,
  fluencyVideosEnabled,
  count,
}: {
  students: readonly RosterStudent[];
  fluencyVideosEnabled: boolean;
  count: (n: number) => string;
}) {
  const fields: PersonalizeField[] = ["planid", ...settingsShown(fluencyVideosEnabled)];
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  // A student who left the class (deleted elsewhere, then refetched) is no longer selected.
  const selected = students.filter((s) => selectedIds.has(s.id));
  const all = students.length > 0 && selected.length === students.length;
  const some = selected.length > 0 && !all;

  const onSelect = (id: number, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // Narrower screens scroll the table sideways inside its frame; the student's column stays.
  const minWidth = fields.reduce((sum, f) => sum + selectWidth(f) + CELL_PADDING, STUDENT_COLUMN);

  return (
    <Stack gap="md">
      <PersonalizeBulkBar
        fields={fields}
        selected={selected}
        count={count}
        onClear={() => setSelectedIds(new Set())}
      />
      <TableFrame minWidth={minWidth} label="Reading levels and settings of the class">
        <Table verticalSpacing="sm" horizontalSpacing="xs" className={classes.table}>
          <HeadAndRows
            head={
              <>
                <Table.Th className={classes.student}>
                  <Group gap="sm" wrap="nowrap">
                    <Checkbox
                      aria-label="Select all students"
                      checked={all}
                      indeterminate={some}
                      onChange={() =>
                        setSelectedIds(all ? new Set() : new Set(students.map((s) => s.id)))
                      }
                    />
                    <Text fw={700} size="sm">
                      Student
                    </Text>
                  </Group>
                </Table.Th>
                {fields.map((field) => (
                  <Table.Th key={field}>{fieldLabel(field)}</Table.Th>
                ))}
              </>
            }
          >
            {students.map((student) => (
              <PersonalizeRow
                key={student.id}
                student={student}
                fields={fields}
                selected={selectedIds.has(student.id)}
                onSelect={onSelect}
              />
            ))}
          </HeadAndRows>
        </Table>
      </TableFrame>
    </Stack>
  );
}
