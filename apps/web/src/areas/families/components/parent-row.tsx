import {
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  type FieldErrors,
  familiesMessages,
  fieldErrors,
  fullName,
  type ManagedStudent,
  PARENT_LANGUAGE_LABELS,
  PARENT_LANGUAGES,
  PARENT_LIST_LABELS,
  PARENT_LISTS,
  type ParentList,
  parentRowInput,
  ROSTER_LIMITS,
} from "@refrain/domain";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { SavedCue } from "../../../components/saved-cue.tsx";
import { ApiError, errorText } from "../../../lib/api.ts";
import { useSavesInTurn } from "../../../lib/saves-in-turn.ts";
import { useResubscribeParent } from "../api/resubscribe-parent.ts";
import { useSaveParent } from "../api/save-parent.ts";
import {
  afterResubscribe,
  afterSave,
  draftOf,
  isTicked,
  languageOf,
  needsSave,
  type ParentDraft,
  rowFieldErrors,
  saveInput,
  setList,
  typeAddress,
  unsubscribedOn,
  warningDate,
} from "../parent-rows.ts";

const LANGUAGE_OPTIONS = PARENT_LANGUAGES.map((value) => ({
  value,
  label: PARENT_LANGUAGE_LABELS[value],
}));
const BOX_LABELS: Record<ParentList, string> = {
  weekly_report: "Weekly report",
  parent_emails: "Parent emails",
};

/** A warning under the address: orange, with its icon, tied to the control it explains. */
function Warning({ id, icon, children }: { id: string; icon: "lock" | "alert"; children: string }) {
  const Icon = icon === "lock" ? IconLock : IconAlertTriangle;
  return (
    <Group id={id} gap={4} wrap="nowrap" align="flex-start">
      <Icon size={14} color="var(--mantine-color-orange-8)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" c="orange.9">
        {children}
      </Text>
    </Group>
  );
}

/**
 * One student's parent: the address saves on blur or Enter when it changed, the boxes and the
 * language at once (§4). A box the parent unsubscribed from stays locked; clicking it asks the
 * teacher to confirm the parent wants it back.
 */
