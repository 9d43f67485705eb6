import {
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  CONNECT_LIMITS,
  type MailableStudent,
  type MailTemplate,
  needsCustomMessage,
} from "@refrain/domain";
import { IconEye, IconMailForward, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { MailFrame } from "../../../components/mail-frame.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import {
  useMailableStudents,
  useMailTemplates,
  usePreviewMail,
  useSendMail,
} from "../api/parent-connect.ts";
import {
  type ConnectDraft,
  canSend,
  chosenIds,
  connectBody,
  subjectAfterPick,
  toggleAll,
} from "../parent-connect.ts";

const EMPTY_DRAFT: ConnectDraft = {
  templateId: null,
  subject: "",
  customMessage: "",
  selected: new Set(),
};

/** The students whose parents can be mailed, with select all. */
function Recipients({
  students,
  selected,
  onChange,
}: {
  students: MailableStudent[];
  selected: ReadonlySet<number>;
  onChange: (next: ReadonlySet<number>) => void;
}) {
  const ticked = chosenIds({ ...EMPTY_DRAFT, selected }, students).length;
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    onChange(next);
  };
  return (
    <ListTable
      minWidth={480}
      label="Students whose parents receive your emails"
      head={
        <>
          <Table.Th w={48}>
            <Checkbox
              aria-label="Select all students"
              checked={ticked === students.length}
              indeterminate={ticked > 0 && ticked < students.length}
              onChange={() => onChange(toggleAll(selected, students))}
            />
          </Table.Th>
          <Table.Th>Student</Table.Th>
          <Table.Th>Parent email</Table.Th>
        </>
      }
    >
      {students.map((s) => (
        <Table.Tr key={s.id}>
          <Table.Td>
            <Checkbox
              aria-label={`Send to ${s.name}'s parent`}
              checked={selected.has(s.id)}
              onChange={() => toggle(s.id)}
            />
          </Table.Td>
          <Table.Td>{s.name}</Table.Td>
          <Table.Td>{s.parentEmail}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The picker and composer, and what Preview and Send answer. */
function Composer({
  students,
  templates,
}: {
  students: MailableStudent[];
  templates: MailTemplate[];
}) {
  const [draft, setDraft] = useState<ConnectDraft>(EMPTY_DRAFT);
  const [previewOpen, setPreviewOpen] = useState(false);
  const preview = usePreviewMail();
  const send = useSendMail();
  const template = templates.find((t) => t.id === draft.templateId) ?? null;
  const ready = canSend(draft, template, students, send.isPending);
  const update = (patch: Partial<ConnectDraft>) => setDraft((d) => ({ ...d, ...patch }));

  if (send.isSuccess)
    return (
      <Stack gap="sm" align="flex-start">
        <DoneAlert>{send.data.message}</DoneAlert>
        <Button
          variant="light"
          onClick={() => {
            send.reset();
            setDraft(EMPTY_DRAFT);
          }}
        >
          Write another email
        </Button>
      </Stack>
    );

  const request = () => {
    if (!template) return null;
    return { templateId: template.id, body: connectBody(draft, template, students) };
  };

  return (
    <Stack gap="md">
      <Recipients
        students={students}
        selected={draft.selected}
        onChange={(selected) => update({ selected })}
      />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Select
            label="Template"
            placeholder="Choose a template"
            data={templates.map((t) => ({ value: t.id, label: t.title }))}
            value={draft.templateId}
            onChange={(id) => {
              const next = templates.find((t) => t.id === id);
              if (next)
                update({
                  templateId: next.id,
                  subject: subjectAfterPick(draft.subject, template, next),
                });
            }}
            allowDeselect={false}
            maw={480}
          />
          {template && (
            <>
              <TextInput
                label="Subject"
                description="Words in braces, such as {student_first_name}, are filled in for each family. Parents get the subject in their language unless you change it."
                value={draft.subject}
                maxLength={CONNECT_LIMITS.subject}
                onChange={(event) => update({ subject: event.currentTarget.value })}
                required
              />
              {needsCustomMessage(template) && (
                <Textarea
                  label="Your message"
                  value={draft.customMessage}
                  maxLength={CONNECT_LIMITS.customMessage}
                  autosize
                  minRows={4}
                  onChange={(event) => update({ customMessage: event.currentTarget.value })}
                  required
                />
              )}
            </>
          )}
          <ErrorAlert error={preview.error ?? send.error} />
          <Group>
            <Button
              variant="default"
              leftSection={<IconEye size={18} />}
              disabled={!canSend(draft, template, students, false)}
              loading={preview.isPending}
              onClick={() => {
                const req = request();
                if (!req) return;
                send.reset();
                preview.mutate(req, { onSuccess: () => setPreviewOpen(true) });
              }}
            >
              Preview
            </Button>
            <Button
              leftSection={<IconMailForward size={18} />}
              disabled={!ready}
              loading={send.isPending}
              onClick={() => {
                const req = request();
                if (!req) return;
                preview.reset();
                send.mutate(req);
              }}
            >
              Send
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Modal
        opened={previewOpen && preview.isSuccess}
        onClose={() => setPreviewOpen(false)}
        title="Preview"
        size="lg"
      >
        {preview.data && (
          <Stack gap="sm">
            <Text size="sm">
              As the first chosen student's parent will receive it, in their language.
            </Text>
            <Text fw={600}>Subject: {preview.data.subject}</Text>
            <MailFrame html={preview.data.body} title="The email's text" height={480} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

const NO_PARENTS: EmptyListText = {
  icon: <IconUsers />,
  title: "No parent to write to yet",
  description: "Add your students' parent email addresses and switch parent emails on first.",
  action: (
    <Button component={Link} to="/teacher/students" mt="md">
      Email Parents
    </Button>
  ),
};

/** Parent Connect (classroom spec §2): one of our templates to the chosen families. */
export function ParentConnectPage() {
  const students = useMailableStudents();
  const templates = useMailTemplates();
  return (
    <Stack gap="md">
      <PageTitle>Parent Connect</PageTitle>
      <Text maw={720}>
        Choose the families to write to and a template. Each parent gets their own email, in the
        language you set for them, with their child's name filled in.
      </Text>
      <QueryList query={students} loading="Loading Students..." empty={NO_PARENTS}>
        {(list) => (
          <QueryState query={templates} loading="Loading Templates...">
            {(all) => <Composer students={list} templates={all} />}
          </QueryState>
        )}
      </QueryList>
    </Stack>
  );
}
