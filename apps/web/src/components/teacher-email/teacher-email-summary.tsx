import {
  Box,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  DEFAULT_EMAIL_MESSAGES,
  EMAIL_MESSAGE_MAX,
  type EmailView,
  messages,
  validEmails,
} from "@refrain/domain";
import { IconMinus, IconPlus, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { DoneAlert, ErrorAlert } from "../form-alerts.tsx";
import { MailFrame } from "../mail-frame.tsx";
import { LoadError } from "../page-states.tsx";
import { useSendTeacherEmail, useTeacherEmailPreview } from "./api.ts";
import { canAddRow, canRemoveRow, canSend, initialRows, rowIsInvalid } from "./email-rows.ts";

/** How long typing pauses before the preview asks for the new message. */
const PREVIEW_DELAY_MS = 500;

function Preview({ view, message }: { view: EmailView; message: string }) {
  const [settled] = useDebouncedValue(message, PREVIEW_DELAY_MS);
  const preview = useTeacherEmailPreview(view, settled);
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Preview
      </Title>
      {preview.isError ? (
        <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <Box pos="relative" mih={240}>
          <LoadingOverlay
            visible={preview.isPending || preview.isFetching}
            loaderProps={{ size: "sm" }}
          />
          {preview.data !== undefined && (
            <MailFrame title="Preview of the email" html={preview.data} height={360} />
          )}
        </Box>
      )}
    </Stack>
  );
}

/**
 * The teacher's e-mail to their school admin or colleagues (classroom spec "Teacher email
 * summary", access spec screen 18): their message over a summary of their class, previewed as
 * it will arrive, and the address rows. Only valid entries are sent. A failed send keeps
 * everything typed; a successful one clears the addresses so a second click sends nothing twice.
 */
export function TeacherEmailSummary({
  view,
  placeholder = "",
  defaultMessage = DEFAULT_EMAIL_MESSAGES[view],
}: {
  view: EmailView;
  /** Comma-separated addresses the rows start with. */
  placeholder?: string;
  defaultMessage?: string;
}) {
  const [message, setMessage] = useState(defaultMessage);
  const [rows, setRows] = useState(() => initialRows(placeholder));
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const send = useSendTeacherEmail();
  const valid = validEmails(rows);

  const setRow = (index: number, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? value : row)));
  const submit = () =>
    send.mutate(
      { view, message, emails: rows },
      {
        onSuccess: () => {
          setRows(initialRows(placeholder));
          setLeft(new Set());
        },
      },
    );

  return (
    <Stack gap="md">
      <Textarea
        label="Your message"
        description="It opens the email, above the summary of your class."
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        maxLength={EMAIL_MESSAGE_MAX}
        autosize
        minRows={3}
        maxRows={8}
      />
      <Stack gap="xs">
        <Text fw={500} size="sm">
          Send to
        </Text>
        {rows.map((row, index) => (
          <TextInput
            // Rows are only added and removed at the end, so a row's position names it.
            key={`row-${index.toString()}`}
            type="email"
            aria-label={`Email address ${index + 1}`}
            placeholder="name@school.org"
            value={row}
            onChange={(event) => setRow(index, event.currentTarget.value)}
            onBlur={() => setLeft((current) => new Set(current).add(index))}
            error={left.has(index) && rowIsInvalid(row) ? messages.email : undefined}
          />
        ))}
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={!canAddRow(rows)}
            onClick={() => setRows((current) => [...current, ""])}
          >
            Add Email
          </Button>
          <Button
            variant="default"
            leftSection={<IconMinus size={16} />}
            disabled={!canRemoveRow(rows)}
            onClick={() => setRows((current) => current.slice(0, -1))}
          >
            Remove Email
          </Button>
        </Group>
      </Stack>
      <ErrorAlert error={send.error} />
      {send.isSuccess && <DoneAlert>{send.data.message}</DoneAlert>}
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" aria-live="polite">
          {valid.length === 0
            ? "Enter at least one valid email address."
            : `Will send to ${valid.length} ${valid.length === 1 ? "address" : "addresses"}.`}
        </Text>
        <Button
          leftSection={<IconSend size={16} />}
          loading={send.isPending}
          disabled={!canSend(rows, send.isPending)}
          onClick={submit}
        >
          {send.isPending ? "Sending..." : "Send"}
        </Button>
      </Group>
      <Paper withBorder p="sm" radius="md" bg="gray.0">
        <Preview view={view} message={message} />
      </Paper>
    </Stack>
  );
}