export function ParentRow({ student, hidden }: { student: ManagedStudent; hidden: boolean }) {
  const [draft, setDraft] = useState<ParentDraft>(() => draftOf(student));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const save = useSaveParent();
  const resubscribe = useResubscribeParent();
  // Commits read the latest values, not those of the render that scheduled them.
  const draftRef = useRef(draft);
  const savedRef = useRef(student);
  savedRef.current = student;
  const addressEdited = useRef(false);

  const name = fullName(student.firstname, student.lastname);
  const update = (next: ParentDraft) => {
    draftRef.current = next;
    setDraft(next);
  };
  const answered = (answer: ManagedStudent, next: ParentDraft) => {
    savedRef.current = answer;
    update(next);
    setErrors({});
    setFailure(null);
    setSavedAt(Date.now());
  };
  const failed = (error: unknown) => {
    const fields = error instanceof ApiError ? rowFieldErrors(error.errors) : null;
    setErrors(fields ?? {});
    setFailure(fields ? null : errorText(error));
  };

  const commit = useSavesInTurn((settled) => {
    const sent = draftRef.current;
    if (!needsSave(sent, savedRef.current)) return false;
    const parsed = parentRowInput.safeParse(saveInput(student.id, sent));
    if (!parsed.success) {
      setErrors(rowFieldErrors(fieldErrors(parsed.error)) ?? {});
      return false;
    }
    if (sent.parent_email.trim() !== (savedRef.current.parent_email ?? "")) {
      addressEdited.current = true;
    }
    save.mutate(parsed.data, {
      onSuccess: (answer) => answered(answer, afterSave(draftRef.current, sent, answer)),
      onError: failed,
      onSettled: settled,
    });
    return true;
  });

  const onAddress = (value: string) => {
    const typed = typeAddress(draftRef.current, savedRef.current, value, addressEdited.current);
    if (typed.switchedOn) addressEdited.current = true;
    update(typed.draft);
    if (errors.parent_email) setErrors(({ parent_email: _, ...rest }) => rest);
  };
  const onEnter = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    }
  };
  const askResubscribe = (list: ParentList) =>
    modals.openConfirmModal({
      title: familiesMessages.resubscribeTitle,
      children: <Text size="sm">{familiesMessages.resubscribeBody}</Text>,
      labels: { confirm: "Confirm", cancel: "Cancel" },
      onConfirm: () =>
        resubscribe.mutate(
          { student_id: student.id, list },
          {
            onSuccess: (answer) =>
              answered(answer, afterResubscribe(draftRef.current, list, answer)),
            onError: failed,
          },
        ),
    });
  const onBox = (list: ParentList, on: boolean) => {
    if (unsubscribedOn(savedRef.current, list) !== null) {
      askResubscribe(list);
      return;
    }
    update(setList(draftRef.current, savedRef.current, list, on));
    commit();
  };

  const busy = save.isPending || resubscribe.isPending;
  const warningId = (what: string) => `parent-${student.id}-${what}`;
  const bouncing = student.parent_email_bouncing;
  const firstError = (field: string) => errors[field]?.[0];

  return (
    <Table.Tr hidden={hidden}>
      <Table.Td>
        <Stack gap={4}>
          <Text fw={500}>{name}</Text>
          {/* Always there, so screen readers hear "Saving..." and "Saved" as they come. */}
          <div role="status">
            {busy ? (
              <Group gap={4} wrap="nowrap">
                <Loader size={12} />
                <Text size="sm" c="dimmed">
                  Saving...
                </Text>
              </Group>
            ) : (
              // An earlier save's cue gives way to what went wrong since.
              failure === null &&
              Object.keys(errors).length === 0 && <SavedCue savedAt={savedAt} name={name} />
            )}
          </div>
          {failure !== null && !busy && (
            <Text size="sm" c="red.8" role="alert">
              Not saved: {failure}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={6}>
          <TextInput
            // Room for an address such as family.levib@home.example.com on a tablet: the
            // student's name wraps instead.
            miw={270}
            aria-label={`Parent email for ${name}`}
            type="email"
            placeholder="parent@example.com"
            autoComplete="off"
            value={draft.parent_email}
            maxLength={ROSTER_LIMITS.parentEmail}
            error={firstError("parent_email")}
            aria-describedby={bouncing ? warningId("bouncing") : undefined}
            onChange={(event) => onAddress(event.currentTarget.value)}
            onBlur={commit}
            onKeyDown={onEnter}
          />
          {bouncing && (
            <Warning id={warningId("bouncing")} icon="alert">
              {familiesMessages.bouncing(warningDate(bouncing))}
            </Warning>
          )}
          {PARENT_LISTS.map((list) => {
            const since = unsubscribedOn(student, list);
            return (
              since && (
                <Warning key={list} id={warningId(list)} icon="lock">
                  {familiesMessages.unsubscribed(PARENT_LIST_LABELS[list], warningDate(since))}
                </Warning>
              )
            );
          })}
        </Stack>
      </Table.Td>
      {PARENT_LISTS.map((list) => {
        const locked = unsubscribedOn(student, list) !== null;
        return (
          <Table.Td key={list}>
            <Group gap={6} wrap="nowrap" justify="center">
              <Checkbox
                aria-label={`${BOX_LABELS[list]} for ${name}${locked ? " (unsubscribed)" : ""}`}
                aria-describedby={locked ? warningId(list) : undefined}
                checked={isTicked(draft, student, list)}
                error={firstError(`send_${list}`) !== undefined}
                onChange={(event) => onBox(list, event.currentTarget.checked)}
              />
              {locked && <IconLock size={14} color="var(--mantine-color-orange-8)" aria-hidden />}
            </Group>
            {firstError(`send_${list}`) && (
              <Text size="xs" c="red.8" ta="center">
                {firstError(`send_${list}`)}
              </Text>
            )}
          </Table.Td>
        );
      })}
      <Table.Td>
        <NativeSelect
          aria-label={`Language for ${name}'s parent`}
          value={draft.parent_language}
          data={LANGUAGE_OPTIONS}
          error={firstError("parent_language")}
          onChange={(event) => {
            const current = draftRef.current;
            const language = languageOf(event.currentTarget.value, current.parent_language);
            update({ ...current, parent_language: language });
            commit();
          }}
        />
      </Table.Td>
    </Table.Tr>
  );
}
