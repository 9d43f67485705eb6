import { randomUUID } from "node:crypto";
import {
  type ApplyInput,
  csvLine,
  type ImportDetail,
  type ImportSummary,
  PREVIEW_PROBLEMS,
  type RecountInput,
  rosterImportMessages,
} from "@refrain/domain";
import { and, asc, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAudit } from "../../../core/audit.ts";
import type { AppContext, Auth } from "../../../core/context.ts";
import { conflict, invalid, notFound, ownedOr404 } from "../../../core/errors.ts";
import type { Db } from "../../../db/client.ts";
import {
  districts,
  rosterImportProblems,
  rosterImports,
  schools,
  users,
} from "../../../db/schema/index.ts";

type Deps = Pick<AppContext, "db" | "media" | "jobs">;
type ImportRow = typeof rosterImports.$inferSelect;

/**
 * The district a call is about: a district admin's own (naming another reads as missing), or
 * for staff the one they name.
 */
export async function districtOf(db: Db, auth: Auth, named: number | undefined): Promise<number> {
  if (auth.user.role === "district_admin") {
    const own = ownedOr404(auth.user.districtId);
    if (named !== undefined && named !== own) throw notFound();
    return own;
  }
  if (named === undefined) throw invalid({ districtId: [rosterImportMessages.districtRequired] });
  const [district] = await db
    .select({ id: districts.id })
    .from(districts)
    .where(eq(districts.id, named));
  return ownedOr404(district).id;
}

/** An import the caller may see: of their district, or any for staff; 404 otherwise. */
async function importOf(db: Db, auth: Auth, importId: number): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(rosterImports)
    .where(
      and(
        eq(rosterImports.id, importId),
        auth.user.role === "staff"
          ? undefined
          : eq(rosterImports.districtId, auth.user.districtId ?? -1),
      ),
    );
  return ownedOr404(row);
}

const uploader = alias(users, "uploader");
const summaryColumns = {
  row: rosterImports,
  uploadedBy: sql<
    string | null
  >`nullif(trim(${uploader.firstName} || ' ' || ${uploader.lastName}), '')`,
  districtName: districts.name,
};
/** An import's row with its uploader's name and its district's, for `present`. */
const withNames = (db: Db) =>
  db
    .select(summaryColumns)
    .from(rosterImports)
    .innerJoin(districts, eq(districts.id, rosterImports.districtId))
    .leftJoin(uploader, eq(uploader.id, rosterImports.uploadedBy));

function present(
  row: ImportRow,
  names: { uploadedBy: string | null; districtName: string },
): ImportSummary {
  return {
    id: row.id,
    districtId: row.districtId,
    districtName: names.districtName,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    status: row.status,
    errors: row.errors,
    warnings: row.warnings,
    uploadedBy: names.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    progress: { done: row.progressDone, total: row.progressTotal },
    failure: row.failure,
  };
}

export async function listImports(db: Db, auth: Auth, named: number | undefined) {
  const staff = auth.user.role === "staff";
  const districtList = staff
    ? await db
        .select({ id: districts.id, name: districts.name })
        .from(districts)
        .orderBy(asc(districts.name))
    : [];
  // Staff see the list of districts first; the imports once they pick one.
  const districtId = staff && named === undefined ? null : await districtOf(db, auth, named);
  const rows =
    districtId === null
      ? []
      : await withNames(db)
          .where(eq(rosterImports.districtId, districtId))
          .orderBy(desc(rosterImports.id))
          .limit(50);
  return {
    imports: rows.map((r) => present(r.row, r)),
    districts: districtList,
    districtId,
  };
}

export async function importDetail(db: Db, auth: Auth, importId: number): Promise<ImportDetail> {
  const found = await importOf(db, auth, importId);
  const [[withName], problems, districtSchools] = await Promise.all([
    withNames(db).where(eq(rosterImports.id, found.id)),
    db
      .select({
        severity: rosterImportProblems.severity,
        file: rosterImportProblems.file,
        line: rosterImportProblems.line,
        sourcedId: rosterImportProblems.sourcedId,
        field: rosterImportProblems.field,
        message: rosterImportProblems.message,
      })
      .from(rosterImportProblems)
      .where(eq(rosterImportProblems.importId, found.id))
      .orderBy(sql`${rosterImportProblems.severity} = 'warning'`, asc(rosterImportProblems.id))
      .limit(PREVIEW_PROBLEMS),
    db
      .select({
        id: schools.id,
        name: schools.name,
        sourced: sql<boolean>`${schools.sourcedId} is not null`,
      })
      .from(schools)
      .where(eq(schools.districtId, found.districtId))
      .orderBy(asc(schools.name)),
  ]);
  const { row, ...names } = ownedOr404(withName);
  return {
    ...present(row, names),
    preview: row.preview,
    problems,
    districtSchools,
  };
}

