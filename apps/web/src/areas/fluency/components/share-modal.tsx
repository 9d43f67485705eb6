import { zodResolver } from "@hookform/resolvers/zod";
import { Badge, Button, Group, Modal, Stack, Table, Title } from "@mantine/core";
import { gradingMessages, type ShareBody, shareBody } from "@refrain/domain";
import { IconLink, IconLinkOff, IconSend } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormTextarea, FormTextInput } from "../../../components/form-fields.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { confirmDanger } from "../../../components/notices.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useRevokeShare, useShare, useShareDraft, useShares } from "../api/share.ts";
import { createdAt } from "../created-at.ts";

const SHARE_FIELDS = ["to", "subject", "body"] as const;

const NOT_SHARED: EmptyListText = {
  icon: <IconLink />,
  title: "Not shared yet",
  description: "Each link you share appears here, with how often the family opened it.",
};

/** The form, filled once from the server's draft (grading spec §2 "Share with Parent modal", §5). */
function ShareForm({
  recordingId,
  draft,
  onClose,
}: {
  recordingId: number;
  draft: { email: string; subject: string; body: string };
  onClose: () => void;
}) {
  const share = useShare(recordingId);
  const form = useForm<z.input<typeof shareBody>, unknown, ShareBody>({
    resolver: zodResolver(shareBody),
    defaultValues: { to: draft.email, subject: draft.subject, body: draft.body },
  });
  const onSubmit = form.handleSubmit((values) =>
    share.mutate(values, { onError: (error) => applyFieldErrors(form, error, SHARE_FIELDS) }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormTextInput
          form={form}
          name="to"
          label="Parent email"
          description="A new address is saved to the student's record before the link is sent."
          type="email"
          autoComplete="off"
          required
        />
        <FormTextInput form={form} name="subject" label="Subject" required />
        <FormTextarea
          form={form}
          name="body"
          label="Body"
          description="The link to the reading is added below your message."
          required
          autosize
          minRows={5}
          maxRows={12}
        />
        {share.isSuccess && <DoneAlert>{gradingMessages.shared}</DoneAlert>}
        <ErrorAlert error={share.error} prefix={gradingMessages.shareErrorPrefix} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={share.isPending}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconSend size={16} />} disabled={share.isPending}>
            {share.isPending ? "Sharing..." : "Share"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type LinkState = "open" | "expired" | "off";
const linkState = (link: { revoked_at: string | null; expires_at: string }): LinkState => {
  if (link.revoked_at !== null) return "off";
  return Date.parse(link.expires_at) <= Date.now() ? "expired" : "open";
};
const LINK_BADGES: Record<LinkState, { label: string; color: string }> = {
  open: { label: "Open", color: "teal" },
  expired: { label: "Expired", color: "gray" },
  off: { label: "Turned off", color: "gray" },
};

/** The links already sent for this reading: when, until when, how often opened; one can be turned off. */
function SharedLinks({ recordingId }: { recordingId: number }) {
  const shares = useShares(recordingId);
  const revoke = useRevokeShare(recordingId);

  const confirmRevoke = (link: { id: number; email: string }) =>
    confirmDanger({
      title: "Turn off this link?",
      message: `The link sent to ${link.email} stops working at once; the family sees that it was turned off. You can share the reading again later.`,
      confirm: "Turn off link",
      onConfirm: () => revoke.mutate(link.id),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="shared-links">
      <Title order={3} fz="md" id="shared-links">
        Shared links
      </Title>
      <QueryList query={shares} loading="Loading..." empty={NOT_SHARED}>
        {(links) => (
          <ListTable
            minWidth={600}
            label="Links shared for this reading"
            columns={["Sent to", "Created", "Expires", "Views", "Link"]}
          >
            {links.map((link) => {
              const state = linkState(link);
              return (
                <Table.Tr key={link.id}>
                  <Table.Td>{link.email}</Table.Td>
                  <Table.Td>{createdAt(link.created_at)}</Table.Td>
                  <Table.Td>{createdAt(link.expires_at)}</Table.Td>
                  <Table.Td>{link.views}</Table.Td>
                  <Table.Td>
                    {state === "open" ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconLinkOff size={14} />}
                        loading={revoke.isPending && revoke.variables === link.id}
                        onClick={() => confirmRevoke(link)}
                        aria-label={`Turn off link sent to ${link.email} on ${createdAt(link.created_at)}`}
                      >
                        Turn off link
                      </Button>
                    ) : (
                      <Badge variant="light" color={LINK_BADGES[state].color}>
                        {LINK_BADGES[state].label}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </QueryList>
      <ErrorAlert error={revoke.error} prefix="The link could not be turned off: " />
    </Stack>
  );
}

/**
 * Share with Parent (grading spec §2, §4 Share, §8): e-mail the parent a signed link to this
 * graded reading, and see or turn off the links already sent. `recordingId` null is closed.
 */
export function ShareModal({
  recordingId,
  onClose,
}: {
  recordingId: number | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={recordingId !== null} onClose={onClose} title="Share with Parent" size="lg">
      {recordingId !== null && (
        // A new form per reading: the draft of one reading never fills another's.
        <Stack gap="lg" key={recordingId}>
          <ShareDraft recordingId={recordingId} onClose={onClose} />
          <SharedLinks recordingId={recordingId} />
        </Stack>
      )}
    </Modal>
  );
}

function ShareDraft({ recordingId, onClose }: { recordingId: number; onClose: () => void }) {
  const draft = useShareDraft(recordingId);
  return (
    <QueryState query={draft} loading="Loading...">
      {(filled) => <ShareForm recordingId={recordingId} draft={filled} onClose={onClose} />}
    </QueryState>
  );
}
