import {
  listsOf,
  type ParentList,
  type UnsubscribeList,
  type UnsubscribeState,
} from "@refrain/domain";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../core/audit.ts";
import { notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { familyPreferences, users } from "../../db/schema/index.ts";
import type { UnsubscribeTarget, UnsubscribeTokens } from "./unsubscribe-token.ts";

/**
 * The parent's own unsubscribe (issue 16 part 5): whoever holds a signed link may stop, or
 * restart, the mail that link names, and nothing else. A token that does not verify, or names
 * a student who is gone, is the same "not found", and changes nothing.
 */

const column = {
  weekly_report: familyPreferences.weeklyReportUnsubscribedAt,
  parent_emails: familyPreferences.parentEmailsUnsubscribedAt,
} as const;
const field = {
  weekly_report: "weeklyReportUnsubscribedAt",
  parent_emails: "parentEmailsUnsubscribedAt",
} as const;

export function targetOf(tokens: UnsubscribeTokens, token: string): UnsubscribeTarget {
  const target = tokens.open(token);
  if (!target) throw notFound();
  return target;
}

/** What the page shows; throws "not found" for a student who no longer exists. */
export async function unsubscribeState(
  db: Db,
  { studentId, list }: UnsubscribeTarget,
): Promise<UnsubscribeState> {
  const [row] = await db
    .select({
      firstname: users.firstName,
      language: familyPreferences.language,
      weekly: familyPreferences.weeklyReportUnsubscribedAt,
      parent: familyPreferences.parentEmailsUnsubscribedAt,
    })
    .from(users)
    .leftJoin(familyPreferences, eq(familyPreferences.studentId, users.id))
    .where(and(eq(users.id, studentId), eq(users.role, "student")));
  if (!row) throw notFound();
  return {
    language: row.language ?? "en",
    firstname: row.firstname,
    list,
    unsubscribed: {
      weekly_report: row.weekly?.toISOString() ?? null,
      parent_emails: row.parent?.toISOString() ?? null,
    },
  };
}

/**
 * Stops (or, with `undo`, restarts) the lists `choice` names for the student. Stopping keeps a
 * date already set, so a repeated POST (mailbox providers retry) changes nothing more; undoing
 * clears it. Each real change is audited, with no actor: the parent has no account.
 */
export async function setUnsubscribed(
  db: Db,
  target: UnsubscribeTarget,
  choice: UnsubscribeList,
  opts: { undo: boolean; ip: string },
): Promise<UnsubscribeState> {
  const before = await unsubscribeState(db, target);
  const lists = listsOf(choice).filter(
    (list: ParentList) => (before.unsubscribed[list] === null) !== opts.undo,
  );
  if (lists.length > 0)
    await db.transaction(async (tx) => {
      const at = opts.undo ? null : sql`now()`;
      const values = Object.fromEntries(lists.map((list) => [field[list], at]));
      await tx
        .insert(familyPreferences)
        .values({ studentId: target.studentId, ...values })
        .onConflictDoUpdate({
          target: familyPreferences.studentId,
          // A date set meanwhile by another request stays as it was.
          set: {
            ...Object.fromEntries(
              lists.map((list) => [
                field[list],
                opts.undo ? null : sql`coalesce(${column[list]}, now())`,
              ]),
            ),
            updatedAt: sql`now()`,
          },
        });
      await recordAudit(tx, {
        actor: null,
        action: opts.undo ? "families.parent_resubscribed" : "families.parent_unsubscribed",
        target: target.studentId,
        ip: opts.ip,
        details: { lists },
      });
    });
  return unsubscribeState(db, target);
}
