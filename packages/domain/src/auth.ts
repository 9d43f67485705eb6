import { z } from "zod";
import {
  leaveImpersonationCall,
  logoutCall,
  redirectResponse,
  sessionCall,
} from "./auth/session.ts";
import {
  completeSignupInfoResponse,
  completeSignupRequest,
  completeSignupResponse,
  emailAddress,
  loginNameParams,
  newPassword,
  schoolsByZipResponse,
  signupRequest,
  signupResponse,
  userExistsResponse,
  zipParams,
} from "./auth/signup.ts";
import {
  socialProvidersRequest,
  socialProvidersResponse,
  ssoCallbackQuery,
  ssoProviderParams,
  ssoStartQuery,
} from "./auth/sso.ts";
import { contract } from "./contract.ts";
import {
  dataResponse,
  idParam,
  messageResponse,
  messages,
  recordId,
  requiredText,
  text,
} from "./validation.ts";

// The auth area's rules: sign-in, links and passwords here; who is signed in (the roles, the
// session, signing out), sign-up and single sign-on in auth/, re-exported so that the area reads
// as one module (`@refrain/domain` unchanged).
export * from "./auth/session.ts";
export * from "./auth/signup.ts";
export * from "./auth/sso.ts";

/** Limits of access spec §5 and §9. */
// The access spec caps both student-login names at 20, but the roster (classroom spec §5) lets
// a teacher give a student a username of up to 25: the student must be able to type it.
export const LOGIN_LIMITS = {
  login: 45,
  password: 32,
  teacherUsername: 20,
  studentUsername: 25,
  /** A class code as typed: its characters, with room for spaces or a dash between them. */
  classCode: 12,
} as const;

// ---- POST /login (teachers, parents, admins, staff) ----
export const loginMessages = {
  /** A 429 at sign-in: the account, or this address, is held back after too many wrong tries. */
  heldBack:
    "Password sign-in is paused here for a while after too many tries. A sign-in link sent to your email still works now:",
  heldBackLink: "email me a sign-in link",
} as const;

export const loginRequest = z.object({
  login: requiredText({ max: LOGIN_LIMITS.login }),
  password: text()
    .min(1, messages.required)
    .max(LOGIN_LIMITS.password, messages.maxChars(LOGIN_LIMITS.password)),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ success: z.literal(true), redirect: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

// ---- POST /student/login, three steps (access spec screen 11, §3, §4) ----
export const STUDENT_LOGIN_TYPES = ["unknown", "input", "select"] as const;
export type StudentLoginType = (typeof STUDENT_LOGIN_TYPES)[number];

export const studentLoginMessages = {
  teacher: "Enter your teacher's username",
  student: "Enter your username",
  select: "Select your username",
  password: "Enter your password",
  classCode: "That class code does not match. Check your login card, or ask your teacher.",
  classCodeMissing: "Type the class code from your login card.",
} as const;

/**
 * A class code (issue 35): what a class that picks its names from tiles types once on a new
 * browser to see them, so a stranger who knows only the teacher's username sees no names. Six
 * characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B): about 127
 * million codes, behind the sign-in limits.
 */
export const CLASS_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const CLASS_CODE_LENGTH = 6;

/** A code as typed, as stored: capitals, without the spaces or dashes people add. */
export const normalClassCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, "");

/** A code as printed: two groups of three, easier to copy from a card. */
export const printedClassCode = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

/**
 * One schema for all three steps: what is required grows with the step. Step 1 needs the
 * teacher; step 2 the student's username (input) or tile (select); step 3 the password too.
 */
export const studentLoginRequest = z
  .object({
    step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    type: z.enum(STUDENT_LOGIN_TYPES).default("unknown"),
    teacher: requiredText({
      max: LOGIN_LIMITS.teacherUsername,
      required: studentLoginMessages.teacher,
    }),
    student: text()
      .trim()
      .max(LOGIN_LIMITS.studentUsername, messages.maxChars(LOGIN_LIMITS.studentUsername))
      .optional(),
    studentId: recordId({ coerce: true }).optional(),
    password: text().max(64, messages.maxChars(64)).optional(),
    /** Step 1 of a class that picks tiles, on a browser that has not shown them before. */
    classCode: text()
      .trim()
      .max(LOGIN_LIMITS.classCode, messages.maxChars(LOGIN_LIMITS.classCode))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.step === 1) return;
    if (value.type === "select") {
      if (!value.studentId)
        ctx.addIssue({ code: "custom", path: ["studentId"], message: studentLoginMessages.select });
    } else if (!value.student) {
      ctx.addIssue({ code: "custom", path: ["student"], message: studentLoginMessages.student });
    }
    if (value.step === 3 && !value.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: studentLoginMessages.password });
  });
