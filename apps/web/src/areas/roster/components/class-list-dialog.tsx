import { Alert, Button, FileButton, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  CLASS_LIST_FILE,
  type ClassListCells,
  checkClassList,
  classListMessages,
  classListRowErrors,
  type FieldErrors,
  ROSTER_LIMITS,
  type RosterStudent,
  readClassList,
  rosterCountText,
} from "@refrain/domain";
import { IconAlertCircle, IconClipboardList, IconUpload } from "@tabler/icons-react";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import { DoneAlert } from "../../../components/form-alerts.tsx";
import { ApiError, errorText } from "../../../lib/api.ts";
import { useCreateClassList } from "../api/create-class-list.ts";
import { readClassListFile } from "./class-list-file.ts";
import { ClassListPreview, type PreviewRow } from "./class-list-preview.tsx";

const PLACEHOLDER = "Ana, Diaz\nBen, Okoro, ben.o, 2nd Grade, parent@example.org";
/** The preview shows this many rows at most: a class is far smaller, a district's file is not. */
const PREVIEW_ROWS = ROSTER_LIMITS.classList;

/** What opens the dialog, on the empty class's panel and above the roster. */
export function ClassListButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="default"
      w="fit-content"
      leftSection={<IconClipboardList size={16} />}
      onClick={onClick}
    >
      Paste a Class List
    </Button>
  );
}

/** The server's refusal of the rows sent, by the preview's row index, for the text it was of. */
interface Refusal {
  text: string;
  rows: Map<number, FieldErrors>;
}

export interface ClassListDialogProps {
  opened: boolean;
  onClose: () => void;
  students: readonly RosterStudent[];
  maximum: number;
  onCreated: () => void;
}

/**
 * Paste a Class List (issue 21): rows copied from a spreadsheet, typed, or read from an
 * uploaded CSV file, previewed row by row with the roster's own rules (domain checkClassList,
 * which the server runs again), then the good rows created at once. The rows with a problem
 * stay in the box with their messages, so nothing typed is lost. The page keeps one dialog
 * for the empty class and the roster, so its text outlives the switch between the two.
 */
export function ClassListDialog(props: ClassListDialogProps) {
  const { students, maximum } = props;
  const [text, setText] = useState("");
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const resetFile = useRef<() => void>(null);
  const create = useCreateClassList();
  const phone = useMediaQuery("(max-width: 47.99em)") ?? false;

  // A long file is read and checked behind the typing, which stays quick.
  const previewed = useDeferredValue(text);
  const list = useMemo(() => readClassList(previewed), [previewed]);
  const checked = useMemo(
    () =>
      checkClassList(
        list.rows.map((row) => row.cells),
        { classmates: students, maximum },
      ),
    [list, students, maximum],
  );
  const refused = refusal?.text === previewed ? refusal.rows : null;
  const rows: PreviewRow[] = list.rows.slice(0, PREVIEW_ROWS).map((row, i) => {
    const check = checked[i];
    return {
      line: row.line,
      cells: row.cells,
      username: check?.username ?? "",
      generated: check?.generated ?? false,
      planid: check?.planid ?? null,
      errors: { ...check?.errors, ...refused?.get(i) },
    };
  });
  // One request creates at most ROSTER_LIMITS.classList; any more stay for the next.
  const ready = checked
    .flatMap((row, i) => (row.student && !refused?.has(i) ? [i] : []))
    .slice(0, ROSTER_LIMITS.classList);

  const edit = (next: string) => {
    setText(next);
    setCreated(null);
    create.reset();
  };

  const upload = async (file: File | null) => {
    resetFile.current?.();
    setFileProblem(null);
    if (!file) return;
    const read = await readClassListFile(file);
    if ("problem" in read) setFileProblem(read.problem);
    else edit(read.text);
  };

  const onCreate = () => {
    // Sent as the preview shows them: its made-up usernames and levels, so what the teacher
    // saw is what is created (the server checks each again against the class as it is then).
    const sent: ClassListCells[] = ready.flatMap((i) => {
      const row = list.rows[i];
      const check = checked[i];
      return row && check
        ? [{ ...row.cells, username: check.username, level: String(check.planid) }]
        : [];
    });
    create.mutate(sent, {
      onSuccess: (answer) => {
        props.onCreated();
        const sentRows = new Set(ready);
        const kept = list.rows.filter((_, i) => !sentRows.has(i)).map((row) => row.source);
        setRefusal(null);
        if (kept.length === 0) {
          setText("");
          props.onClose();
          notifications.show({
            color: "teal",
            message: classListMessages.created(answer.newids.length),
          });
          return;
        }
        setText([...(list.header === null ? [] : [list.header]), ...kept].join("\n"));
        setCreated(answer.newids.length);
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.errors) return;
        const byRow = new Map<number, FieldErrors>();
        ready.forEach((rowIndex, sentIndex) => {
          const errors = classListRowErrors(error.errors ?? {}, sentIndex);
          if (Object.keys(errors).length > 0) byRow.set(rowIndex, errors);
        });
        if (byRow.size > 0) setRefusal({ text: previewed, rows: byRow });
      },
    });
  };

  // A refusal about rows shows against them; any other (a full class, a lapsed one) here.
  const failure = create.error && !(refused && refused.size > 0) ? errorText(create.error) : null;

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Paste a Class List"
      size="xl"
      fullScreen={phone}
    >
      <Stack gap="md">
        <Textarea
          label="Class list"
          description="One student a line: first name, last name, then if you like username, reading level and parent email. Paste rows copied from a spreadsheet, or type them with commas. A header row (First Name, Last Name, …) lets the columns come in any order."
          placeholder={PLACEHOLDER}
          autosize
          minRows={5}
          maxRows={12}
          value={text}
          onChange={(event) => edit(event.currentTarget.value)}
          data-autofocus
        />
        <Group gap="sm" align="center">
          <FileButton onChange={upload} accept={CLASS_LIST_FILE.accept} resetRef={resetFile}>
            {(fileProps) => (
              <Button {...fileProps} variant="default" leftSection={<IconUpload size={16} />}>
                Upload CSV
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            A .csv, .tsv or .txt file of at most 1 MB, saved from your spreadsheet.
          </Text>
        </Group>
        {fileProblem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {fileProblem}
          </Alert>
        )}
        {created !== null && (
          <DoneAlert>
            {classListMessages.created(created)} The rows below have a problem: correct them and
            create them too, or close.
          </DoneAlert>
        )}
        <Group justify="space-between" gap="xs">
          <Text fw={600} aria-live="polite">
            {list.rows.length > 0
              ? classListMessages.summary(ready.length, list.rows.length - ready.length)
              : ""}
          </Text>
          <Text size="sm" c="dimmed">
            {rosterCountText(students.length, maximum)}
          </Text>
        </Group>
        {rows.length > 0 && <ClassListPreview rows={rows} />}
        {list.rows.length > PREVIEW_ROWS && (
          <Text size="sm" c="dimmed">
            The preview shows the first {PREVIEW_ROWS} of {list.rows.length} rows.
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={create.isPending}>
            Close
          </Button>
          <Button
            onClick={onCreate}
            disabled={ready.length === 0 || previewed !== text}
            loading={create.isPending}
          >
            {classListMessages.create(ready.length)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
