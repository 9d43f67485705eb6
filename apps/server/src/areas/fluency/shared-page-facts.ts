import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { familyPreferences, recordings, users } from "../../db/schema/index.ts";
import { screenedToday, screeningYearOf } from "../screening/index.ts";

/**
 * What the shared page words in the reader's language rather than takes ready-made from the
 * share: the reading's kind and day, the language the teacher set for the parent (null when
 * none was set), the student's result in the benchmark window standing (issue 39), once
 * three passages are graded, and their scores of this school year's windows for its graph.
 */
export async function sharedReadingFacts(db: Db, recordingId: number) {
  const [row] = await db
    .select({
      classification: recordings.classification,
      recordedAt: recordings.createdAt,
      language: familyPreferences.language,
      studentId: recordings.studentId,
      teacherId: users.teacherId,
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .leftJoin(familyPreferences, eq(familyPreferences.studentId, recordings.studentId))
    .where(eq(recordings.id, recordingId));
  if (!row) return null;
  const { studentId, teacherId, ...facts } = row;
  const [screening, screeningYear] = await Promise.all([
    screenedToday(db, [{ id: studentId, teacherId }]),
    screeningYearOf(db, studentId),
  ]);
  return { ...facts, screening: screening.get(studentId) ?? null, screeningYear };
}
