import {
  type ConnectInput,
  connectReady,
  type MailTemplate,
  needsCustomMessage,
} from "@refrain/domain";

/** What the teacher has put together on the Parent Connect page. */
export interface ConnectDraft {
  templateId: string | null;
  subject: string;
  customMessage: string;
  selected: ReadonlySet<number>;
}

/** The chosen students still on the list (one may have left it since it was ticked). */
export const chosenIds = (draft: ConnectDraft, listed: readonly { id: number }[]) =>
  listed.filter((s) => draft.selected.has(s.id)).map((s) => s.id);

/** Send is on once §5 holds (recipients, a subject, a message where the editor shows) and nothing is being sent. */
export function canSend(
  draft: ConnectDraft,
  template: MailTemplate | null,
  listed: readonly { id: number }[],
  sending: boolean,
): boolean {
  if (sending) return false;
  return connectReady(template, {
    subject: draft.subject,
    custom_message: draft.customMessage,
    student_ids: chosenIds(draft, listed),
  });
}

/** The request's body: the message only for a template that holds it. */
export function connectBody(
  draft: ConnectDraft,
  template: MailTemplate,
  listed: readonly { id: number }[],
): ConnectInput {
  return {
    subject: draft.subject,
    ...(needsCustomMessage(template) && { custom_message: draft.customMessage }),
    student_ids: chosenIds(draft, listed),
  };
}

/**
 * The subject after picking `next`: its own subject, unless the teacher wrote one of their own
 * (not the previous template's), which stays.
 */
export function subjectAfterPick(
  subject: string,
  previous: MailTemplate | null,
  next: MailTemplate,
): string {
  const untouched = subject.trim() === "" || subject === previous?.subject;
  return untouched ? next.subject : subject;
}

/** Ticks every listed student, or none when all are ticked already. */
export function toggleAll(selected: ReadonlySet<number>, listed: readonly { id: number }[]) {
  const all = listed.length > 0 && listed.every((s) => selected.has(s.id));
  return new Set(all ? [] : listed.map((s) => s.id));
}
