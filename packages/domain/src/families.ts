import { z } from "zod";
import { verbs } from "./contract.ts";
import { optionalEmailField } from "./email.ts";
import { ROSTER_LIMITS } from "./roster.ts";
import { dataResponse, keysOf, recordId } from "./validation.ts";

/**
 * Families (classroom spec §1, §2 "Parent email manager", §3 "Managed student row", §4 "Parent
 * email rows", §8): each student's parent address, what the parent receives, in which language,
 * and whether the parent stopped it.
 */

/** The languages parent mail and pages are written in. */
export const PARENT_LANGUAGE_LABELS = {
  en: "English",
  es: "Español",
};
export const PARENT_LANGUAGES = keysOf(PARENT_LANGUAGE_LABELS);
export type ParentLanguage = (typeof PARENT_LANGUAGES)[number];

/** The two things a parent may receive, each with its own switch and unsubscribe date. */
export const PARENT_LIST_LABELS = {
  weekly_report: "the weekly report",
  parent_emails: "parent emails",
};
export const PARENT_LISTS = keysOf(PARENT_LIST_LABELS);
export type ParentList = (typeof PARENT_LISTS)[number];

/** A student's row of the parent e-mail manager (classroom spec §3 "Managed student row"). */
export const managedStudent = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  parent_email: z.string().nullable(),
  send_weekly_report: z.boolean(),
  send_parent_emails: z.boolean(),
  /** When the parent unsubscribed from the weekly report (ISO time), or null. */
  send_weekly_report_unsubscribed: z.string().nullable(),
  send_parent_emails_unsubscribed: z.string().nullable(),
  parent_language: z.enum(PARENT_LANGUAGES),
  /** When mail to the address was refused for good (a permanent SMTP failure), or null. */
  parent_email_bouncing: z.string().nullable(),
});
export type ManagedStudent = z.infer<typeof managedStudent>;

/**
 * What the manager saves for one student. An unsubscribed list cannot be switched back on here:
 * only `resubscribe`, which the teacher confirms, clears the parent's choice.
 */
export const parentRowInput = z.strictObject({
  id: recordId(),
  parent_email: optionalEmailField(ROSTER_LIMITS.parentEmail),
  send_weekly_report: z.boolean(),
  send_parent_emails: z.boolean(),
  parent_language: z.enum(PARENT_LANGUAGES),
});
export type ParentRowInput = z.input<typeof parentRowInput>;

export const familiesMessages = {
  unsubscribed: (what: string, date: string) => `The parent unsubscribed from ${what} on ${date}.`,
  resubscribeTitle: "Did the parent ask to get these emails again?",
  resubscribeBody:
    "The parent turned these emails off themselves. Switch them back on only if the parent asked you to.",
  /** Resubscribing with no address would switch on mail that has nowhere to go. */
  noAddress: "Add the parent's email address before switching these emails on.",
  bouncing: (date: string) =>
    `Mail to this address was refused on ${date}. Check the address with the family.`,
} as const;

/**
 * The spec's "valid-looking" address (§4 "Parent email rows"): a non-space string, an at sign
 * and a domain with a dot. Looser than the saved address's check on purpose: it only decides
 * when to switch the two boxes on while the teacher types.
 */
const VALID_LOOKING = /^\S+@\S+\.\S+$/;
export function looksLikeEmail(value: string): boolean {
  return VALID_LOOKING.test(value.trim());
}

/**
 * Whether typing `next` into an address field that held `previous` switches both boxes on: the
 * address was empty, the new one looks valid, and the field was not edited before (a teacher
 * who turned the boxes off and then fixes a typo keeps them off).
 */
export function autoSubscribes(previous: string | null, next: string, editedBefore: boolean) {
  return !editedBefore && (previous ?? "").trim() === "" && looksLikeEmail(next);
}

/** Whether a save of `row` changes what the server holds for `saved` (the §4 save trigger). */
export function parentRowChanged(
  row: Pick<
    ManagedStudent,
    "parent_email" | "send_weekly_report" | "send_parent_emails" | "parent_language"
  >,
  saved: ManagedStudent,
): boolean {
  return (
    (row.parent_email?.trim() || null) !== (saved.parent_email?.trim() || null) ||
    row.send_weekly_report !== saved.send_weekly_report ||
    row.send_parent_emails !== saved.send_parent_emails ||
    row.parent_language !== saved.parent_language
  );
}

// ───────────────────────── Calls ─────────────────────────

const managedStudents = dataResponse(z.object({ students: z.array(managedStudent) }));
const oneManagedStudent = dataResponse(z.object({ student: managedStudent }));

export const familiesCalls = {
  /**
   * The parent e-mail manager (classroom spec §7 gives it `POST /teacher/students` with the verbs
   * list and save; that path and those verbs are the roster's, with other shapes, so the manager
   * has the path below with the same verbs).
   */
  parents: verbs(
    { tag: "families", policy: "classOwners", method: "POST", path: "/teacher/students/parents" },
    {
      list: {
        summary: "The class's students with their parents' addresses and subscriptions",
        body: z.strictObject({ verb: z.literal("list") }),
        response: managedStudents,
      },
      save: {
        summary: "Save one student's parent address, subscriptions and language",
        body: z.strictObject({ verb: z.literal("save"), student: parentRowInput }),
        response: oneManagedStudent,
      },
      resubscribe: {
        summary: "Clear a parent's unsubscribe, confirmed by the teacher that the parent asked",
        body: z.strictObject({
          verb: z.literal("resubscribe"),
          student_id: recordId(),
          list: z.enum(PARENT_LISTS),
        }),
        response: oneManagedStudent,
      },
    },
  ),
};
export * from "./families/connect.ts";
export * from "./families/parents.ts";
