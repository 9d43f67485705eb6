import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { familyPreferences, users } from "../../db/schema/index.ts";

/**
 * A parent's address was refused for good (the "mail" job's permanent failure): it is marked
 * bouncing, which the teacher sees on Email Parents and which stops `sendParentMail` until the
 * address changes. Only while the student still has that address: one the teacher replaced after
 * the mail was queued may work. The first refusal's date stays, the one the teacher is shown.
 */
export async function markBouncing(db: Db, studentId: number, address: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select({ parentEmail: users.parentEmail })
      .from(users)
      .where(eq(users.id, studentId))
      .for("update");
    if (student?.parentEmail?.toLowerCase() !== address.toLowerCase()) return false;
    const now = new Date();
    await tx
      .insert(familyPreferences)
      .values({ studentId, bouncingAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: familyPreferences.studentId,
        set: { bouncingAt: sql`coalesce(${familyPreferences.bouncingAt}, now())`, updatedAt: now },
      });
    return true;
  });
}
