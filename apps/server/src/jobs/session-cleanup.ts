import { lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema/index.ts";

/**
 * Deletes sessions past their absolute lifetime or idle timeout. Reads already refuse them;
 * this keeps the table from growing with abandoned sign-ins.
 */
export async function deleteEndedSessions(db: Db, idleMinutes: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sql`now()`),
        lt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
