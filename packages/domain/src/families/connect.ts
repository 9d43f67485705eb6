import { z } from "zod";
import { contract } from "../contract.ts";
import { dataResponse, recordId, requiredText, text } from "../validation.ts";

/**
 * Parent Connect (classroom spec §2 "Parent Connect", §3 Mailable student, Mail template, Mail
 * preview, §5 "Parent mail send", §7): a teacher picks students whose parents receive parent
 * e-mails, picks one of our templates, and each parent gets one message in their language.
 */

export const CONNECT_LIMITS = {
  subject: 150,
  customMessage: 5000,
  /** One send's recipients: far above a class, a bound on one request's work. */
  students: 500,
} as const;

/** The token of the teacher's own words; a template holding it needs them (§5). */
export const CUSTOM_MESSAGE_TOKEN = "custom_message";

export const connectMessages = {
  noStudents: "Choose at least one student.",
  noSubject: "Enter a subject.",
  noCustomMessage: "Write your message: this template needs it.",
  queued: (count: number) =>
    count === 1 ? "1 email is on its way." : `${count} emails are on their way.`,
  skipped: (count: number) =>
    count === 1
      ? "1 parent was skipped: they stopped these emails or their address refuses mail."
      : `${count} parents were skipped: they stopped these emails or their address refuses mail.`,
} as const;

/** A student whose parent can be mailed now (§3 Mailable student). */
export const mailableStudent = z.object({
  id: z.number(),
  name: z.string(),
  parentEmail: z.string(),
  /** Whether the picker starts with the student ticked: nobody is, the teacher chooses. */
  selected: z.boolean(),
});
export type MailableStudent = z.infer<typeof mailableStudent>;

/** A template as the teacher browses it, in English (§3 Mail template). */
export const mailTemplate = z.object({
  id: z.string(),
  title: z.string(),
  /** The English subject with its tokens, e.g. `{student_first_name}`; the editor's start. */
  subject: z.string(),
  /** The tokens the template fills in; `custom_message` turns the message editor on. */
  token_list: z.array(z.string()),
});
export type MailTemplate = z.infer<typeof mailTemplate>;

/** What the teacher sends or previews (§5 "Parent mail send"). */
export const connectInput = z.strictObject({
  subject: requiredText({ max: CONNECT_LIMITS.subject, required: connectMessages.noSubject }),
  /** Required (by the server, per template) only when the template's token list holds it. */
  custom_message: text()
    .max(
      CONNECT_LIMITS.customMessage,
      `Keep the message under ${CONNECT_LIMITS.customMessage} characters.`,
    )
    .optional(),
  student_ids: z
    .array(recordId(), { error: connectMessages.noStudents })
    .min(1, connectMessages.noStudents)
    .max(CONNECT_LIMITS.students, `Choose at most ${CONNECT_LIMITS.students} students.`),
});
export type ConnectInput = z.input<typeof connectInput>;

/** Whether a template needs the teacher's own message. */
export const needsCustomMessage = (template: Pick<MailTemplate, "token_list">) =>
  template.token_list.includes(CUSTOM_MESSAGE_TOKEN);

/**
 * §5: Send needs recipients, a subject, and a message where the editor is on. The server
 * checks the same (422); the page disables Send until it holds.
 */
export function connectReady(
  template: Pick<MailTemplate, "token_list"> | null,
  draft: { subject: string; custom_message: string; student_ids: readonly number[] },
): boolean {
  if (!template || draft.student_ids.length === 0 || draft.subject.trim() === "") return false;
  return !needsCustomMessage(template) || draft.custom_message.trim() !== "";
}

/** A template's id in a path: unknown ones are 404, so only absurd input is refused here. */
const templateParams = z.object({ templateId: text().min(1).max(60) });

const base = { tag: "families", policy: "classOwners" } as const;

export const connectCalls = {
  mailableStudents: contract({
    ...base,
    method: "GET",
    path: "/teacher/parentConnect/mailableStudents",
    summary: "The teacher's students whose parents receive parent emails now",
    response: dataResponse(z.object({ students: z.array(mailableStudent) })),
  }),
  templates: contract({
    ...base,
    method: "GET",
    path: "/teacher/parentConnect/templates",
    summary: "The parent mail templates, in English as the teacher browses them",
    response: dataResponse(z.object({ templates: z.array(mailTemplate) })),
  }),
  preview: contract({
    ...base,
    method: "POST",
    path: "/teacher/parentConnect/preview/:templateId",
    summary: "The mail as the first chosen student's parent would receive it, in their language",
    params: templateParams,
    body: connectInput,
    response: dataResponse(z.object({ subject: z.string(), body: z.string() })),
  }),
  sendMail: contract({
    ...base,
    method: "POST",
    path: "/teacher/parentConnect/sendMail/:templateId",
    summary: "Queue one message per chosen student's parent, each in the parent's language",
    params: templateParams,
    body: connectInput,
    response: z.object({ success: z.literal(true), message: z.string(), queued: z.number() }),
  }),
};
