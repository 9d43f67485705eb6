import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type ExportState, type StudentExport, stateOfExport } from "@refrain/domain";
import { IconDownload, IconFileZip, IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { errorText } from "../../../lib/api.ts";
import { dateTimeText } from "../../../lib/date-text.ts";
import { useExportLink } from "../api/get-export-link.ts";
import { exportsKey, useStudentExports } from "../api/list-exports.ts";
import { useRequestExport } from "../api/request-export.ts";
import { useSendExport } from "../api/send-export.ts";

/** The ZIP's size as people read it: a few KB for records alone, MB with recordings. */
const sizeOf = (bytes: number) =>
  bytes < 1_048_576
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1_048_576).toFixed(1)} MB`;

const STATE_BADGES: Record<Exclude<ExportState, "working">, { label: string; color: string }> = {
  ready: { label: "Ready", color: "teal" },
  downloaded: { label: "Downloaded", color: "gray" },
  expired: { label: "Expired", color: "gray" },
  failed: { label: "Failed", color: "red" },
};

/**
 * "Export everything we hold" (issue 19): a ZIP of every record and recording of the student,
 * built by a job whose progress shows here; when it is ready it downloads once, until its
 * expiry, or the class owner e-mails the single-use link to the parent on file.
 */
export function ExportSection({ studentId }: { studentId: number }) {
  const query = useStudentExports(studentId);
  const request = useRequestExport(studentId);
  const working = query.data?.exports.some((e) => stateOfExport(e, new Date()) === "working");

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="export-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="export-title">
            Export everything we hold
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            A ZIP file with a summary page to read or print, every record as JSON and CSV
            (spreadsheet) files, and the student's recordings and consent slips. It can be
            downloaded once, for a few hours after it is ready.
          </Text>
        </div>
        <Group>
          <Button
            leftSection={<IconFileZip size={18} />}
            loading={request.isPending}
            disabled={working}
            onClick={() =>
              request.mutate(undefined, {
                onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
              })
            }
          >
            Export everything we hold
          </Button>
        </Group>
        <QueryState
          query={query}
          loading="Loading exports..."
          isEmpty={(data) => data.exports.length === 0}
          empty={
            <EmptyList
              icon={<IconFileZip />}
              title="No exports yet"
              description="An export made here lists here, with its progress and whether it was downloaded."
            />
          }
        >
          {(data) => (
            <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {data.exports.map((item) => (
                <ExportRow
                  key={item.id}
                  item={item}
                  studentId={studentId}
                  canSend={data.canSendToParent}
                />
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function ExportRow({
  item,
  studentId,
  canSend,
}: {
  item: StudentExport;
  studentId: number;
  canSend: boolean;
}) {
  const state = stateOfExport(item, new Date());
  const queryClient = useQueryClient();
  const link = useExportLink();
  const send = useSendExport();
  const reload = () => queryClient.invalidateQueries({ queryKey: exportsKey(studentId) });

  const download = () =>
    link.mutate(item.id, {
      onSuccess: ({ url }) => {
        // The answer is an attachment: the browser saves it and this page stays.
        window.location.assign(url);
        // The server marks the link used as the download starts; the list then says so.
        window.setTimeout(reload, 1500);
      },
      onError: (error) => {
        notifications.show({ color: "red", message: errorText(error) });
        void reload();
      },
    });
  const sendToParent = () =>
    send.mutate(item.id, {
      onSuccess: (answer) => notifications.show({ color: "teal", message: answer.message }),
      onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
    });

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-label={`Export of ${dateTimeText(item.createdAt)}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Asked for {dateTimeText(item.createdAt)}
            {item.requestedBy ? ` by ${item.requestedBy}` : ""}
          </Text>
          {state !== "working" && (
            <Badge color={STATE_BADGES[state].color} variant="light">
              {STATE_BADGES[state].label}
              {state === "downloaded" && item.downloadedAt
                ? ` ${dateTimeText(item.downloadedAt)}`
                : ""}
            </Badge>
          )}
        </Group>
        {state === "working" && (
          <div>
            {/* Mantine names the bar itself (role, value and its text) from aria-label; any
                other aria attribute would land on its role-less root. */}
            <Progress value={item.progress} animated aria-label="Export progress" />
            <Text size="xs" c="dimmed" mt={4} role="status">
              {item.status === "queued" ? "Waiting to start" : `Preparing: ${item.progress}%`}
            </Text>
          </div>
        )}
        {state === "ready" && item.expiresAt && (
          <Group gap="sm" wrap="wrap">
            <Button
              size="xs"
              leftSection={<IconDownload size={16} />}
              loading={link.isPending}
              onClick={download}
            >
              Download (once)
            </Button>
            {canSend && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconSend size={16} />}
                loading={send.isPending}
                onClick={sendToParent}
              >
                Send to parent
              </Button>
            )}
            <Text size="xs" c="dimmed">
              Until {dateTimeText(item.expiresAt)}
              {item.bytes ? ` · ${sizeOf(item.bytes)}` : ""}
            </Text>
          </Group>
        )}
        {state === "failed" && (
          <Text size="sm" c="red.8">
            The export could not be made. Please ask for a new one.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
