import { z } from "zod";
import type { Role } from "./auth.ts";
import { contract, verbs } from "./contract.ts";
import { fluencyConsentOnFile } from "./fluency.ts";
import type { LessonRules } from "./learning/progress.ts";
import { idParam, messages, text } from "./validation.ts";

// ───────────────────────── Limits and texts (classroom spec §3, §8) ─────────────────────────

export const ACCOUNT_LIMITS = {
  /** The class message on every student's home page: a greeting, not a letter. */
  welcomeMessage: 500,
} as const;

export const accountMessages = {
  loading: "Loading...",
  preferencesSaved: "Your preferences were saved.",
  welcomeCleared: "The class message was cleared.",
  loaded: "Settings loaded.",
} as const;

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
  student_fluency_have_parent_permission: z.boolean(),
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

/**
 * Whether an account's class may record fluency videos at all: a school teacher's may; a
 * parent's home class has no school admin to approve recordings of children.
 */
export const fluencyRecordingPossible = (role: Role): boolean => role === "teacher";

/** The consent rule of fluency.ts, read from the preferences' own field names. */
export const preferencesConsentOnFile = (
  p: Pick<
    StudentPreferences,
    "student_fluency_have_parent_permission" | "student_fluency_have_admin_approval"
  >,
): boolean =>
  fluencyConsentOnFile({
    fluencyParentPermission: p.student_fluency_have_parent_permission,
    fluencyAdminApproval: p.student_fluency_have_admin_approval,
  });

// ───────────────────────── Calls (classroom spec §7) ─────────────────────────

const answered = { success: z.literal(true), message: z.string() };

export const settingsParams = z.object({ teacherId: idParam });

export const settingsLoadRequest = z.object({ verb: z.literal("load") });
/**
 * The spec's load answer, as far as our accounts hold it. Left out on purpose: `password` (a
 * password is never sent back), the mailing address fields (no account stores one yet), and
 * `publishableKey`, `subscription` and `howTeach`, which the subscriptions issue (#17) adds.
 */
export const settingsLoadResponse = z.object({
  ...answered,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** False for a parent (a home teacher): the page shows them no class accountability card. */
  _is_actual_teacher: z.boolean(),
  student: studentPreferences,
  fluencyRecordingPossible: z.boolean(),
});
export type SettingsLoadResponse = z.infer<typeof settingsLoadResponse>;

/**
 * update_params: the preferences to change. Every field the spec lists may be sent; one left
 * out keeps its saved value, so a caller switching one preference need not send the rest.
 */
export const settingsUpdateParamsRequest = studentPreferences
  .partial()
  .extend({ verb: z.literal("update_params") });
export const settingsUpdateParamsResponse = studentPreferences.extend({
  ...answered,
  /** The menus depend on what changed: the page refreshes what it shows. */
  reload_nav: z.boolean(),
});
export type SettingsUpdateParamsResponse = z.infer<typeof settingsUpdateParamsResponse>;

export const settingsClearWelcomeRequest = z.object({ verb: z.literal("clear_welcome_message") });
export const settingsClearWelcomeResponse = z.object(answered);

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
  },
);

/** The file name families' permission slips download as (classroom spec §2 routes). */
export const PERMISSION_SLIP_FILE = "student-fluency-permission-slip.docx";
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export const accountCalls = {
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
