import { allows, VIEW_WINDOW_MINUTES, type ViewerKind } from "@refrain/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AuthUser } from "../../core/context.ts";
import type { Log } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import { recordingViews } from "../../db/schema/index.ts";
import { loggableError } from "../../plugins/error-log.ts";

/**
 * The access log of recordings (issue 19, docs/decisions/0026): who watched which recording
 * when. A view is the start of playback of a recording's video (or sound): a request for its
 * media without a byte range or from byte 0. A player then fetches the rest in ranges, and one
 * viewer's views of one recording within VIEW_WINDOW_MINUTES count once. Thumbnails in lists
 * are not views. The student watching their own reading is not logged: nobody else saw it. The log is written
 * here, where recordings are served, and read on the privacy pages (privacy/views.ts).
 */

/** Who is watching: a signed-in caller (maybe an admin acting as them), or a family's link. */
export type Watcher =
  | { auth: { user: AuthUser; impersonator: AuthUser | null } }
  | { shareId: number };

/** Whether this media request starts playback rather than continuing it. */
export function startsPlayback(range: string | undefined) {
  return range === undefined || /^bytes=0-/.test(range.trim());
}

function viewerOf(watcher: Watcher): {
  kind: ViewerKind;
  viewerId: number | null;
  onBehalfOfId: number | null;
  shareId: number | null;
} | null {
  if ("shareId" in watcher)
    return { kind: "shared_link", viewerId: null, onBehalfOfId: null, shareId: watcher.shareId };
  const { user, impersonator } = watcher.auth;
  if (impersonator)
    return {
      kind: "impersonating_admin",
      viewerId: impersonator.id,
      onBehalfOfId: user.id,
      shareId: null,
    };
  const kind: ViewerKind | null = allows("classOwners", user.role)
    ? "teacher"
    : allows("admins", user.role)
      ? "admin"
      : allows("staff", user.role)
        ? "staff"
        : null;
  return kind ? { kind, viewerId: user.id, onBehalfOfId: null, shareId: null } : null;
}

/**
 * Logs a view of a recording, once per viewer and recording within the window. A failure is
 * logged and swallowed: the log must never stop a teacher or a family from watching.
 */
export async function recordView(
  deps: { db: Db; now: () => Date; log: Log },
  recordingId: number,
  watcher: Watcher,
) {
  const viewer = viewerOf(watcher);
  if (!viewer) return;
  try {
    const now = deps.now();
    const since = new Date(now.getTime() - VIEW_WINDOW_MINUTES * 60_000);
    const same = (column: AnyPgColumn, value: number | null) =>
      value === null ? isNull(column) : eq(column, value);
    await deps.db.transaction(async (tx) => {
      // One view per viewer and recording at a time: concurrent range requests wait here.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${recordingId}::int, ${viewer.viewerId ?? -(viewer.shareId ?? 0)}::int)`,
      );
      const [recent] = await tx
        .select({ id: recordingViews.id })
        .from(recordingViews)
        .where(
          and(
            eq(recordingViews.recordingId, recordingId),
            eq(recordingViews.viewerKind, viewer.kind),
            same(recordingViews.viewerId, viewer.viewerId),
            same(recordingViews.onBehalfOfId, viewer.onBehalfOfId),
            same(recordingViews.shareId, viewer.shareId),
            gt(recordingViews.viewedAt, since),
          ),
        )
        .limit(1);
      if (recent) return;
      await tx.insert(recordingViews).values({
        recordingId,
        viewerKind: viewer.kind,
        viewerId: viewer.viewerId,
        onBehalfOfId: viewer.onBehalfOfId,
        shareId: viewer.shareId,
        viewedAt: now,
      });
    });
  } catch (error) {
    deps.log.warn({ error: loggableError(error), recordingId }, "a recording view was not logged");
  }
}
