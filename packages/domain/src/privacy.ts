import { z } from "zod";
import { contract } from "./contract.ts";
import { idParam, requiredText } from "./validation.ts";

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

export const privacyCalls = {
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
    response: z.object({
      success: z.literal(true),
      data: z.object({
        students: z.array(privacyStudent),
        /** More matched than PRIVACY_SEARCH.limit: the caller narrows the words. */
        more: z.boolean(),
      }),
    }),
  }),
};
