import {
  autoSubscribes,
  type FieldErrors,
  type ManagedStudent,
  PARENT_LANGUAGES,
  PARENT_LISTS,
  type ParentLanguage,
  type ParentList,
  type ParentRowInput,
  parentRowChanged,
} from "@refrain/domain";
import { dateText } from "../../lib/date-text.ts";

/**
 * The parent e-mail manager's row logic (classroom spec §4 "Parent email rows"), apart from the
 * page so it can be tested without a browser.
 */

/** What the teacher edits in a row; the address as typed (never null while editing). */
export interface ParentDraft {
  parent_email: string;
  send_weekly_report: boolean;
  send_parent_emails: boolean;
  parent_language: ParentLanguage;
}

/** A search box helps from this many students on; fewer fit on one screen. */
export const SEARCH_FROM = 11;

const SWITCH: Record<ParentList, "send_weekly_report" | "send_parent_emails"> = {
  weekly_report: "send_weekly_report",
  parent_emails: "send_parent_emails",
};
const UNSUBSCRIBED: Record<
  ParentList,
  "send_weekly_report_unsubscribed" | "send_parent_emails_unsubscribed"
> = {
  weekly_report: "send_weekly_report_unsubscribed",
  parent_emails: "send_parent_emails_unsubscribed",
};

export const draftOf = (student: ManagedStudent): ParentDraft => ({
  parent_email: student.parent_email ?? "",
  send_weekly_report: student.send_weekly_report,
  send_parent_emails: student.send_parent_emails,
  parent_language: student.parent_language,
});

/** When the parent unsubscribed from `list` (ISO time), or null: then its box is locked. */
export const unsubscribedOn = (student: ManagedStudent, list: ParentList): string | null =>
  student[UNSUBSCRIBED[list]];

/**
 * Whether the box of `list` shows ticked. A locked box shows unticked whatever the switch holds:
 * the parent gets nothing from that list until the teacher confirms they asked again.
 */
export const isTicked = (draft: ParentDraft, saved: ManagedStudent, list: ParentList): boolean =>
  unsubscribedOn(saved, list) === null && draft[SWITCH[list]];

/** The draft with the box of `list` set; a locked box does not change here (only resubscribe). */
export function setList(
  draft: ParentDraft,
  saved: ManagedStudent,
  list: ParentList,
  on: boolean,
): ParentDraft {
  return unsubscribedOn(saved, list) === null ? { ...draft, [SWITCH[list]]: on } : draft;
}

/**
 * The draft after the teacher types `value` into the address field. Typing a first valid-looking
 * address switches both boxes on (§4), unless the field was edited before (a saved address
 * change, or an earlier switch-on): a teacher who turned the boxes off keeps them off. A box the
 * parent locked stays off. `switchedOn` says the boxes were switched on by this keystroke.
 */
export function typeAddress(
  draft: ParentDraft,
  saved: ManagedStudent,
  value: string,
  editedBefore: boolean,
): { draft: ParentDraft; switchedOn: boolean } {
  const typed = { ...draft, parent_email: value };
  if (!autoSubscribes(saved.parent_email, value, editedBefore)) {
    return { draft: typed, switchedOn: false };
  }
  const next = PARENT_LISTS.reduce((row, list) => setList(row, saved, list, true), typed);
  return { draft: next, switchedOn: true };
}

/** Whether saving the draft would change what the server holds (the §4 save trigger). */
export const needsSave = (draft: ParentDraft, saved: ManagedStudent): boolean =>
  parentRowChanged(draft, saved);

/** The save call's student: the address trimmed, and null when blank. */
export const saveInput = (id: number, draft: ParentDraft): ParentRowInput => ({
  id,
  parent_email: draft.parent_email.trim() || null,
  send_weekly_report: draft.send_weekly_report,
  send_parent_emails: draft.send_parent_emails,
  parent_language: draft.parent_language,
});

/**
 * The draft once a save or resubscribe answered with `student`: what the teacher typed since the
 * call left stays, and only the fields the call changed are taken from the answer, so nothing
 * typed while it was on its way is lost.
 */
export function afterSave(
  draft: ParentDraft,
  sent: ParentDraft,
  student: ManagedStudent,
): ParentDraft {
  const answer = draftOf(student);
  const keep = <K extends keyof ParentDraft>(key: K) =>
    draft[key] === sent[key] ? answer[key] : draft[key];
  return {
    // The server may tidy the address (trimmed); a draft that still reads as sent takes it.
    parent_email:
      draft.parent_email.trim() === sent.parent_email.trim()
        ? answer.parent_email
        : draft.parent_email,
    send_weekly_report: keep("send_weekly_report"),
    send_parent_emails: keep("send_parent_emails"),
    parent_language: keep("parent_language"),
  };
}

/**
 * The draft once a resubscribe answered: only the box of `list` follows the server (it is on
 * again); an address or language typed but not saved yet stays as typed.
 */
export const afterResubscribe = (
  draft: ParentDraft,
  list: ParentList,
  student: ManagedStudent,
): ParentDraft => ({ ...draft, [SWITCH[list]]: student[SWITCH[list]] });

/** The language a select's value names, or `current` for anything else. */
export const languageOf = (value: string, current: ParentLanguage): ParentLanguage =>
  PARENT_LANGUAGES.find((language) => language === value) ?? current;

/**
 * A save's field messages, keyed by the row's field: the server names them after the call's body
 * ("student.parent_email"), a check in the browser by the row's own ("parent_email"). Null when
 * none are about the row's fields, so the caller shows the error's message instead (§8).
 */
export function rowFieldErrors(errors: FieldErrors | undefined): FieldErrors | null {
  if (!errors) return null;
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = key.startsWith("student.") ? key.slice("student.".length) : key;
    if (field !== "_" && field !== "id" && list.length > 0) out[field] = list;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The students a search matches, by first or last name or the parent's address. */
export function matchesSearch(student: ManagedStudent, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack =
    `${student.firstname} ${student.lastname} ${student.parent_email ?? ""}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** A warning's date as the teacher reads dates (report times are local, classroom spec §9). */
export function warningDate(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? iso : dateText(iso);
}
