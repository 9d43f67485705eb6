import { z } from "zod";
import { contract } from "./contract.ts";
import { dataResponse, idParam, requiredText } from "./validation.ts";

// The privacy area (issue 19, docs/decisions/0026): one student's consent, recordings' views,
// export and erasure. Each part's own calls are in privacy/<part>.ts.

export const privacyCall = { tag: "privacy" } as const;

export const privacyStudentParams = z.object({ studentId: idParam });

/** A call about one student that any of their report readers may make, from its privacy page. */
export const privacyStudentCall = {
  ...privacyCall,
  policy: "reportReaders",
  params: privacyStudentParams,
} as const;

/** A student as the privacy pages name them: the consent list and the student's own page. */
export const privacyStudentNames = {
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
};

export const privacyStudent = z.object({
  ...privacyStudentNames,
  /** The class owner's name, so an admin knows whose student this is. */
  teacherName: z.string(),
  schoolName: z.string().nullable(),
});
export type PrivacyStudent = z.infer<typeof privacyStudent>;

/**
 * What the published policy (/privacy) states that depends on how this deployment is set up,
 * read from the server's configuration so the page says what the code does.
 */
export const privacyPolicyFacts = z.object({
  contactEmail: z.string(),
  /** Days a link a teacher e-mails a family stays open. */
  shareLinkDays: z.number(),
  /**
   * How long recordings' media are kept: days after recording, 0 until graded, or null for the
   * end of the school year they were made in (30 June) plus `graceDays`.
   */
  recordingRetentionDays: z.number().nullable(),
  graceDays: z.number(),
  /** Days the mail outbox keeps a message. */
  outboxDays: z.number(),
  /** Hours a finished export can be downloaded, once. */
  exportLinkHours: z.number(),
  subProcessors: z.object({
    /** Stripe when its keys are set; otherwise payments stay in our own sandbox tables. */
    payments: z.enum(["none", "stripe"]),
    /** Whether mail leaves through an SMTP server (otherwise it stays in the outbox). */
    smtp: z.boolean(),
    /** Whether media live in an S3-compatible bucket rather than on the server's disk. */
    objectStorage: z.boolean(),
    /** The single sign-on providers people may sign in with. */
    signOn: z.array(z.string()),
  }),
});
export type PrivacyPolicyFacts = z.infer<typeof privacyPolicyFacts>;

export const privacyCalls = {
  policy: contract({
    ...privacyCall,
    policy: "public",
    method: "GET",
    path: "/privacy/policy",
    summary:
      "The deployment's facts the published privacy policy states (retention, sub-processors, contact)",
    response: dataResponse(privacyPolicyFacts),
  }),
  student: contract({
    ...privacyStudentCall,
    method: "GET",
    path: "/privacy/students/:studentId",
    summary:
      "A student in the caller's reach (their class owner, or an admin of their school or district), for the student's privacy page",
    response: dataResponse(
      z.object({
        student: privacyStudent,
        /** Whether the caller owns the class: only the class owner records consent and erases. */
        ownsClass: z.boolean(),
      }),
    ),
  }),
};

/** The privacy page's student search: an admin finds a student of their school or district. */
export const PRIVACY_SEARCH = { min: 2, max: 100, limit: 25 } as const;

export const privacySearchQuery = z.object({
  q: requiredText({ min: PRIVACY_SEARCH.min, max: PRIVACY_SEARCH.max }),
});
export type PrivacySearchInput = z.input<typeof privacySearchQuery>;

export const privacySearchCalls = {
  findStudents: contract({
    ...privacyCall,
    policy: "admins",
    method: "GET",
    path: "/privacy/students",
    summary:
      "Students of the admin's school (a school admin) or district (a district admin) whose login or name matches, for their privacy pages",
    query: privacySearchQuery,
    response: dataResponse(
      z.object({
        students: z.array(privacyStudent),
        /** More matched than PRIVACY_SEARCH.limit: the caller narrows the words. */
        more: z.boolean(),
      }),
    ),
  }),
};
