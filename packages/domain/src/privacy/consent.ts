import { z } from "zod";
import { contract } from "../contract.ts";
import {
  privacyCall,
  privacyStudentCall,
  privacyStudentNames,
  privacyStudentParams,
} from "../privacy.ts";
import { dataResponse, idParam, keysOf, recordId, submissionId, text } from "../validation.ts";

/**
 * Consent to record a student's reading (issue 19): a parent's permission and an admin's
 * approval are each kept as records (who, when, how), and recording needs both on file.
 */
export const CONSENT_KIND_LABELS = {
  parent_permission: "Parent permission",
  admin_approval: "Admin approval",
};
export const CONSENT_KINDS = keysOf(CONSENT_KIND_LABELS);
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** How the consent reached the teacher: a signed slip (its scan may be uploaded), an e-mail
 * reply, or the school's own policy (a school may consent for parents for educational use). */
export const CONSENT_METHOD_LABELS = {
  signed_slip: "Signed slip",
  email_reply: "Email reply",
  school_policy: "School policy",
};
export const CONSENT_METHODS = keysOf(CONSENT_METHOD_LABELS);
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const CONSENT_LIMITS = {
  note: 500,
  /** A phone photo or a scan of one page fits well under this. */
  slipBytes: 5 * 1024 * 1024,
  /** Students recorded at once: more than any class holds. */
  students: 500,
} as const;

/** The slip scans kept, by what their first bytes say (the name and declared type never count). */
export const SLIP_TYPES = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  png: "image/png",
} as const;
export type SlipExtension = keyof typeof SLIP_TYPES;

export const consentMessages = {
  kind: "Choose parent permission or admin approval.",
  method: "Choose how the consent was given: a signed slip, an email reply or the school's policy.",
  dateFormat: "Enter the date as yyyy-mm-dd.",
  future: "The date consent was given cannot be in the future.",
  students: "Choose at least one student.",
  tooManyStudents: `Choose at most ${CONSENT_LIMITS.students} students.`,
  slipType: "The slip must be a PDF, JPEG or PNG file.",
  slipSize: `The slip may be at most ${CONSENT_LIMITS.slipBytes / 1024 / 1024} MB.`,
  recorded: (n: number) => `Consent recorded for ${n} ${n === 1 ? "student" : "students"}.`,
  withdrawn: "Consent withdrawn. The student cannot record until it is given again.",
  stillConsented: "Recordings are deleted here only once the student's consent has been withdrawn.",
  recordingsDeleted: (n: number) => `${n} ${n === 1 ? "recording" : "recordings"} deleted.`,
  alreadyWithdrawn: "This consent was already withdrawn.",
} as const;

// ───────────────────────── Rules ─────────────────────────

/** The kinds of consent a student has on file (a record of each kind not withdrawn). */
export type ConsentOnFile = Record<ConsentKind, boolean>;

/** Recording needs both a parent's permission and an admin's approval on file. */
export const consentComplete = (c: ConsentOnFile): boolean =>
  c.parent_permission && c.admin_approval;

/** How many of a class's students have each consent on file. */
export const classConsentCounts = z.object({
  students: z.number(),
  parent_permission: z.number(),
  admin_approval: z.number(),
});
export type ClassConsentCounts = z.infer<typeof classConsentCounts>;

/** A class has a consent "on file" when every one of its students has it; an empty class has not. */
export const classHasConsent = (counts: ClassConsentCounts, kind: ConsentKind): boolean =>
  counts.students > 0 && counts[kind] === counts.students;

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a yyyy-mm-dd text names a real day (not 2026-02-30). */
export function isRealDay(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === value;
}

/**
 * The latest day that is "today" anywhere (UTC+14): a teacher in Samoa records this morning's
 * reply while it is still yesterday in UTC, so a server in UTC must not call it the future.
 */
export const latestToday = (now: Date): string =>
  new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The bytes a standard base64 text decodes to, counting its padding. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** The slip's type by its first bytes (PDF's "%PDF-", JPEG's FF D8 FF, PNG's signature), or null. */
export function sniffSlip(head: Uint8Array): SlipExtension | null {
  const starts = (bytes: readonly number[]) =>
    head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (starts([0xff, 0xd8, 0xff])) return "jpg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  return null;
}