export type StudentLoginRequest = z.input<typeof studentLoginRequest>;

export const studentTile = z.object({ id: z.number(), name: z.string() });
export type StudentTile = z.infer<typeof studentTile>;

export const studentLoginResponse = z.object({
  success: z.literal(true),
  data: z.object({
    type: z.enum(STUDENT_LOGIN_TYPES).optional(),
    students: z.array(studentTile).optional(),
    id: z.number().optional(),
    success: z.boolean().optional(),
    /**
     * Step 1: the class picks its names from tiles, but this browser has not shown them (no
     * sign-in of the class here, no class code typed here): students type their username, or
     * the class code shows the tiles.
     */
    classCodeShowsTiles: z.boolean().optional(),
  }),
  redirect: z.string().optional(),
});
export type StudentLoginResponse = z.infer<typeof studentLoginResponse>;

/** POST /impersonate/take/{userid}: the account to act as. */
export const impersonateParams = z.object({ userid: idParam });

// ---- E-mail login link and password reset (access spec screens 12–13, §3, §4, §8) ----
export const EMAIL_LINK_MINUTES = 15;
export const PASSWORD_RESET_MINUTES = 60;
/** The login page's query after a link that no longer works: /login?link=expired. */
export const EMAIL_LINK_PARAM = "link";
export const EMAIL_LINK_EXPIRED = "expired";

export const emailLinkMessages = {
  sent: (email: string) =>
    `An email was sent to ${email} with a link you can click to login. Please check your email.`,
  expired: "This login link has expired or was already used. Please request a new one.",
} as const;

export const passwordResetMessages = {
  sent: (email: string) =>
    `If an account uses ${email}, we sent it a link to choose a new password. Please check your email.`,
  expired: "This password reset link has expired or was already used.",
  mismatch: "The two passwords do not match.",
  changed: "Your password was changed and you are signed in.",
} as const;

export const emailLinkRequest = z.object({ email: emailAddress });
export type EmailLinkRequest = z.infer<typeof emailLinkRequest>;

/** The same answer whether or not an account uses the address. */
export const sentResponse = messageResponse;
export type SentResponse = z.infer<typeof sentResponse>;

export const passwordResetRequest = z.object({ email: emailAddress });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** POST /password/reset/{token}: the new password (6–32). */
export const newPasswordRequest = z.object({ password: newPassword });
export type NewPasswordRequest = z.infer<typeof newPasswordRequest>;

/** The page's form: the new password twice. */
export const newPasswordForm = z
  .object({ password: newPassword, confirmPassword: text().min(1, messages.required) })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: passwordResetMessages.mismatch,
  });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** GET /password/reset/{token}: whether the link still works, and whose account it is. */
export const resetTokenResponse = dataResponse(z.object({ username: z.string() }));
export type ResetTokenResponse = z.infer<typeof resetTokenResponse>;

export const resetTokenParams = z.object({ token: text().min(1).max(200) });

/** POST /password/reset/{token}: signed in with the new password; go to `redirect`. */
export const passwordChangedResponse = redirectResponse.extend({ message: z.string() });
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponse>;

// ───────────────────────── Calls (apps/server/src/areas/auth) ─────────────────────────

const publicCall = { tag: "auth", policy: "public" } as const;

