import { z } from "zod";
import {
  cancelRequest,
  cardUpdateRequest,
  pauseWire,
  promoRequest,
  resumeRequest,
  subscription,
} from "./account/subscription.ts";
import { adultNameFields, emailAddress, newPassword, signupUserName } from "./auth/signup.ts";
import { contract, verbs } from "./contract.ts";
import type { LessonRules } from "./learning/progress.ts";
import { classConsentCounts } from "./privacy/consent.ts";
import { idParam, messages, requiredText, text } from "./validation.ts";

// Apart from these schemas, which the help pages and tutorials that ask it do not need.
export { fluencyRecordingPossible } from "./account/recording.ts";

// ───────────────────────── Limits and texts (classroom spec §3, §8) ─────────────────────────

/** How I Teach (classroom spec §3): teach reading centers, or teacher whole group. */
export const HOW_I_TEACH = ["centers", "whole_group"] as const;
/** How many devices the class reads on: 1-3, or 4 or more. */
export const DEVICE_NUMBERS = ["1-3", "4+"] as const;

export const ACCOUNT_LIMITS = {
  /** The class message on every student's home page: a greeting, not a letter. */
  welcomeMessage: 500,
} as const;

export const accountMessages = {
  loading: "Loading...",
  preferencesSaved: "Your preferences were saved.",
  welcomeCleared: "The class message was cleared.",
  classCodeChanged:
    "Your class has a new code. Each tablet or computer that showed the name tiles asks for it once, unless you sign in on it.",
  loaded: "Settings loaded.",
  loginSaved: "Your login information was saved.",
  passwordChanged: "Your login information was saved. You were signed out everywhere else.",
  currentPasswordWrong: "Your current password is not correct.",
  notWhileImpersonating:
    "Login information cannot be changed while logged in as someone else. Return to your admin account first.",
  infoSaved: "Your information was saved.",
  howTeachSaved: "Thank you. We will tailor our suggestions to how you teach.",
  accountDeleted: "Your account and everything about your students were deleted.",
  usernameMismatch: "Type your own username to confirm.",
  deleteNotWhileImpersonating:
    "An account cannot be deleted while logged in as it. Return to your admin account first.",
} as const;

export const HOW_I_TEACH_LABELS: Record<(typeof HOW_I_TEACH)[number], string> = {
  centers: "I teach reading in centers",
  whole_group: "I teach the whole group together",
};
export const DEVICE_NUMBER_LABELS: Record<(typeof DEVICE_NUMBERS)[number], string> = {
  "1-3": "1 to 3 devices",
  "4+": "4 or more devices",
};

/** My Information's mailing address fields have no rules (spec §5); these only bound them. */
export const ADDRESS_LIMITS = { line: 200, city: 100, state: 50, zip: 20 } as const;

/** The teacher's word for how students sign in: type their username, or pick their tile. */
export const STUDENT_USERNAME_MODES = ["input", "select"] as const;

// ───────────────────────── Student preferences (classroom spec §3) ─────────────────────────

/**
 * The teacher's class preferences, by the spec's names: the defaults the roster's tri-state
 * student settings inherit, the fluency recording consent on file and the class message.
 */
export const studentPreferences = z.object({
  send_weekly_report: z.boolean(),
  /** The default of `require_retake`. */
  retake_exm: z.boolean(),
  /** Exams open without the three read-alongs: the default of `require_3x` is its opposite. */
  unlink_video: z.boolean(),
  slow_video: z.boolean(),
  student_username: z.enum(STUDENT_USERNAME_MODES, { error: "Choose how students sign in." }),
  /** Students must hand in day 4 to complete a lesson. */
  complete_lessons_extensions: z.boolean(),
  /** The default of `enable_fluency_recording`. */
  record_student_fluency: z.boolean(),
  /**
   * Derived, never saved (issue 19): every student of the class has a parent's permission on
   * file as a consent record (false for an empty class). The consent page records them.
   */
  student_fluency_have_parent_permission: z.boolean(),
  /** Derived like the parent permission: every student has an admin's approval on file. */
  student_fluency_have_admin_approval: z.boolean(),
  /** The default of `fluency_recording_lyrics_only`: false means Video Only, true Lyrics Only. */
  student_record_fluency_lyrics_only: z.boolean(),
  /** The class message on the students' home page; blank shows none. */
  welcome_message: text()
    .trim()
    .max(ACCOUNT_LIMITS.welcomeMessage, messages.maxChars(ACCOUNT_LIMITS.welcomeMessage)),
});
export type StudentPreferences = z.infer<typeof studentPreferences>;

/** What a class that never saved its preferences has (the database's defaults). */
export const DEFAULT_STUDENT_PREFERENCES: StudentPreferences = {
  send_weekly_report: false,
  retake_exm: false,
  unlink_video: true,
  slow_video: false,
  student_username: "select",
  complete_lessons_extensions: true,
  record_student_fluency: false,
  student_fluency_have_parent_permission: false,
  student_fluency_have_admin_approval: false,
  student_record_fluency_lyrics_only: false,
  welcome_message: "hello, class",
};

