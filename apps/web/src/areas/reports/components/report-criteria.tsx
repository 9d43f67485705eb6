import { Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import {
  classWords,
  DATE_SHORTCUT_LABELS,
  DATE_SHORTCUTS,
  dateRangeMessages,
  shortcutRange,
  shownDate,
} from "@refrain/domain";
import { IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useCriteriaStudents, useCriteriaTeachers } from "../api/criteria.ts";
import { CriteriaSelect } from "./criteria-select.tsx";
import { type CriteriaValues, fillTarget, localToday, shortcutOf } from "./criteria-target.ts";

/**
 * How a change takes effect (grading spec §2): `change` opens the target URL at once, `update`
 * shows an Update button once something changed and opens it on a click, `emit` only calls
 * `onChange` and leaves the rest to the page.
 */
export type RefreshMode = "change" | "update" | "emit";

export interface ReportCriteriaProps {
  value: CriteriaValues;
  mode: RefreshMode;
  /** The report's URL with placeholders (criteria-target.ts); needed by `change` and `update`. */
  target?: string;
  onChange?: (values: CriteriaValues) => void;
  /** Offer the class's students of this teacher, with "Overall" when `overall` is set. */
  students?: { teacherId: number; overall?: boolean };
  /** Offer an admin's teachers (their school's, or their district's narrowed by `schoolId`). */
  teachers?: { adminId: number; schoolId?: number };
}

const OVERALL = "overall";

/** The browser's own date field, kept to years a school could mean. */
const DATE_FIELD = { type: "date", min: "2000-01-01", max: "2500-01-01", w: 170 } as const;

const rangeText = ({ start_date, end_date }: CriteriaValues) =>
  shortcutOf(start_date, end_date, localToday()) === "all_time"
    ? "all time"
    : `${shownDate(start_date)} to ${shownDate(end_date)}`;

/**
 * A report's criteria (grading spec §2 "Report criteria selector"): the date range, typed or
 * picked by a shortcut, and the teacher and student the report is about. The date fields are
 * the browser's own (MM/DD/YYYY on an American screen); the values and URLs are YYYY-MM-DD.
 */
export function ReportCriteria({
  value,
  mode,
  target,
  onChange,
  students,
  teachers,
}: ReportCriteriaProps) {
  const navigate = useNavigate();
  const { overall, student, studentsNotLoaded } = classWords(useViewerRole());
  // What the fields show. In `update` mode edits wait here for the button; in the others a
  // reversed range waits here (with its error) until it is put right, and the rest pass on.
  const [draft, setDraft] = useState(value);
  const [draftOf, setDraftOf] = useState(value);
  if (draftOf !== value) {
    setDraftOf(value);
    setDraft(value);
  }
  const shown = draft;
  const reversed = shown.start_date > shown.end_date;
  const studentList = useCriteriaStudents(
    students ? (shown.teacher_id ?? students.teacherId) : null,
  );
  const teacherList = useCriteriaTeachers(teachers?.adminId ?? null, teachers?.schoolId);

  const apply = (next: CriteriaValues) => {
    onChange?.(next);
    if (mode !== "emit" && target) void navigate(fillTarget(target, next));
  };
  const edit = (change: Partial<CriteriaValues>) => {
    const next = { ...shown, ...change };
    setDraft(next);
    // A cleared or reversed range is not a report to open.
    if (mode !== "update" && next.start_date && next.end_date && next.start_date <= next.end_date)
      apply(next);
  };
  const changed = (Object.keys(draft) as (keyof CriteriaValues)[]).some(
    (key) => draft[key] !== value[key],
  );
  const today = localToday();
  const chosen = shortcutOf(shown.start_date, shown.end_date, today);

  return (
    <Paper withBorder p="md" component="section" aria-label="Report criteria">
      <Stack gap="sm">
        <Group gap="xs" role="group" aria-label="Date range shortcuts">
          {DATE_SHORTCUTS.map((shortcut) => (
            <Button
              key={shortcut}
              size="xs"
              variant={chosen === shortcut ? "filled" : "default"}
              aria-pressed={chosen === shortcut}
              onClick={() => {
                const range = shortcutRange(shortcut, today);
                edit({ start_date: range.start, end_date: range.end });
              }}
            >
              {DATE_SHORTCUT_LABELS[shortcut]}
            </Button>
          ))}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            {...DATE_FIELD}
            label="From"
            value={shown.start_date}
            onChange={(event) => edit({ start_date: event.currentTarget.value })}
          />
          <TextInput
            {...DATE_FIELD}
            label="To"
            value={shown.end_date}
            onChange={(event) => edit({ end_date: event.currentTarget.value })}
            error={reversed ? dateRangeMessages.reversed : undefined}
          />
          {teachers && (
            <CriteriaSelect
              label="Teacher"
              placeholder={teacherList.isPending ? "Loading..." : "Choose a teacher"}
              data={(teacherList.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={shown.teacher_id === undefined ? null : String(shown.teacher_id)}
              onChange={(id) =>
                edit({ teacher_id: id === null ? undefined : Number(id), student_id: OVERALL })
              }
              searchable
              nothingFoundMessage="No teacher by that name"
              error={teacherList.isError ? "The teachers could not be loaded." : undefined}
              w={{ base: "100%", xs: 240 }}
            />
          )}
          {students && (
            <CriteriaSelect
              label="Student"
              placeholder={studentList.isPending ? "Loading..." : `Choose a ${student}`}
              data={[
                ...(students.overall ? [{ value: OVERALL, label: overall }] : []),
                ...(studentList.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
              ]}
              value={shown.student_id === undefined ? null : String(shown.student_id)}
              onChange={(id) =>
                edit({
                  student_id: id === null || id === OVERALL ? OVERALL : Number(id),
                })
              }
              allowDeselect={false}
              searchable
              nothingFoundMessage={`No ${student} by that name`}
              error={studentList.isError ? studentsNotLoaded : undefined}
              w={{ base: "100%", xs: 240 }}
            />
          )}
          {mode === "update" && changed && (
            <Button
              leftSection={<IconRefresh size={16} />}
              disabled={reversed || !draft.start_date || !draft.end_date}
              onClick={() => apply(draft)}
            >
              Update
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {rangeText(value)}
        </Text>
      </Stack>
    </Paper>
  );
}
