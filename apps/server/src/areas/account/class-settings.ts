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
  fluencyParentPermission: false,
  fluencyAdminApproval: false,
  fluencyLyricsOnly: false,
  welcomeMessage: "hello, class",
};

/**
 * A teacher's class preferences (classroom spec §3 "Student preferences"): what the roster's
 * tri-state student settings inherit and the fluency consent on file. Every area that resolves
 * a student's settings reads them here.
 */
export async function loadClassSettings(db: Db, teacherId: number): Promise<ClassSettings> {
  const [row] = await db
    .select()
    .from(classSettings)
    .where(eq(classSettings.teacherId, teacherId))
    .limit(1);
  if (!row) return DEFAULT_CLASS_SETTINGS;
  const { teacherId: _teacher, updatedAt: _updated, ...settings } = row;
  return settings;
}
