import { classLessonRules, type LessonRules, type SavedPreferences } from "@refrain/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { classSettings } from "../../db/schema/index.ts";

export type ClassSettings = Omit<typeof classSettings.$inferSelect, "teacherId" | "updatedAt">;

/** A class that never saved its preferences has these (the table's own defaults). */
export const DEFAULT_CLASS_SETTINGS: ClassSettings = {
  sendWeeklyReport: false,
  retakeExams: false,
  unlinkVideo: true,
  slowVideo: false,
  completeLessonsExtensions: true,
  recordStudentFluency: false,
  fluencyLyricsOnly: false,
  welcomeMessage: "hello, class",
};

/**
 * The columns of a class's settings, for a query that joins them (`leftJoin(classSettings, …)`):
 * Drizzle answers null for a class without a row, which `orDefaults` reads as the defaults.
 */
export const classSettingsColumns = {
  sendWeeklyReport: classSettings.sendWeeklyReport,
  retakeExams: classSettings.retakeExams,
  unlinkVideo: classSettings.unlinkVideo,
  slowVideo: classSettings.slowVideo,
  completeLessonsExtensions: classSettings.completeLessonsExtensions,
  recordStudentFluency: classSettings.recordStudentFluency,
  fluencyLyricsOnly: classSettings.fluencyLyricsOnly,
  welcomeMessage: classSettings.welcomeMessage,
} satisfies Record<keyof ClassSettings, unknown>;

export const orDefaults = (settings: ClassSettings | null): ClassSettings =>
  settings ?? DEFAULT_CLASS_SETTINGS;

/**
 * A teacher's class preferences (classroom spec §3 "Student preferences"): what the roster's
 * tri-state student settings inherit. Every area that resolves
 * a student's settings reads them here.
 */
export async function loadClassSettings(db: Db, teacherId: number): Promise<ClassSettings> {
  const [row] = await db
    .select(classSettingsColumns)
    .from(classSettings)
    .where(eq(classSettings.teacherId, teacherId))
    .limit(1);
  return orDefaults(row ?? null);
}

/**
 * The spec's name of each stored preference (`student_username` lives on the teacher's row; the
 * two consent fields are derived from the students' consent records, issue 19).
 */
export const COLUMN_OF = {
  send_weekly_report: "sendWeeklyReport",
  retake_exm: "retakeExams",
  unlink_video: "unlinkVideo",
  slow_video: "slowVideo",
  complete_lessons_extensions: "completeLessonsExtensions",
  record_student_fluency: "recordStudentFluency",
  student_record_fluency_lyrics_only: "fluencyLyricsOnly",
  welcome_message: "welcomeMessage",
} as const satisfies Record<
  Exclude<keyof SavedPreferences, "student_username">,
  keyof ClassSettings
>;

export type ClassPreferences = Omit<SavedPreferences, "student_username">;

/** The stored settings by the spec's names. */
export function preferencesOf(settings: ClassSettings): ClassPreferences {
  return Object.fromEntries(
    Object.entries(COLUMN_OF).map(([name, column]) => [name, settings[column]]),
  ) as ClassPreferences;
}

/** The class defaults of a student's lesson rules. */
export const lessonDefaultsOf = (settings: ClassSettings): LessonRules =>
  classLessonRules(preferencesOf(settings));
