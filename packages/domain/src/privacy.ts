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
