import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  easyPassword,
  FOLLOWS_THE_CLASS,
  generateUsernames,
  mostCommonLevel,
  type RosterStudent,
  type RosterRow as Row,
  rosterCountText,
  rosterMessages,
} from "@refrain/domain";
import {
  IconAlertTriangle,
  IconDownload,
  IconMail,
  IconSearch,
  IconTrash,
  IconUserPlus,
} from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { confirmDanger, notifyFailure } from "../../../components/notices.tsx";
import { errorText } from "../../../lib/api.ts";
import { useDeleteAllStudents } from "../api/delete-all-students.ts";
import { useDeleteStudent } from "../api/delete-student.ts";
import { useDownloadLoginCards } from "../api/download-login-cards.ts";
import { useSendLoginCards } from "../api/send-login-cards.ts";
import { ClassListButton } from "./class-list-dialog.tsx";
import { RosterRow } from "./roster-row.tsx";
import { SampleLessonDialog } from "./sample-lesson-dialog.tsx";

/** A row added with New Student; `id` once it has been saved. */
interface Draft {
  key: string;
  initial: Row;
  id?: number;
}

const randomBelow = (n: number) => (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % n;

/**
 * Below this width (tablets, up to an iPad in landscape) the seven columns do not fit beside
 * each other: names, logins and the two actions each stack in one column instead.
 */
const COMPACT_QUERY = "(max-width: 74.99em)";

export interface RosterEditorProps {
  students: RosterStudent[];
  maximum: number;
  fluencyVideosEnabled: boolean;
  newIds: ReadonlySet<number>;
  onSaved: () => void;
  onAllDeleted: () => void;
  /** Opens Paste a Class List (the page keeps the dialog). */
  onPasteList: () => void;
}

/** The populated roster: search, actions, the marked-rows alert and the editable table. */
export function RosterEditor(props: RosterEditorProps) {
  const { students, maximum, newIds, onSaved: onStudentSaved } = props;
  const [search, setSearch] = useState("");
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const deleteOne = useDeleteStudent();
  const deleteAll = useDeleteAllStudents();
  const sendCards = useSendLoginCards();
  const downloadCards = useDownloadLoginCards();
  // Read at once, not after a first wide render that would flash the other layout.
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false }) ?? false;

  const onMarkedChange = useCallback((key: string, isMarked: boolean) => {
    setMarked((prev) => {
      if (prev.has(key) === isMarked) return prev;
      const next = new Set(prev);
      if (isMarked) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  // A new row's first name gets the focus, so the teacher can type the name at once.
  useEffect(() => {
    if (!focusKey) return;
    const input = document.querySelector<HTMLInputElement>(`tr[data-row-key="${focusKey}"] input`);
    input?.scrollIntoView({ block: "center" });
    input?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const byId = new Map(students.map((s) => [s.id, s]));
  const draftIds = new Set(drafts.flatMap((d) => (d.id ? [d.id] : [])));
  const unsavedDrafts = drafts.filter((d) => !d.id).length;
  const rows = [
    ...students
      .filter((s) => !draftIds.has(s.id))
      .map((s) => ({ key: `s${s.id}`, initial: s as Row, saved: s, isNew: newIds.has(s.id) })),
    ...drafts.map((d) => ({
      key: d.key,
      initial: d.initial,
      saved: d.id ? (byId.get(d.id) ?? null) : null,
      isNew: true,
    })),
  ];
  const query = search.trim().toLowerCase();
  // A row that was never saved always shows, so a search never hides unsaved typing.
  const shows = (saved: RosterStudent | null) =>
    !query ||
    !saved ||
    `${saved.firstname} ${saved.lastname} ${saved.username}`.toLowerCase().includes(query);
  const shown = rows.filter((r) => shows(r.saved)).length;

  const addStudent = () => {
    const taken = [...students.map((s) => s.username), ...drafts.map((d) => d.initial.username)];
    const key = `new-${Date.now()}-${drafts.length}`;
    const initial: Row = {
      firstname: "",
      lastname: "",
      planid: mostCommonLevel(students.map((s) => s.planid)),
      username: generateUsernames(1, taken)[0] ?? "",
      password: easyPassword(randomBelow),
      parent_email: null,
      ...FOLLOWS_THE_CLASS,
    };
    setDrafts((list) => [...list, { key, initial }]);
    setSearch("");
    setFocusKey(key);
  };

  const onSaved = useCallback(
    (key: string, student: RosterStudent) => {
      setDrafts((list) => list.map((d) => (d.key === key ? { ...d, id: student.id } : d)));
      onStudentSaved();
    },
    [onStudentSaved],
  );

  const dropDraft = (key: string) => setDrafts((list) => list.filter((d) => d.key !== key));

  const onDelete = (key: string, row: Row) => {
    const id = row.id;
    if (!id) {
      dropDraft(key);
      return;
    }
    confirmDanger({
      title: rosterMessages.deleteTitle(row.firstname, row.lastname ?? ""),
      message: rosterMessages.deleteBody,
      confirm: "Delete",
      onConfirm: () =>
        deleteOne.mutate(id, {
          onSuccess: (answer) => {
            dropDraft(key);
            notifications.show({ color: "teal", message: answer.message });
          },
          onError: notifyFailure("This student could not be deleted"),
        }),
    });
  };

  const onDeleteAll = () =>
    confirmDanger({
      title: rosterMessages.deleteAllTitle,
      message: rosterMessages.deleteAllBody,
      confirm: "Delete",
      onConfirm: () =>
        deleteAll.mutate(undefined, {
          onSuccess: (answer) => {
            notifications.show({ color: "teal", message: answer.message });
            props.onAllDeleted();
          },
          onError: notifyFailure("The students could not be deleted"),
        }),
    });

  const cardsAlert = sendCards.isSuccess
    ? { color: "teal", text: sendCards.data.message, close: sendCards.reset }
    : sendCards.isError
      ? { color: "red", text: errorText(sendCards.error), close: sendCards.reset }
      : downloadCards.isError
        ? { color: "red", text: errorText(downloadCards.error), close: downloadCards.reset }
        : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <TextInput
          aria-label="Search for a student"
          placeholder={rosterMessages.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: "100%", xs: 300 }}
        />
        <Group gap="md">
          <Text fw={500} c="dimmed" aria-live="polite">
            {rosterCountText(students.length, maximum)}
          </Text>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={onDeleteAll}
            loading={deleteAll.isPending}
          >
            Delete All Students
          </Button>
        </Group>
      </Group>
      <Group gap="xs">
        <Button
          data-tour="roster-create"
          variant="light"
          leftSection={<IconUserPlus size={16} />}
          onClick={addStudent}
          disabled={students.length + unsavedDrafts >= maximum}
        >
          New Student
        </Button>
        <ClassListButton onClick={props.onPasteList} />
        <SampleLessonDialog />
        <Button
          variant="default"
          leftSection={<IconMail size={16} />}
          loading={sendCards.isPending}
          onClick={() => {
            downloadCards.reset();
            sendCards.mutate();
          }}
        >
          Email Student Login Cards
        </Button>
        <Button
          data-tour="roster-cards"
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloadCards.isPending}
          onClick={() => {
            sendCards.reset();
            downloadCards.mutate();
          }}
        >
          Download Login Cards
        </Button>
      </Group>
      {cardsAlert && (
        <Alert
          color={cardsAlert.color}
          variant="light"
          role={cardsAlert.color === "red" ? "alert" : "status"}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={cardsAlert.close}
        >
          {cardsAlert.text}
        </Alert>
      )}
      {marked.size > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
          {rosterMessages.markedRows}
        </Alert>
      )}
      <Paper withBorder data-tour="roster-table">
        <Table.ScrollContainer minWidth={compact ? 640 : 960} type="native">
          <Table verticalSpacing="xs" horizontalSpacing="sm">
            <Table.Thead>
              {compact ? (
                <Table.Tr>
                  <Table.Th>
                    First Name
                    <br />
                    Last Name
                  </Table.Th>
                  <Table.Th w={184}>Reading Level</Table.Th>
                  <Table.Th w={176}>
                    Username
                    <br />
                    Password
                  </Table.Th>
                  <Table.Th w={128} ta="center" style={{ whiteSpace: "nowrap" }}>
                    More Settings
                    <br />
                    Delete
                  </Table.Th>
                </Table.Tr>
              ) : (
                <Table.Tr>
                  <Table.Th>First Name</Table.Th>
                  <Table.Th>Last Name</Table.Th>
                  <Table.Th w={184}>Reading Level</Table.Th>
                  <Table.Th w={150}>Username</Table.Th>
                  <Table.Th w={150}>Password</Table.Th>
                  <Table.Th w={80}>
                    <VisuallyHidden>Saved</VisuallyHidden>
                  </Table.Th>
                  <Table.Th w={84} ta="center">
                    More Settings
                  </Table.Th>
                  <Table.Th w={64} ta="center">
                    Delete
                  </Table.Th>
                </Table.Tr>
              )}
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <RosterRow
                  key={row.key}
                  rowKey={row.key}
                  initial={row.initial}
                  saved={row.saved}
                  isNew={row.isNew}
                  classmates={students}
                  fluencyVideosEnabled={props.fluencyVideosEnabled}
                  hidden={!shows(row.saved)}
                  compact={compact}
                  onSaved={onSaved}
                  onDelete={onDelete}
                  onMarkedChange={onMarkedChange}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {shown === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            No student matches “{search.trim()}”.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
