import {
  allows,
  fullName,
  RECORDING_TYPES,
  type RecordingView,
  type StudentRecordingViews,
  VIEW_WINDOW_MINUTES,
  type ViewerKind,
} from "@refrain/domain";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { studentsOf } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { recordingShares, recordings, recordingViews, users } from "../../db/schema/index.ts";
import type { Log } from "../../jobs/index.ts";
import { loggableError } from "../../plugins/error-log.ts";
import { keptUntilOf, type RetentionDeps, retentionRows } from "./retention.ts";
import { studentInReach } from "./scope.ts";

/**
 * The access log of recordings (issue 19, docs/decisions/0026): who watched which recording
 * when. A view is the start of playback of a recording's video (or sound): a request for its
 * media without a byte range or from byte 0. A player then fetches the rest in ranges, and one
 * viewer's views of one recording within VIEW_WINDOW_MINUTES count once. Thumbnails in lists
 * are not views. The student watching their own reading is not logged: nobody else saw it.
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

const viewer = alias(users, "viewer");
const onBehalfOf = alias(users, "on_behalf_of");

/** The views of these recordings, newest first, with the names the log shows. */
async function viewsOf(db: Db, recordingIds: number[]) {
  if (recordingIds.length === 0) return new Map<number, RecordingView[]>();
  const rows = await db
    .select({
      recordingId: recordingViews.recordingId,
      viewedAt: recordingViews.viewedAt,
      kind: recordingViews.viewerKind,
      viewerFirst: viewer.firstName,
      viewerLast: viewer.lastName,
      viewerUsername: viewer.username,
      viewerRole: viewer.role,
      onBehalfFirst: onBehalfOf.firstName,
      onBehalfLast: onBehalfOf.lastName,
      onBehalfUsername: onBehalfOf.username,
      sentTo: recordingShares.email,
    })
    .from(recordingViews)
    .leftJoin(viewer, eq(viewer.id, recordingViews.viewerId))
    .leftJoin(onBehalfOf, eq(onBehalfOf.id, recordingViews.onBehalfOfId))
    .leftJoin(recordingShares, eq(recordingShares.id, recordingViews.shareId))
    .where(inArray(recordingViews.recordingId, recordingIds))
    .orderBy(desc(recordingViews.viewedAt), desc(recordingViews.id));
  const byRecording = new Map<number, RecordingView[]>();
  for (const row of rows) {
    const list = byRecording.get(row.recordingId) ?? [];
    list.push({
      viewedAt: row.viewedAt.toISOString(),
      kind: row.kind,
      // A deleted account leaves its views with no name.
      viewerName:
        row.viewerUsername === null
          ? null
          : fullName(row.viewerFirst ?? "", row.viewerLast ?? "") || row.viewerUsername,
      viewerRole: row.viewerRole,
      onBehalfOfName:
        row.onBehalfUsername === null
          ? null
          : fullName(row.onBehalfFirst ?? "", row.onBehalfLast ?? "") || row.onBehalfUsername,
      sentTo: row.sentTo,
    });
    byRecording.set(row.recordingId, list);
  }
  return byRecording;
}

/** One recording's views, for its class owner's fluency pages; 404 when not theirs. */
export async function recordingViewLog(db: Db, teacherId: number, recordingId: number) {
  const [row] = await db
    .select({ id: recordings.id })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .where(and(eq(recordings.id, recordingId), studentsOf(teacherId)));
  ownedOr404(row);
  return (await viewsOf(db, [recordingId])).get(recordingId) ?? [];
}

/**
 * A student's recordings, newest first, each with how long it is kept and who viewed it, for
 * whoever reaches the student (scope.ts); 404 otherwise.
 */
export async function studentViewLog(
  deps: RetentionDeps,
  caller: AuthUser,
  studentId: number,
): Promise<StudentRecordingViews[]> {
  await studentInReach(deps.db, caller, studentId);
  const rows = await retentionRows(deps.db, eq(recordings.studentId, studentId));
  const views = await viewsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    lessonTitle: row.lessonTitle,
    type: RECORDING_TYPES[row.classification],
    createdAt: row.createdAt.toISOString(),
    ...keptUntilOf(deps.config, row),
    views: views.get(row.id) ?? [],
  }));
}
