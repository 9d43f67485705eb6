import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { familyPreferences, recordings } from "../../db/schema/index.ts";

/**
 * What the shared page words in the reader's language rather than takes ready-made from the
 * share: the reading's kind and day, and the language the teacher set for the parent (null when
 * none was set).
 */
export async function sharedReadingFacts(db: Db, recordingId: number) {
  const [row] = await db
    .select({
      classification: recordings.classification,
      recordedAt: recordings.createdAt,
      language: familyPreferences.language,
    })
    .from(recordings)
    .leftJoin(familyPreferences, eq(familyPreferences.studentId, recordings.studentId))
    .where(eq(recordings.id, recordingId));
  return row ?? null;
}
