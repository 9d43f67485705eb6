import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from "@mantine/core";
import { OUTBOX_LIMIT, type OutboxMessage } from "@refrain/domain";
import { IconMailbox, IconPaperclip } from "@tabler/icons-react";
import { useState } from "react";
import { PageTitle } from "../../../components/page-title.tsx";
import { QueryList } from "../../../components/query-list.tsx";
import { dateTimeText } from "../../../lib/date-text.ts";
import { attachmentUrl, useOutbox } from "../api/list-outbox.ts";
import { OpenButton, OpeningTable, RecordModal } from "../components/opening-table.tsx";

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;

/** The attachments with their download address, which is their position in the message. */
const attachmentsOf = (message: OutboxMessage) =>
  message.attachments.map((attachment, index) => ({
    ...attachment,
    url: attachmentUrl(message.id, index),
  }));

const badgeStyles = { label: { overflow: "visible" } };

function Status({ message }: { message: OutboxMessage }) {
  if (message.error)
    return (
      <Badge color="red" variant="light" tt="none" styles={badgeStyles}>
        Failed
      </Badge>
    );
  if (message.sentAt)
    return (
      <Badge color="teal" variant="light" tt="none" styles={badgeStyles}>
        Sent
      </Badge>
    );
  return (
    <Badge color="gray" variant="light" tt="none" styles={badgeStyles}>
      In outbox
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={80} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}

function MessageView({ message }: { message: OutboxMessage }) {
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Field label="To">{message.to}</Field>
        <Field label="Written">{dateTimeText(message.createdAt)}</Field>
        <Field label="Delivery">
          <Group gap="xs">
            <Status message={message} />
            <Text size="sm">
              {message.transport === "smtp" ? "by SMTP" : "no mail server configured"}
              {message.sentAt ? `, ${dateTimeText(message.sentAt)}` : ""}
            </Text>
          </Group>
        </Field>
      </Stack>
      {message.error && (
        <Text size="sm" c="red">
          {message.error}
        </Text>
      )}
      <Tabs defaultValue="text" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="text">Text</Tabs.Tab>
          {message.html && <Tabs.Tab value="html">HTML</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="text" pt="sm">
          <Paper withBorder p="md" bg="gray.0">
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {message.text}
            </Text>
          </Paper>
        </Tabs.Panel>
        {message.html && (
          <Tabs.Panel value="html" pt="sm">
            {/* No scripts, forms or navigation: the message is shown, never run. */}
            <iframe
              title={`HTML of ${message.subject}`}
              sandbox=""
              srcDoc={message.html}
              style={{
                width: "100%",
                height: 320,
                border: "1px solid var(--mantine-color-gray-3)",
              }}
            />
          </Tabs.Panel>
        )}
      </Tabs>
      {message.attachments.length > 0 && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            Attachments
          </Text>
          <List spacing={4} icon={<IconPaperclip size={16} />} center>
            {attachmentsOf(message).map((attachment) =>
              attachment.withheld ? (
                <List.Item key={attachment.url}>
                  <Text span size="sm">
                    {attachment.filename}
                  </Text>{" "}
                  <Text span size="xs" c="dimmed">
                    {sizeText(attachment.size)}, not kept: it holds secrets only the recipient may
                    see
                  </Text>
                </List.Item>
              ) : (
                <List.Item key={attachment.url}>
                  <Anchor href={attachment.url} download={attachment.filename}>
                    {attachment.filename}
                  </Anchor>{" "}
                  <Text span size="xs" c="dimmed">
                    {sizeText(attachment.size)}
                  </Text>
                </List.Item>
              ),
            )}
          </List>
        </div>
      )}
    </Stack>
  );
}

/** The staff mailbox: every e-mail the product wrote, and whether it left. */
export function MailboxPage() {
  const [draft, setDraft] = useState("");
  const [to, setTo] = useState("");
  const [opened, setOpened] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox(to);

  const body = (
    <QueryList
      query={outbox}
      loading="Loading messages..."
      empty={{
        icon: <IconMailbox />,
        title: to ? `No messages to ${to}` : "No messages yet",
        description:
          "Every email the product sends is kept here, with its secrets (sign-in links, passwords) removed.",
      }}
    >
      {(messages) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {messages.length >= OUTBOX_LIMIT
              ? `The latest ${OUTBOX_LIMIT} messages`
              : `${messages.length} ${messages.length === 1 ? "message" : "messages"}`}
          </Text>
          <OpeningTable columns={["Written", "To", "Subject", "Transport", "Status"]}>
            {messages.map((message) => (
              <Table.Tr key={message.id} onClick={() => setOpened(message)}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {dateTimeText(message.createdAt)}
                </Table.Td>
                <Table.Td>{message.to}</Table.Td>
                <Table.Td>
                  <OpenButton onOpen={() => setOpened(message)}>{message.subject}</OpenButton>
                  {message.attachments.length > 0 && (
                    <IconPaperclip
                      size={14}
                      aria-label="Has attachments"
                      style={{ marginLeft: 6, verticalAlign: "middle" }}
                    />
                  )}
                </Table.Td>
                <Table.Td>{message.transport === "smtp" ? "SMTP" : "Outbox"}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Status message={message} />
                </Table.Td>
              </Table.Tr>
            ))}
          </OpeningTable>
        </Stack>
      )}
    </QueryList>
  );

  return (
    <Stack gap="md">
      <PageTitle>Mailbox</PageTitle>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTo(draft.trim());
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Recipient"
            placeholder="Exact email address"
            type="email"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            w={300}
          />
          <Button type="submit" variant="light">
            Filter
          </Button>
          {to && (
            <Button
              variant="subtle"
              onClick={() => {
                setDraft("");
                setTo("");
              }}
            >
              Show all
            </Button>
          )}
        </Group>
      </form>
      {body}
      <RecordModal
        record={opened}
        title={(message) => message.subject}
        onClose={() => setOpened(null)}
      >
        {(message) => <MessageView message={message} />}
      </RecordModal>
    </Stack>
  );
}
