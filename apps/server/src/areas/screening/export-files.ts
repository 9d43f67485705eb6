import {
  type DistrictExport,
  type DistrictExports,
  districtExportMessages,
  exportFileName,
} from "@refrain/domain";
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { districtRecordsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { AppServices, Auth } from "../../core/context.ts";
import { notFound, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { schools, screeningExports, users } from "../../db/schema/index.ts";

/**
 * A district's screening CSV (issue 39, decision 0037) as its admins ask for it: started here,
 * made by the "screening-export" job (export-job.ts), read back with its progress, downloaded.
 * Only the district's own admins reach its exports (`districtRecordsOf`): anyone else reads 404.
 * Asking and downloading are audited, as a student's export is (privacy).
 */

type Actor = Pick<Auth, "user" | "impersonator">;

/**
 * How long an export may be in the making: the job's three tries of at most a quarter of an hour
 * each (queues.ts) end well within it. One still working after that was lost with its process (a
 * crash on the last try, which no handler saw), and reads as failed, so it never holds the
 * district's next export up.
 */
const MAKING_AT_MOST = sql`interval '1 hour'`;

const requester = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username}, '')`;

async function exportRows(db: Db, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      id: screeningExports.id,
      year: screeningExports.schoolYear,
      status: screeningExports.status,
      schoolsDone: screeningExports.schoolsDone,
      schoolsTotal: screeningExports.schoolsTotal,
      createdAt: screeningExports.createdAt,
      finishedAt: screeningExports.finishedAt,
      requestedBy: requester,
      lost: sql<boolean>`${screeningExports.createdAt} < now() - ${MAKING_AT_MOST}`,
    })
    .from(screeningExports)
    .leftJoin(users, eq(users.id, screeningExports.requestedBy))
    .where(where)
    .orderBy(desc(screeningExports.id))
    .limit(limit);
  return rows.map(({ lost, ...row }): DistrictExport => {
    const working = row.status === "queued" || row.status === "running";
    return {
      ...row,
      status: working && lost ? "failed" : row.status,
      requestedBy: row.requestedBy ?? "",
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  });
}

/** GET /screening/exports: the district's newest export, and its finished file. */
export async function districtExports(db: Db, caller: Actor["user"]): Promise<DistrictExports> {
  const mine = districtRecordsOf(screeningExports.districtId, caller);
  const [[latest], [ready]] = await Promise.all([
    exportRows(db, mine, 1),
    exportRows(db, and(mine, eq(screeningExports.status, "ready")), 1),
  ]);
  return { latest: latest ?? null, ready: ready ?? null };
}

/**
 * POST /screening/exports: a new export of a school year, queued; or, while one is being made for
 * the district (another admin's, or a second click), that one, so the work is never done twice
 * at once.
 */
export async function startDistrictExport(
  deps: Pick<AppServices, "db" | "jobs">,
  actor: Actor,
  year: number,
  ip: string,
): Promise<{ message: string; data: DistrictExport }> {
  const { db, jobs } = deps;
  const { districtId } = actor.user;
  if (districtId === null) throw notFound();
  const [making] = await exportRows(
    db,
    and(
      districtRecordsOf(screeningExports.districtId, actor.user),
      inArray(screeningExports.status, ["queued", "running"]),
    ),
    1,
  );
  if (making && making.status !== "failed")
    return { message: districtExportMessages.alreadyRunning, data: making };
  const exportId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(screeningExports)
      .values({ districtId, schoolYear: year, requestedBy: actor.user.id })
      .returning({ id: screeningExports.id });
    const { id } = ownedOr404(row);
    await recordAudit(tx, {
      actor,
      action: "screening.export_request",
      target: null,
      ip,
      details: { exportId: id, districtId, year },
    });
    return id;
  });
  const [created] = await exportRows(db, eq(screeningExports.id, exportId), 1);
  await jobs.send("screening-export", { exportId });
  return { message: districtExportMessages.started, data: ownedOr404(created) };
}

/**
 * GET /screening/exports/:exportId/file: a finished export of the caller's district, to stream
 * from storage; 404 for one still being made, failed, replaced by a newer one, or another's.
 */
export async function exportFileOf(db: Db, actor: Actor, exportId: number, ip: string) {
  const [row] = await db
    .select({
      fileKey: screeningExports.fileKey,
      bytes: screeningExports.bytes,
      year: screeningExports.schoolYear,
    })
    .from(screeningExports)
    .where(
      and(
        eq(screeningExports.id, exportId),
        districtRecordsOf(screeningExports.districtId, actor.user),
        eq(screeningExports.status, "ready"),
        isNotNull(screeningExports.fileKey),
      ),
    );
  const file = ownedOr404(row);
  await recordAudit(db, {
    actor,
    action: "screening.export_download",
    target: null,
    ip,
    details: { exportId, districtId: actor.user.districtId, year: file.year },
  });
  return {
    key: file.fileKey as string,
    bytes: file.bytes,
    fileName: exportFileName(file.year),
  };
}

/**
 * Inside an erasing transaction (privacy's), before the people go: a district's exports name its
 * students (their rows) and its teachers (who confirmed a score), so the exports of every district
 * an erased person was in go, and their files are answered, by person, for the erasure to remove.
 * A job making one meanwhile finds its row gone and keeps no file.
 */
export async function forgetDistrictExportsOf(
  tx: Pick<Db, "selectDistinct" | "delete">,
  userIds: readonly number[],
): Promise<{ userId: number; key: string }[]> {
  if (userIds.length === 0) return [];
  const teacher = alias(users, "teacher");
  const named = await tx
    .selectDistinct({ userId: users.id, districtId: schools.districtId })
    .from(users)
    .leftJoin(teacher, eq(teacher.id, users.teacherId))
    .innerJoin(schools, eq(schools.id, sql`coalesce(${teacher.schoolId}, ${users.schoolId})`))
    .where(and(inArray(users.id, [...userIds]), isNotNull(schools.districtId)));
  const districtIds = [
    ...new Set(named.flatMap((n) => (n.districtId === null ? [] : [n.districtId]))),
  ];
  if (districtIds.length === 0) return [];
  const gone = await tx
    .delete(screeningExports)
    .where(inArray(screeningExports.districtId, districtIds))
    .returning({ districtId: screeningExports.districtId, key: screeningExports.fileKey });
  return named.flatMap((n) =>
    gone.flatMap((g) =>
      g.districtId === n.districtId && g.key !== null ? [{ userId: n.userId, key: g.key }] : [],
    ),
  );
}
