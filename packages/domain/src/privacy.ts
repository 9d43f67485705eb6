import { z } from "zod";
import { contract } from "./contract.ts";
import { idParam } from "./validation.ts";

// The privacy area (issue 19, docs/decisions/0026): one student's consent, recordings' views,
// export and erasure. Each part's own calls are in privacy/<part>.ts.

export const privacyCall = { tag: "privacy" } as const;

export const privacyStudentParams = z.object({ studentId: idParam });

export const privacyStudent = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
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
    response: z.object({ success: z.literal(true), data: privacyPolicyFacts }),
  }),
  student: contract({
    ...privacyCall,
    policy: "reportReaders",
    method: "GET",
    path: "/privacy/students/:studentId",
    summary:
      "A student in the caller's reach (their class owner, or an admin of their school or district), for the student's privacy page",
    params: privacyStudentParams,
    response: z.object({
      success: z.literal(true),
      data: z.object({
        student: privacyStudent,
        /** Whether the caller owns the class: only the class owner records consent and erases. */
        ownsClass: z.boolean(),
      }),
    }),
  }),
};