// ───────────────────────── Rules ─────────────────────────

/** The class defaults of the lesson rules a student's own tri-state settings override. */
export function classLessonRules(
  p: Pick<StudentPreferences, "unlink_video" | "retake_exm" | "complete_lessons_extensions">,
): LessonRules {
  return {
    require3x: !p.unlink_video,
    requireRetake: p.retake_exm,
    requireExtension: p.complete_lessons_extensions,
  };
}

// ───────────────────────── Calls (classroom spec §7) ─────────────────────────

const answered = { success: z.literal(true), message: z.string() };

export const settingsParams = z.object({ teacherId: idParam });

export const settingsLoadRequest = z.object({ verb: z.literal("load") });
export const howTeach = z.object({
  how_i_teach: z.enum(HOW_I_TEACH, { error: "Choose how you teach reading." }),
  device_number: z.enum(DEVICE_NUMBERS, { error: "Choose how many devices your class uses." }),
});
export type HowTeach = z.infer<typeof howTeach>;

/** My Information (spec §5): names and e-mail required, the mailing address free. */
export const myInformation = z.object({
  firstname: adultNameFields.firstName,
  lastname: adultNameFields.lastName,
  email: emailAddress,
  mailaddress1: text()
    .trim()
    .max(ADDRESS_LIMITS.line, messages.maxChars(ADDRESS_LIMITS.line))
    .default(""),
  mailcity: text()
    .trim()
    .max(ADDRESS_LIMITS.city, messages.maxChars(ADDRESS_LIMITS.city))
    .default(""),
  mailstate: text()
    .trim()
    .max(ADDRESS_LIMITS.state, messages.maxChars(ADDRESS_LIMITS.state))
    .default(""),
  mailzip: text().trim().max(ADDRESS_LIMITS.zip, messages.maxChars(ADDRESS_LIMITS.zip)).default(""),
});
export type MyInformation = z.infer<typeof myInformation>;

/**
 * Login Information (spec §5: username 4–20, password 6–32). We never send a password back, so
 * the form cannot show the current one as the spec's page did: a blank new password keeps it.
 * Any change asks for the current password, so a page left signed in cannot be taken over.
 */
export const loginInformation = z.object({
  username: signupUserName,
  password: z.union([z.literal(""), newPassword]).default(""),
  current_password: requiredText({ max: 200, required: "Enter your current password." }),
});
export type LoginInformation = z.infer<typeof loginInformation>;

/**
 * The spec's load answer. Left out on purpose: `password` (a password is never sent back).
 * `howTeach` is null until the teacher answers it.
 */
export const settingsLoadResponse = z.object({
  ...answered,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mailaddress1: z.string(),
  mailcity: z.string(),
  mailstate: z.string(),
  mailzip: z.string(),
  /** False for a parent (a home teacher): the page shows them no class accountability card. */
  _is_actual_teacher: z.boolean(),
  /** The payment provider's browser key; "sandbox" when no payment keys are configured. */
  publishableKey: z.string(),
  student: studentPreferences,
  subscription: subscription,
  howTeach: howTeach.nullable(),
  fluencyRecordingPossible: z.boolean(),
  /** How many of the class's students have each consent on file: the card's "12 of 14". */
  fluencyConsent: classConsentCounts,
  /** Who is signed in acts as this account (an admin's log-in-as): login changes are refused. */
  impersonating: z.boolean(),
  /** The class code a new browser needs to show the class's name tiles (auth.ts). */
  class_code: z.string(),
});
export type SettingsLoadResponse = z.infer<typeof settingsLoadResponse>;

/** The preferences derived from the students' consent records: no save changes them. */
export const DERIVED_PREFERENCES = [
  "student_fluency_have_parent_permission",
  "student_fluency_have_admin_approval",
] as const;

/** The preferences a teacher saves: all but the consent, which is recorded per student. */
export const savedPreferences = studentPreferences.omit({
  student_fluency_have_parent_permission: true,
  student_fluency_have_admin_approval: true,
});
export type SavedPreferences = z.infer<typeof savedPreferences>;

/**
 * update_params: the preferences to change. One left out keeps its saved value, so a caller
 * switching one preference need not send the rest. The two consent fields are not taken
 * (issue 19): like any unknown field they are dropped, so a client that still sends them
 * changes nothing, and the answer reports the consent as the records make it.
 */
export const settingsUpdateParamsRequest = savedPreferences
  .partial()
  .extend({ verb: z.literal("update_params") });
export const settingsUpdateParamsResponse = studentPreferences.extend({
  ...answered,
  /** The menus depend on what changed: the page refreshes what it shows. */
  reload_nav: z.boolean(),
});
export type SettingsUpdateParamsResponse = z.infer<typeof settingsUpdateParamsResponse>;

export const settingsChangeClassCodeRequest = z.object({ verb: z.literal("change_class_code") });
export const settingsChangeClassCodeResponse = z.object({ ...answered, class_code: z.string() });

export const settingsClearWelcomeRequest = z.object({ verb: z.literal("clear_welcome_message") });
export const settingsClearWelcomeResponse = z.object(answered);

