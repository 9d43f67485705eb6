import { Badge, Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import {
  CONSENT_KIND_LABELS,
  CONSENT_METHOD_LABELS,
  type ConsentRecordView,
} from "@refrain/domain";
import { IconDownload, IconFileOff } from "@tabler/icons-react";
import { useState } from "react";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { dateText } from "../../../lib/date-text.ts";
import { useDeleteStudentRecordings } from "../api/delete-student-recordings.ts";
import { useDownloadConsentSlip } from "../api/download-consent-slip.ts";
import { useStudentConsent } from "../api/get-student-consent.ts";
import { useWithdrawConsent } from "../api/withdraw-consent.ts";

/** A record's standing: in force, or withdrawn (when, by whom). */
export function ConsentStatus({ record }: { record: ConsentRecordView }) {
  if (!record.withdrawnAt)
    return (
      <Badge color="teal" variant="light">
        In force
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      Withdrawn {dateText(record.withdrawnAt)}
    </Badge>
  );
}

/** "Delete their N recordings too?": offered after a withdrawal, and while consent is missing. */
function DeleteRecordingsModal({
  opened,
  onClose,
  studentId,
  name,
  recordings,
}: {
  opened: boolean;
  onClose: () => void;
  studentId: number;
  name: string;
  recordings: number;
}) {
  const remove = useDeleteStudentRecordings();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Delete ${name}'s recordings too?`} centered>
      <Stack>
        {remove.isSuccess ? (
          <DoneAlert>{remove.data.message}</DoneAlert>
        ) : (
          <Text size="sm">
            {name} has {recordings} {recordings === 1 ? "recording" : "recordings"}. Deleting them
            removes the videos, their grades and any links shared with the family, for good.
          </Text>
        )}
        <ErrorAlert error={remove.error} />
        <Group justify="flex-end">
          {remove.isSuccess ? (
            <Button onClick={close}>Done</Button>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Keep them
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(studentId)}
              >
                Delete {recordings} {recordings === 1 ? "recording" : "recordings"}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * One student's consent records, newest first, with their slips. The class owner withdraws a
 * consent here (after a confirmation) and is then offered to delete the student's recordings;
 * an admin reads only.
 */
export function ConsentHistory({ studentId, name }: { studentId: number; name: string }) {
  const query = useStudentConsent(studentId);
  const withdraw = useWithdrawConsent();
  const slip = useDownloadConsentSlip();
  // The record asked about stays after the confirmation closes, so the closing dialog keeps its name.
  const [target, setTarget] = useState<ConsentRecordView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [offer, setOffer] = useState(false);

  return (
    <QueryState
      query={query}
      loading="Loading consent records..."
      isEmpty={(answer) => answer.data.records.length === 0}
      empty={
        <EmptyList
          icon={<IconFileOff />}
          title="No consent on file"
          description={`${name} cannot record until a parent's permission and an admin's approval are recorded.`}
        />
      }
    >
      {({ data }) => (
        <Stack gap="sm">
          <Text size="sm" c={data.complete ? "teal.8" : "yellow.9"}>
            {data.complete
              ? `Both consents are on file: ${name} may record when recording is switched on.`
              : `${name} cannot record: a parent's permission and an admin's approval must both be on file.`}
          </Text>
          {data.records.map((record) => (
            <Paper
              key={record.id}
              withBorder
              p="sm"
              component="article"
              aria-label={`${CONSENT_KIND_LABELS[record.kind]}, ${record.withdrawnAt ? "withdrawn" : "in force"}`}
            >
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{CONSENT_KIND_LABELS[record.kind]}</Text>
                    <ConsentStatus record={record} />
                  </Group>
                  <Text size="sm">
                    {CONSENT_METHOD_LABELS[record.method]}, given {dateText(record.givenOn)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Recorded {dateText(record.recordedAt)}
                    {record.recordedBy ? ` by ${record.recordedBy}` : ""}
                    {record.withdrawnAt && record.withdrawnBy
                      ? ` · withdrawn by ${record.withdrawnBy}`
                      : ""}
                  </Text>
                  {record.note && <Text size="sm">{record.note}</Text>}
                </Stack>
                <Group gap="xs">
                  {record.hasSlip && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} />}
                      loading={slip.isPending && slip.variables === record.id}
                      onClick={() => slip.mutate(record.id)}
                    >
                      Slip
                    </Button>
                  )}
                  {data.canChange && !record.withdrawnAt && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => {
                        withdraw.reset();
                        setTarget(record);
                        setConfirming(true);
                      }}
                    >
                      Withdraw
                    </Button>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
          <ErrorAlert error={slip.error} prefix="The slip could not be downloaded: " />
          {data.canChange && !data.complete && data.recordings > 0 && (
            <Group>
              <Button variant="subtle" color="red" size="xs" onClick={() => setOffer(true)}>
                Delete their {data.recordings} {data.recordings === 1 ? "recording" : "recordings"}
              </Button>
            </Group>
          )}

          <Modal
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={`Withdraw ${target ? CONSENT_KIND_LABELS[target.kind].toLowerCase() : "consent"}?`}
            centered
          >
            <Stack>
              <Text size="sm">
                {name} stops recording at once. The record stays in the history as withdrawn.
              </Text>
              <ErrorAlert error={withdraw.error} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button
                  color="red"
                  loading={withdraw.isPending}
                  onClick={() =>
                    target &&
                    withdraw.mutate(target.id, {
                      onSuccess: (answer) => {
                        setConfirming(false);
                        if (answer.data.recordings > 0) setOffer(true);
                      },
                    })
                  }
                >
                  Withdraw consent
                </Button>
              </Group>
            </Stack>
          </Modal>
          <DeleteRecordingsModal
            opened={offer}
            onClose={() => setOffer(false)}
            studentId={studentId}
            name={name}
            recordings={withdraw.data?.data.recordings ?? data.recordings}
          />
        </Stack>
      )}
    </QueryState>
  );
}