/** The first bytes of a base64 text (enough to sniff), or null when it is not base64. */
export function base64Head(data: string): Uint8Array | null {
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return null;
  const binary = atob(data.slice(0, 16));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// ───────────────────────── Schemas ─────────────────────────

export const consentDay = z
  .string({ error: consentMessages.dateFormat })
  .refine(isRealDay, { message: consentMessages.dateFormat, abort: true })
  .refine((day) => day <= latestToday(new Date()), { message: consentMessages.future });

/** A slip scan as base64 (the request is JSON): type by magic bytes and size checked here. */
export const slipUpload = z.string({ error: consentMessages.slipType }).superRefine((data, ctx) => {
  if (base64Bytes(data) > CONSENT_LIMITS.slipBytes) {
    ctx.addIssue({ code: "custom", message: consentMessages.slipSize });
    return;
  }
  const head = base64Head(data);
  if (!head || !sniffSlip(head))
    ctx.addIssue({ code: "custom", message: consentMessages.slipType });
});

export const recordConsentRequest = z.object({
  studentIds: z
    .array(recordId())
    .min(1, consentMessages.students)
    .max(CONSENT_LIMITS.students, consentMessages.tooManyStudents),
  kind: z.enum(CONSENT_KINDS, { error: consentMessages.kind }),
  method: z.enum(CONSENT_METHODS, { error: consentMessages.method }),
  givenOn: consentDay,
  note: text()
    .trim()
    .max(CONSENT_LIMITS.note, `The note may be at most ${CONSENT_LIMITS.note} characters.`)
    .default(""),
  /** Optional: a scan of the signed slip, stored once per student it covers. */
  slip: slipUpload.optional(),
  /** The form's id, made when it opened: sent twice, it records each student once. */
  submission: submissionId(),
});
export type RecordConsentRequest = z.input<typeof recordConsentRequest>;

/** The largest body the record call takes: a slip at the limit as base64, plus the fields. */
export const RECORD_CONSENT_BODY_BYTES = Math.ceil((CONSENT_LIMITS.slipBytes * 4) / 3) + 64 * 1024;

/** A consent on file, as the class overview shows it. */
export const activeConsent = z.object({
  id: z.number(),
  method: z.enum(CONSENT_METHODS),
  givenOn: z.string(),
});

export const consentOverviewStudent = z.object({
  ...privacyStudentNames,
  /** The most recent record of each kind that is not withdrawn, or null. */
  parent_permission: activeConsent.nullable(),
  admin_approval: activeConsent.nullable(),
});
export type ConsentOverviewStudent = z.infer<typeof consentOverviewStudent>;

export const consentRecordView = z.object({
  id: z.number(),
  kind: z.enum(CONSENT_KINDS),
  method: z.enum(CONSENT_METHODS),
  givenOn: z.string(),
  note: z.string(),
  hasSlip: z.boolean(),
  recordedAt: z.string(),
  /** Who recorded it, by name; null once that account is gone. */
  recordedBy: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawnBy: z.string().nullable(),
});
export type ConsentRecordView = z.infer<typeof consentRecordView>;

const recordParams = z.object({ recordId: idParam });

export const consentCalls = {
  overview: contract({
    ...privacyCall,
    policy: "classOwners",
    method: "GET",
    path: "/privacy/consent",
    summary: "The caller's class: every student with their parent permission and admin approval",
    response: dataResponse(z.object({ students: z.array(consentOverviewStudent) })),
  }),
  studentRecords: contract({
    ...privacyStudentCall,
    method: "GET",
    path: "/privacy/students/:studentId/consent",
    summary: "A student's consent records, withdrawn ones too, newest first",
    response: dataResponse(
      z.object({
        records: z.array(consentRecordView),
        /** Both kinds on file: the student may record when the class setting is on. */
        complete: z.boolean(),
        /** The student's recordings, so a withdrawal can offer to delete them. */
        recordings: z.number(),
        /** Only the class owner records, withdraws and deletes. */
        canChange: z.boolean(),
      }),
    ),
  }),
  record: contract({
    ...privacyCall,
    policy: "classOwners",
    method: "POST",
    path: "/privacy/consent",
    summary:
      "Records one kind of consent for several students of the caller's class at once, with an optional slip scan (all or nothing); the same `submission` id sent again answers the records it made",
    body: recordConsentRequest,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      data: z.object({ recordIds: z.array(z.number()) }),
    }),
  }),
  slip: contract({
    ...privacyCall,
    policy: "reportReaders",
    method: "GET",
    path: "/privacy/consent/:recordId/slip",
    summary: "The scan of a consent record's signed slip (PDF, JPEG or PNG)",
    params: recordParams,
    file: "application/pdf, image/jpeg, image/png",
  }),
  withdraw: contract({
    ...privacyCall,
    policy: "classOwners",
    method: "POST",
    path: "/privacy/consent/:recordId/withdraw",
    summary:
      "Withdraws a consent (every record of its kind for that student): the student stops recording at once",
    params: recordParams,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      data: z.object({
        studentId: z.number(),
        /** The student's recordings, for the offer to delete them. */
        recordings: z.number(),
      }),
    }),
  }),
  deleteRecordings: contract({
    ...privacyCall,
    policy: "classOwners",
    method: "DELETE",
    path: "/privacy/students/:studentId/recordings",
    summary:
      "Deletes every recording of a student whose consent was withdrawn, with its files (409 while both consents are on file)",
    params: privacyStudentParams,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      data: z.object({ deleted: z.number() }),
    }),
  }),
};
