import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";
import type { Auth } from "./context.ts";

export interface AuditEntry {
  /**
   * Who acted: a signed-in caller (an admin impersonating someone is the actor, and the account
   * they act as is recorded as on-behalf-of), or the id of a user acting on their own account
   * outside a session (a password reset, a sign-in through a provider), or null for a visitor
   * who is nobody's account: someone opening a link a teacher e-mailed them. Only such a link's
   * own route passes null; a signed-in caller is always named.
   */
  actor:
    | { user: Pick<Auth["user"], "id">; impersonator: Pick<Auth["user"], "id"> | null }
    | number
    | null;
  action: string;
  /** The record acted on, when it is a user (a student, a teacher, the actor's own account). */
  target: number | null;
  /** The caller's address; null where it would name someone erased (their own erasure). */
  ip: string | null;
  details?: Record<string, unknown>;
}

/**
 * The one way an audit row is written, so every destructive or privileged action records the
 * same facts: actor, on-behalf-of, action, target, IP and (by the column default) time.
 * Pass the transaction that makes the change so the row exists exactly when the change does.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  const acting =
    actor === null || typeof actor === "number"
      ? { actorId: actor, onBehalfOfId: null }
      : {
          actorId: actor.impersonator?.id ?? actor.user.id,
          onBehalfOfId: actor.impersonator ? actor.user.id : null,
        };
  await db.insert(auditLog).values({
    ...acting,
    action: entry.action,
    targetId: entry.target,
    ip: entry.ip,
    details: entry.details,
  });
}