/** Keeps the uploaded package and queues its validation; answers the new import. */
export async function uploadPackage(
  deps: Deps,
  auth: Auth,
  input: { districtId: number | undefined; fileName: string; body: unknown },
  ip: string,
) {
  const districtId = await districtOf(deps.db, auth, input.districtId);
  const body = input.body;
  if (!Buffer.isBuffer(body) || body.length < 4 || body[0] !== 0x50 || body[1] !== 0x4b)
    throw invalid({ file: [rosterImportMessages.notZip] });
  const fileKey = `roster-imports/${districtId}/${randomUUID()}.zip`;
  await deps.media.put(fileKey, body);
  const id = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(rosterImports)
      .values({
        districtId,
        uploadedBy: auth.user.id,
        fileName: input.fileName,
        fileKey,
        sizeBytes: body.length,
      })
      .returning({ id: rosterImports.id });
    if (!created) throw new Error("The import was not created");
    await recordAudit(tx, {
      actor: auth,
      action: "roster.import_upload",
      target: null,
      ip,
      details: { importId: created.id, districtId, bytes: body.length },
    });
    return created.id;
  });
  const detail = await importDetail(deps.db, auth, id);
  await deps.jobs.send("roster-validate", { importId: id });
  return detail;
}

/**
 * Starts applying a validated import with the admin's choices. One import of a district is
 * applied at a time: under the district's advisory lock, the statement that claims it checks
 * that no other is underway.
 */
export async function startApply(
  deps: Deps,
  auth: Auth,
  importId: number,
  options: ApplyInput,
  ip: string,
) {
  const found = await importOf(deps.db, auth, importId);
  await checkMatches(deps.db, found.districtId, options);
  const other = alias(rosterImports, "other");
  const claimed = await deps.db.transaction(async (tx) => {
    // Two admins applying two imports of one district at once: the second waits here, then
    // sees the first applying (a check alone could not see the other's uncommitted row).
    await tx.execute(sql`select pg_advisory_xact_lock(21, ${found.districtId})`);
    const [row] = await tx
      .update(rosterImports)
      .set({ status: "applying", options, appliedBy: auth.user.id, failure: null })
      .where(
        and(
          eq(rosterImports.id, found.id),
          eq(rosterImports.status, "ready"),
          notExists(
            tx
              .select({ id: other.id })
              .from(other)
              .where(and(eq(other.districtId, found.districtId), eq(other.status, "applying"))),
          ),
        ),
      )
      .returning({ id: rosterImports.id });
    if (row)
      await recordAudit(tx, {
        actor: auth,
        action: "roster.import_apply",
        target: null,
        ip,
        details: {
          importId: found.id,
          districtId: found.districtId,
          counts: found.preview?.counts,
        },
      });
    return row;
  });
  if (!claimed)
    throw conflict(
      found.status === "ready" ? rosterImportMessages.busy : rosterImportMessages.notReady,
    );
  const detail = await importDetail(deps.db, auth, found.id);
  await deps.jobs.send("roster-apply", { importId: found.id });
  return detail;
}

/** 422 when a chosen school is not one of the district's. */
async function checkMatches(db: Db, districtId: number, options: RecountInput) {
  const chosen = Object.values(options.schoolMatches).filter((id): id is number => id !== null);
  if (chosen.length === 0) return;
  const ours = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(inArray(schools.id, chosen), eq(schools.districtId, districtId)));
  if (ours.length !== new Set(chosen).size)
    throw invalid({ schoolMatches: [rosterImportMessages.schoolElsewhere] });
}

/**
 * Counts a ready import's preview again with the admin's school matches and levels: the job
 * that checked it runs again with them, and the page follows it as before.
 */
export async function recountImport(
  deps: Deps,
  auth: Auth,
  importId: number,
  choices: RecountInput,
) {
  const found = await importOf(deps.db, auth, importId);
  await checkMatches(deps.db, found.districtId, choices);
  const [row] = await deps.db
    .update(rosterImports)
    .set({ status: "validating", options: { ...choices, inviteTeachers: false } })
    .where(and(eq(rosterImports.id, found.id), eq(rosterImports.status, "ready")))
    .returning({ id: rosterImports.id });
  if (!row) throw conflict(rosterImportMessages.notReady);
  const detail = await importDetail(deps.db, auth, found.id);
  await deps.jobs.send("roster-validate", { importId: found.id });
  return detail;
}

/** Drops an import that was not applied, and its package (people's names) with it. */
export async function discardImport(deps: Deps, auth: Auth, importId: number, ip: string) {
  const found = await importOf(deps.db, auth, importId);
  const [row] = await deps.db
    .update(rosterImports)
    .set({ status: "discarded" })
    .where(
      and(
        eq(rosterImports.id, found.id),
        inArray(rosterImports.status, ["ready", "invalid", "failed"]),
      ),
    )
    .returning({ id: rosterImports.id });
  if (!row) throw conflict(rosterImportMessages.notReady);
  await deps.media.delete(found.fileKey);
  await recordAudit(deps.db, {
    actor: auth,
    action: "roster.import_discard",
    target: null,
    ip,
    details: { importId: found.id, districtId: found.districtId },
  });
  return importDetail(deps.db, auth, found.id);
}

/** Every problem of an import, as CSV whose cells no spreadsheet runs as a formula. */
export async function problemReport(db: Db, auth: Auth, importId: number) {
  const found = await importOf(db, auth, importId);
  const rows = await db
    .select()
    .from(rosterImportProblems)
    .where(eq(rosterImportProblems.importId, found.id))
    .orderBy(sql`${rosterImportProblems.severity} = 'warning'`, asc(rosterImportProblems.id));
  const lines = [csvLine(["severity", "file", "line", "sourcedId", "field", "message"])];
  for (const p of rows)
    lines.push(csvLine([p.severity, p.file, p.line, p.sourcedId, p.field, p.message]));
  return { fileName: `roster-import-${found.id}-problems.csv`, text: lines.join("") };
}
