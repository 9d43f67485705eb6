import type { RosterStudent } from "@refrain/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { StudentPasswordBox } from "../auth/passwords.ts";

const tri = (value: boolean | null) => (value === null ? ("inherit" as const) : value ? 1 : 0);

/** The class of `teacherId`, oldest first so newly created students show last. */
export async function listStudents(
  db: Db,
  box: StudentPasswordBox,
  teacherId: number,
): Promise<RosterStudent[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.role, "student"), eq(users.teacherId, teacherId)))
    .orderBy(asc(users.id));
  return rows.map((s) => ({
    id: s.id,
    firstname: s.firstName,
    lastname: s.lastName,
    planid: s.planId ?? 6,
    username: s.username,
    password: s.passwordEncrypted ? box.decrypt(s.passwordEncrypted) : "",
    parent_email: s.parentEmail,
    require_3x: tri(s.require3x),
    require_retake: tri(s.requireRetake),
    slow_video: tri(s.slowVideo),
    enable_fluency_recording: tri(s.enableFluencyRecording),
    fluency_recording_lyrics_only: tri(s.fluencyRecordingLyricsOnly),
  }));
}
