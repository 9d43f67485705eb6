import {
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import {
  CONSENT_KIND_LABELS,
  CONSENT_METHOD_LABELS,
  type ConsentKind,
  type ConsentOverviewStudent,
  fullName,
} from "@refrain/domain";
import { IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { ListTable } from "../../../components/list-table.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { dateText } from "../../../lib/date-text.ts";
import { useConsentStudents } from "../api/get-consent-overview.ts";
import { ConsentHistory } from "../components/consent-history.tsx";
import { RecordConsentModal } from "../components/record-consent-modal.tsx";

const NO_STUDENTS: EmptyListText = {
  icon: <IconUsers />,
  title: "No students yet",
  description: "Add students to your class first; then record their consent here.",
};

const nameOf = (s: ConsentOverviewStudent) => fullName(s.firstName, s.lastName) || s.username;

/** One consent's standing as a badge: on file (how, when) or missing. */
function ConsentBadge({ student, kind }: { student: ConsentOverviewStudent; kind: ConsentKind }) {
  const active = student[kind];
  if (!active)
    return (
      <Badge color="yellow" variant="light">
        Missing
      </Badge>
    );
  return (
    <Stack gap={0}>
      <Badge color="teal" variant="light">
        On file
      </Badge>
      <Text size="xs" c="dimmed">
        {CONSENT_METHOD_LABELS[active.method]}, {dateText(active.givenOn)}
      </Text>
    </Stack>
  );
}

/**
 * Recording Consent (issue 19): every student of the class with their parent's permission and
 * their admin's approval. Tick several to record a consent for all of them at once; open a
 * student for the history, the slips and withdrawing.
 */
export function ConsentPage() {
  const query = useConsentStudents();
  const [ticked, setTicked] = useState<number[]>([]);
  const [recording, setRecording] = useState(false);
  // The student shown stays while the drawer closes, so the closing drawer keeps its name.
  const [shown, setShown] = useState<ConsentOverviewStudent | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Stack gap="lg">
      <div>
        <PageTitle>Recording Consent</PageTitle>
        <Text c="dimmed" mt={4} maw={720}>
          A student records their reading only with both a parent's permission and an admin's
          approval on file. Withdrawing either stops their recording at once.
        </Text>
      </div>
      <QueryList query={query} loading="Loading your class..." empty={NO_STUDENTS}>
        {(students) => {
          const chosen = students.filter((s) => ticked.includes(s.id));
          const allTicked = chosen.length === students.length;
          const toggle = (id: number) =>
            setTicked((t) => (t.includes(id) ? t.filter((x) => x !== id) : [...t, id]));
          return (
            <Stack gap="sm">
              <Group justify="space-between">
                <Text size="sm" aria-live="polite">
                  {chosen.length} of {students.length} selected
                </Text>
                <Button disabled={chosen.length === 0} onClick={() => setRecording(true)}>
                  Record consent
                </Button>
              </Group>
              <ListTable
                minWidth={620}
                label="Students and their consent"
                head={
                  <>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select every student"
                        checked={allTicked}
                        indeterminate={chosen.length > 0 && !allTicked}
                        onChange={() => setTicked(allTicked ? [] : students.map((s) => s.id))}
                      />
                    </Table.Th>
                    <Table.Th>Student</Table.Th>
                    <Table.Th>{CONSENT_KIND_LABELS.parent_permission}</Table.Th>
                    <Table.Th>{CONSENT_KIND_LABELS.admin_approval}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>History</VisuallyHidden>
                    </Table.Th>
                  </>
                }
              >
                {students.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${nameOf(s)}`}
                        checked={ticked.includes(s.id)}
                        onChange={() => toggle(s.id)}
                      />
                    </Table.Td>
                    <Table.Td>{nameOf(s)}</Table.Td>
                    <Table.Td>
                      <ConsentBadge student={s} kind="parent_permission" />
                    </Table.Td>
                    <Table.Td>
                      <ConsentBadge student={s} kind="admin_approval" />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={`History of ${nameOf(s)}`}
                        onClick={() => {
                          setShown(s);
                          setDrawerOpen(true);
                        }}
                      >
                        History
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              <RecordConsentModal
                opened={recording}
                onClose={() => {
                  setRecording(false);
                  setTicked([]);
                }}
                students={chosen.map((s) => ({ id: s.id, name: nameOf(s) }))}
              />
              <Drawer
                opened={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                position="right"
                size="lg"
                title={shown ? `Consent of ${nameOf(shown)}` : "Consent"}
              >
                {shown && <ConsentHistory studentId={shown.id} name={nameOf(shown)} />}
              </Drawer>
            </Stack>
          );
        }}
      </QueryList>
    </Stack>
  );
}
