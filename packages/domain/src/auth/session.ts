import { z } from "zod";
import { contract } from "../contract.ts";
import { keysOf } from "../validation.ts";

// Who is signed in, and what a signed-in page's header does: the roles, the session call, the
// avatar's initials, signing out and leaving an impersonation. Every page's shell needs these, so
// they have a module of their own: importing them does not bring the sign-in and sign-up forms'
// schemas into what every page loads (issue 40). `authCalls` holds the same calls.

export const ROLE_LABELS = {
  teacher: "Teacher",
  parent: "Parent",
  student: "Student",
  school_admin: "School Admin",
  district_admin: "District Admin",
  staff: "Staff",
};
export const ROLES = keysOf(ROLE_LABELS);
export type Role = (typeof ROLES)[number];

// ---- GET /auth/session: who is signed in, for the page shell ----
export const sessionUser = z.object({
  id: z.number(),
  role: z.enum(ROLES),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullname: z.string(),
  schoolId: z.number().nullable(),
  districtId: z.number().nullable(),
  /** Set while an admin acts as this user. */
  impersonated: z.boolean(),
  impersonator: z.object({ id: z.number(), fullname: z.string(), role: z.enum(ROLES) }).nullable(),
  /** False for an account made by single sign-on until the complete-signup form is sent. */
  signupComplete: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({
  user: sessionUser.nullable(),
  csrfToken: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** authCalls.session, for the page shell and the API client. */
export const sessionCall = contract({
  tag: "auth",
  policy: "public",
  method: "GET",
  path: "/auth/session",
  summary: "Who is signed in, and the CSRF token for the page",
  response: sessionResponse,
});

export const redirectResponse = z.object({ success: z.literal(true), redirect: z.string() });

/** authCalls.logout. */
export const logoutCall = contract({
  tag: "auth",
  policy: "public",
  method: "POST",
  path: "/logout",
  summary: "End the session",
  response: redirectResponse,
});

/** authCalls.leaveImpersonation. */
export const leaveImpersonationCall = contract({
  tag: "auth",
  policy: "impersonable",
  method: "POST",
  path: "/impersonate/leave",
  summary: "Return to the admin account",
  response: redirectResponse,
});

/** Avatar initials: the first letters of the first two words of the name (classroom spec §2). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}

export function fullName(firstName: string, lastName: string): string {
  return [firstName, lastName].filter((part) => part.trim() !== "").join(" ");
}