export const authCalls = {
  session: sessionCall,
  logout: logoutCall,
  leaveImpersonation: leaveImpersonationCall,
  login: contract({
    ...publicCall,
    method: "POST",
    path: "/login",
    summary: "Sign in a teacher, parent, admin or staff member",
    body: loginRequest,
    response: loginResponse,
  }),
  studentLogin: contract({
    ...publicCall,
    method: "POST",
    path: "/student/login",
    summary: "Student sign-in in three steps: teacher, student, password",
    body: studentLoginRequest,
    response: studentLoginResponse,
  }),
  takeImpersonation: contract({
    tag: "auth",
    policy: "admins",
    method: "POST",
    path: "/impersonate/take/:userid",
    summary: "Log in as a teacher (school admin) or a teacher or student (district admin)",
    params: impersonateParams,
    response: redirectResponse,
  }),
  sendEmailLink: contract({
    ...publicCall,
    method: "POST",
    path: "/teacher/send_email_link",
    summary: "Email a single-use login link (15 minutes); the same answer for any address",
    body: emailLinkRequest,
    response: sentResponse,
  }),
  useEmailLink: contract({
    ...publicCall,
    method: "POST",
    path: "/auth/email-link/:token",
    summary: "Sign in with an emailed login link (single use); 410 once spent or expired",
    params: resetTokenParams,
    response: redirectResponse,
  }),
  requestPasswordReset: contract({
    ...publicCall,
    method: "POST",
    path: "/password/reset",
    summary: "Email a password reset link (1 hour); the same answer for any address",
    body: passwordResetRequest,
    response: sentResponse,
  }),
  resetToken: contract({
    ...publicCall,
    method: "GET",
    path: "/password/reset/:token",
    summary: "Whether a password reset link still works, and the username it is for",
    params: resetTokenParams,
    response: resetTokenResponse,
  }),
  resetPassword: contract({
    ...publicCall,
    method: "POST",
    path: "/password/reset/:token",
    summary: "Set a new password with a reset link; ends the account's other sessions",
    params: resetTokenParams,
    body: newPasswordRequest,
    response: passwordChangedResponse,
  }),
  signup: contract({
    ...publicCall,
    method: "POST",
    path: "/teacher/signup",
    summary: "Sign up a teacher or parent for a free trial, and sign them in",
    body: signupRequest,
    response: signupResponse,
  }),
  schoolsByZip: contract({
    ...publicCall,
    method: "GET",
    path: "/support/schoolsByZip/:zip",
    summary: "The schools of a 5-digit ZIP code, then My School Is Not Listed (id 1)",
    params: zipParams,
    response: schoolsByZipResponse,
  }),
  usernameExists: contract({
    ...publicCall,
    method: "GET",
    path: "/support/user/:loginName/exists",
    summary: "Whether an adult already has this username (an empty name counts as taken)",
    params: loginNameParams,
    response: userExistsResponse,
  }),
  completeSignupInfo: contract({
    tag: "auth",
    policy: "classOwners",
    method: "GET",
    path: "/teacher/complete_signup",
    summary: "What a single-sign-on account already has, to preset the complete-signup form",
    response: completeSignupInfoResponse,
  }),
  completeSignup: contract({
    tag: "auth",
    policy: "classOwners",
    method: "POST",
    path: "/teacher/complete_signup_postback",
    summary: "Complete the sign-up of an account created by single sign-on",
    body: completeSignupRequest,
    response: completeSignupResponse,
  }),
  socialProviders: contract({
    ...publicCall,
    method: "POST",
    path: "/social/providers",
    summary: "The single sign-on buttons of the sign-up, login or student login page",
    body: socialProvidersRequest,
    response: socialProvidersResponse,
  }),
  // The browser navigates to these three (the buttons' links); they answer with redirects.
  ssoStart: contract({
    ...publicCall,
    method: "GET",
    path: "/auth/oidc/:provider/start",
    summary: "Start signing in with a provider: redirects to its authorization page",
    params: ssoProviderParams,
    query: ssoStartQuery,
    redirects: true,
  }),
  cleverLogin: contract({
    ...publicCall,
    method: "GET",
    path: "/clever/login",
    summary: "Start a student's sign-in with the students' provider (Clever)",
    redirects: true,
  }),
  ssoCallback: contract({
    ...publicCall,
    method: "GET",
    path: "/auth/oidc/:provider/callback",
    summary: "The provider's answer: verifies it, signs the person in and redirects",
    params: ssoProviderParams,
    query: ssoCallbackQuery,
    redirects: true,
  }),
};