export const settingsUpdateLoginRequest = loginInformation.extend({
  verb: z.literal("update_login"),
});
export const settingsUpdateLoginResponse = z.object({ ...answered, username: z.string() });

export const settingsUpdateInfoRequest = myInformation.extend({ verb: z.literal("update_info") });
export const settingsUpdateInfoResponse = myInformation.extend(answered);

export const settingsUpdateHowTeachRequest = howTeach.extend({
  verb: z.literal("update_howteach"),
});
export const settingsUpdateHowTeachResponse = howTeach.extend(answered);

/**
 * Delete My Account (issue 19): the account's own username typed again, and its password when
 * it has one (an account made through single sign-on has none), confirm it.
 */
export const accountDeletion = z.object({
  username: z.string().trim().min(1, accountMessages.usernameMismatch).max(100),
  current_password: z.string().max(200).default(""),
});
export type AccountDeletion = z.infer<typeof accountDeletion>;
export const settingsDeleteAccountRequest = accountDeletion.extend({
  verb: z.literal("delete_account"),
});
export const settingsDeleteAccountResponse = z.object(answered);

/** Answers of the subscription verbs: the subscription as it now stands. */
export const settingsSubscriptionResponse = z.object({ ...answered, subscription });
export type SettingsSubscriptionResponse = z.infer<typeof settingsSubscriptionResponse>;

export const settingsCalls = verbs(
  {
    method: "POST",
    path: "/teacher/:teacherId/settings",
    tag: "account",
    policy: "classOwners",
    params: settingsParams,
  },
  {
    load: {
      summary: "The account's settings and the class preferences",
      body: settingsLoadRequest,
      response: settingsLoadResponse,
    },
    update_params: {
      summary: "Saves the class preferences (Student Accountability Preferences)",
      body: settingsUpdateParamsRequest,
      response: settingsUpdateParamsResponse,
    },
    clear_welcome_message: {
      summary: "Clears the class message on the students' home page",
      body: settingsClearWelcomeRequest,
      response: settingsClearWelcomeResponse,
    },
    change_class_code: {
      summary: "A new class code; browsers that showed the name tiles need it (or a sign-in) again",
      body: settingsChangeClassCodeRequest,
      response: settingsChangeClassCodeResponse,
    },
    update_login: {
      summary: "Changes the username or password (the current password confirms)",
      body: settingsUpdateLoginRequest,
      response: settingsUpdateLoginResponse,
    },
    update_info: {
      summary: "Saves My Information: names, email and mailing address",
      body: settingsUpdateInfoRequest,
      response: settingsUpdateInfoResponse,
    },
    delete_account: {
      summary:
        "Deletes the account and its students for good, with every record and file (issue 19); the username and password confirm",
      body: settingsDeleteAccountRequest,
      response: settingsDeleteAccountResponse,
    },
    update_howteach: {
      summary: "Saves How I Teach",
      body: settingsUpdateHowTeachRequest,
      response: settingsUpdateHowTeachResponse,
    },
    update_promo: {
      summary: "Redeems a free-month promo code (once per account)",
      body: promoRequest,
      response: settingsSubscriptionResponse,
    },
    update_card: {
      summary: "Bills another card: the token the payment provider's widget returned",
      body: cardUpdateRequest,
      response: settingsSubscriptionResponse,
    },
    pause_subscription: {
      summary: "Pauses billing until a day (yyyy-mm-dd)",
      body: pauseWire,
      response: settingsSubscriptionResponse,
    },
    resume_subscription: {
      summary: "Resumes a paused subscription",
      body: resumeRequest,
      response: settingsSubscriptionResponse,
    },
    cancel_subscription: {
      summary: "Cancels at the end of the paid period, with the reasons",
      body: cancelRequest,
      response: settingsSubscriptionResponse,
    },
  },
);

/** The file name families' permission slips download as (classroom spec §2 routes). */
export const PERMISSION_SLIP_FILE = "student-fluency-permission-slip.docx";
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * What every page of a class owner needs to know of their subscription: whether the class may
 * start new work (docs/decisions/0024) and, in a trial, when it ends. The shell's banner reads it.
 */
export const standingResponse = z.object({
  classOpen: z.boolean(),
  state: z.enum(["school-paid", "free-trial", "paused", "cancelled", "active"]),
  /** yyyy-mm-dd: the end of the trial or of the paid days; null when none is on file. */
  validUntil: z.string().nullable(),
});
export type StandingResponse = z.infer<typeof standingResponse>;

/** A trial this close to its end is announced on every page. */
export const TRIAL_ENDING_DAYS = 7;

export const accountCalls = {
  standing: contract({
    tag: "account",
    policy: "classOwners",
    method: "GET",
    path: "/account/standing",
    summary: "Whether the class may start new work, and when its trial or paid days end",
    response: standingResponse,
  }),
  settings: settingsCalls,
  permissionSlip: contract({
    tag: "account",
    policy: "classOwners",
    method: "GET",
    path: `/teacher/file/download/${PERMISSION_SLIP_FILE}`,
    summary: "The fluency recording permission slip for families, as a Word document",
    file: DOCX_TYPE,
  }),
};
