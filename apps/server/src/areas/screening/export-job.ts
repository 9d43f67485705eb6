import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Storage } from "../../adapters/storage.ts";
import type { JobRun, Log } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import { screeningExports } from "../../db/schema/index.ts";
import { districtExport } from "./export.ts";

/**
 * The "screening-export" job (issue 39, decision 0037): a district's CSV of a school year, its
 * lines written to a temporary file as `districtExport` reads them one school at a time (memory
 * stays bounded whatever the district's size), the schools done recorded for the page's progress
 * bar, then the file moved into storage. The district keeps its newest finished file only.
 */

/** Where an export's file lives in storage (the file store): a folder per district. */
const exportKey = (districtId: number, exportId: number) =>
  `screening-exports/${districtId}/${exportId}.csv`;

export async function buildDistrictExport(
  deps: { db: Db; storage: Storage; log: Log },
  exportId: number,
  run: JobRun,
) {
  const { db, storage, log } = deps;
  // A retry starts again from nothing; a district gone meanwhile took its row, and there is
  // nothing to do.
  const [started] = await db
    .update(screeningExports)
    .set({ status: "running", schoolsDone: 0 })
    .where(
      and(
        eq(screeningExports.id, exportId),
        inArray(screeningExports.status, ["queued", "running"]),
      ),
    )
    .returning({ districtId: screeningExports.districtId, year: screeningExports.schoolYear });
  if (!started) return;
  const progress = async (schoolsDone: number, schoolsTotal: number) => {
    run.signal.throwIfAborted();
    await db
      .update(screeningExports)
      .set({ schoolsDone, schoolsTotal })
      .where(eq(screeningExports.id, exportId));
  };
  const dir = join(tmpdir(), "refrain-screening-exports");
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${exportId}-${randomUUID()}.csv`);
  try {
    await pipeline(
      Readable.from(districtExport(db, started.districtId, started.year, progress)),
      createWriteStream(file),
    );
    const bytes = (await stat(file)).size;
    const key = exportKey(started.districtId, exportId);
    await storage.putFile(key, file);
    const [made] = await db
      .update(screeningExports)
      .set({ status: "ready", fileKey: key, bytes, finishedAt: sql`now()` })
      .where(eq(screeningExports.id, exportId))
      .returning({ id: screeningExports.id });
    // Taken for lost and replaced by a newer export meanwhile (export-files.ts): not kept.
    if (!made) {
      await storage.delete(key);
      return;
    }
    log.info({ exportId, bytes }, "made a district's screening export");
  } catch (error) {
    if (run.lastTry)
      await db
        .update(screeningExports)
        .set({ status: "failed" })
        .where(eq(screeningExports.id, exportId));
    throw error;
  } finally {
    await rm(file, { force: true });
  }
  // A file left behind here goes at the district's next finished export, which sweeps again.
  await removeReplacedExports(db, storage, started.districtId).catch((error: unknown) =>
    log.error({ error, exportId }, "could not remove a district's older screening export"),
  );
}

/**
 * Keeps a district's newest finished export only: every export before it goes, with its file,
 * the failed and the lost ones too (while one is being made no other starts, so none of them is
 * still being made), and the page has nothing more to say of them.
 */
async function removeReplacedExports(db: Db, storage: Storage, districtId: number) {
  const [newest] = await db
    .select({ id: sql<number>`max(${screeningExports.id})` })
    .from(screeningExports)
    .where(and(eq(screeningExports.districtId, districtId), eq(screeningExports.status, "ready")));
  if (!newest?.id) return;
  const replaced = await db
    .select({ id: screeningExports.id, fileKey: screeningExports.fileKey })
    .from(screeningExports)
    .where(and(eq(screeningExports.districtId, districtId), lt(screeningExports.id, newest.id)));
  for (const { id, fileKey } of replaced) {
    if (fileKey) await storage.delete(fileKey);
    await db.delete(screeningExports).where(eq(screeningExports.id, id));
  }
}
