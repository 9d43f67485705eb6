import {
  fullName,
  RECORDING_TYPES,
  type RecordingView,
  type StudentRecordingViews,
} from "@refrain/domain";
import { and, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { studentsOf } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { recordingShares, recordings, recordingViews, users } from "../../db/schema/index.ts";
import { keptUntilOf, type RetentionDeps, retentionRows } from "./retention.ts";
import { studentInReach } from "./scope.ts";

/**
 * The access log of recordings as the privacy pages read it (issue 19, docs/decisions/0026):
 * who watched which recording when. The fluency area writes it where it serves the media
 * (fluency/view-log.ts).
 */

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
