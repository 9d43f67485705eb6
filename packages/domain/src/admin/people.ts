import { z } from "zod";
import { adultNameFields, emailAddress } from "../auth/signup.ts";
import { EMAIL_PATTERN } from "../email.ts";
import { dataResponse, messages, requiredText, text } from "../validation.ts";

/**
 * The admins' people screens (access spec screens 15–18, §3, §5, §8): the district's settings,
 * a school's teacher invitations, the district search and a teacher's e-mail to their school
 * admin or colleagues.
 */

// ───────────────────────── District settings ─────────────────────────

export const DISTRICT_NAME = { min: 6, max: 128 } as const;
export const districtSettingsRequest = z.strictObject({
  name: requiredText({ min: DISTRICT_NAME.min, max: DISTRICT_NAME.max }),
});
export type DistrictSettingsInput = z.input<typeof districtSettingsRequest>;
export const districtSettingsResponse = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number(), name: z.string() }),
  message: z.string().optional(),
});
export type DistrictSettingsResponse = z.infer<typeof districtSettingsResponse>;
export const DISTRICT_UPDATED = "District information updated";

// ───────────────────────── Teacher invitations ─────────────────────────

/**
 * An invited teacher chooses a password through this link; it lives longer than a reset link
 * because an invitation waits in an inbox over a weekend.
 */
export const INVITATION_LINK_DAYS = 7;
/** The spec's short pending delay before the new teacher shows (access spec §7). */
export const NEW_TEACHER_PENDING_MS = 200;

export const newTeacherRequest = z.strictObject({
  email: emailAddress,
  firstname: adultNameFields.firstName,
  lastname: adultNameFields.lastName,
});
export type NewTeacherInput = z.input<typeof newTeacherRequest>;

export const adminMessages = {
  seatsFull: (seats: number) =>
    `Your school's ${seats} teacher seats are all taken. Contact us to add seats before inviting another teacher.`,
  emailInUse: "This email address already has an account.",
  invited: (email: string) => `An invitation was sent to ${email}.`,
  passwordLinkSent: (email: string) => `A link to choose a new password was sent to ${email}.`,
  noEmail: "This teacher has no email address to send a link to.",
} as const;

// ───────────────────────── District search ─────────────────────────

export const SEARCH_ROLES = ["teacher", "student"] as const;
export type SearchRole = (typeof SEARCH_ROLES)[number];
/** The most rows one search returns; `more` says there were others. */
export const SEARCH_LIMIT = 50;
export const SEARCH_QUERY = { min: 2, max: 100 } as const;

export const searchRequest = z.strictObject({
  role: z.enum(SEARCH_ROLES, { error: () => messages.required }),
  q: requiredText({ min: SEARCH_QUERY.min, max: SEARCH_QUERY.max }),
});
export type SearchInput = z.input<typeof searchRequest>;

const schoolName = z.object({ schoolname: z.string() });
/** Who a search row is: the account and its name. */
const searchPerson = {
  userid: z.number(),
  login: z.string(),
  firstname: z.string(),
  lastname: z.string(),
};
export const searchTeacher = z.object({
  ...searchPerson,
  email: z.string().nullable(),
  school: schoolName,
});
export const searchStudent = z.object({
  ...searchPerson,
  teacher: z.object({ firstname: z.string(), lastname: z.string(), email: z.string().nullable() }),
  school: schoolName,
});
export type SearchTeacher = z.infer<typeof searchTeacher>;
export type SearchStudent = z.infer<typeof searchStudent>;
export const searchResponse = dataResponse(
  z.object({
    teachers: z.array(searchTeacher).optional(),
    students: z.array(searchStudent).optional(),
    /** More than SEARCH_LIMIT rows matched: the caller should narrow the query. */
    more: z.boolean(),
  }),
);
export type SearchResponse = z.infer<typeof searchResponse>;

/** The login as shown: rostered logins carry a source prefix before `~#~` (access spec §3). */
export function displayLogin(login: string): string {
  const at = login.lastIndexOf("~#~");
  return at === -1 ? login : login.slice(at + 3);
}

// ───────────────────────── Teacher e-mail summary ─────────────────────────

/** Whom a teacher writes to: their school admin (the Welcome modal) or colleagues. */
export const EMAIL_VIEWS = ["school_admin", "colleague"] as const;
export type EmailView = (typeof EMAIL_VIEWS)[number];
export const EMAIL_MESSAGE_MAX = 2000;
/** The most addresses one send reaches. */
export const EMAIL_RECIPIENTS_MAX = 10;
/** The spec's least number of address rows on the colleague page. */
export const EMAIL_MIN_ROWS = 3;

export const DEFAULT_EMAIL_MESSAGES: Record<EmailView, string> = {
  school_admin:
    "I have been using Refrain with my class to build reading fluency with song-lyric lessons. Here is a summary of how my students are doing. I would like us to look at it for our school.",
  colleague:
    "I have been using Refrain with my class to build reading fluency with song-lyric lessons. Here is a summary of how my students are doing. I think your class would enjoy it too.",
};

/** Which entries of the address rows are sent: only those that are valid addresses. */
export function validEmails(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const entry of entries) {
    const address = entry.trim();
    if (EMAIL_PATTERN.test(address)) seen.add(address);
  }
  return [...seen];
}

const emailMessage = text().trim().max(EMAIL_MESSAGE_MAX, messages.maxChars(EMAIL_MESSAGE_MAX));
export const teacherEmailRequest = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("preview"),
    view: z.enum(EMAIL_VIEWS),
    message: emailMessage,
  }),
  z.strictObject({
    type: z.literal("send"),
    view: z.enum(EMAIL_VIEWS),
    message: emailMessage,
    emails: z
      .array(text())
      .max(EMAIL_RECIPIENTS_MAX, `Send to at most ${EMAIL_RECIPIENTS_MAX} addresses at once.`)
      .transform(validEmails)
      .refine((emails) => emails.length > 0, "Enter at least one valid email address."),
  }),
]);
export type TeacherEmailInput = z.input<typeof teacherEmailRequest>;
export const teacherEmailResponse = z.union([
  z.object({ success: z.literal(true), html: z.string() }),
  z.object({ success: z.literal(true), message: z.string(), sent: z.number() }),
]);
export type TeacherEmailResponse = z.infer<typeof teacherEmailResponse>;
