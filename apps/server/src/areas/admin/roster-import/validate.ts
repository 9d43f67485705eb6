import {
  DATA_FILES,
  fileName,
  type ImportPreview,
  PREVIEW_OVERWRITES,
  planRoster,
  type RosterPlan,
  referenceProblems,
} from "@refrain/domain";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Storage } from "../../../adapters/storage.ts";
import type { Log } from "../../../core/jobs.ts";
import type { Db } from "../../../db/client.ts";
import { rosterImportProblems, rosterImports } from "../../../db/schema/index.ts";
import { loadExisting } from "./existing.ts";
import { locate, type ReadRoster, type RowLevelProblem, readRoster, rosterDiff } from "./state.ts";

export interface ImportDeps {
  db: Db;
  /** Where uploaded packages wait: the media store, which every server and worker shares. */
  store: Storage;
  log: Log;
}

/** The most problems kept per import: a file that is wrong throughout says so soon enough. */
const KEPT_PROBLEMS = 10_000;

/** A package read, checked and planned: everything the preview and the apply start from. */
export async function examine(db: Db, districtId: number, zip: Uint8Array, options = NO_CHOICES) {
  const roster = await readRoster(db, districtId, zip);
  const problems: RowLevelProblem[] = roster.read.problems.map((p) => ({
    ...p,
    severity: "error",
    sourcedId: null,
    field: null,
  }));
  problems.push(...roster.problems);
  if (roster.read.problems.length > 0) return { roster, problems, plan: null, existing: null };
  for (const p of referenceProblems(roster.state)) problems.push(locate(roster, p));
  const existing = await loadExisting(db, districtId, roster.state);
  const plan = planRoster(roster.state, existing, options);
  for (const p of plan.problems) problems.push(locate(roster, p));
  return { roster, problems, plan, existing };
}
const NO_CHOICES = { schoolMatches: {}, levelsFromGrades: false };

/**
 * The `roster-validate` job: reads the uploaded package, keeps its problems and its preview,
 * and leaves the import ready to apply, or invalid. Changes nothing else, so a retry is safe.
 */
export async function validateImport(deps: ImportDeps, importId: number) {
  const { db } = deps;
  const [found] = await db.select().from(rosterImports).where(eq(rosterImports.id, importId));
  if (found?.status !== "validating") return;
  const zip = await deps.store.get(found.fileKey);
  if (!zip) {
    await db
      .update(rosterImports)
      .set({ status: "failed", failure: "The uploaded package is gone; upload it again." })
      .where(eq(rosterImports.id, importId));
    return;
  }
  // Counted again with the admin's choices when they asked (service.ts recount).
  const choices = {
    schoolMatches: found.options?.schoolMatches ?? {},
    levelsFromGrades: found.options?.levelsFromGrades ?? false,
  };
  const { roster, problems, plan, existing } = await examine(db, found.districtId, zip, choices);
  const errors = problems.filter((p) => p.severity === "error").length;
  const preview =
    plan && existing ? previewOf(roster, plan, existing.teachers, problems, choices) : null;
  await db.transaction(async (tx) => {
    await tx.delete(rosterImportProblems).where(eq(rosterImportProblems.importId, importId));
    const kept = [...problems]
      .sort((a, b) => Number(a.severity !== "error") - Number(b.severity !== "error"))
      .slice(0, KEPT_PROBLEMS);
    if (problems.length > kept.length)
      kept.push({
        file: "package",
        line: null,
        sourcedId: null,
        field: null,
        severity: "error",
        message: `${problems.length - kept.length} more problems are not listed; fix these and upload the package again.`,
      });
    for (let i = 0; i < kept.length; i += 1000)
      await tx
        .insert(rosterImportProblems)
        .values(kept.slice(i, i + 1000).map((p) => ({ ...p, importId })));
    await tx
      .update(rosterImports)
      .set({
        status: errors > 0 || !preview ? "invalid" : "ready",
        errors,
        warnings: problems.length - errors,
        preview,
        validatedAt: new Date(),
      })
      .where(and(eq(rosterImports.id, importId), eq(rosterImports.status, "validating")));
  });
  deps.log.info(
    { importId, errors, warnings: problems.length - errors },
    "roster package validated",
  );
}

export function previewOf(
  roster: ReadRoster,
  plan: RosterPlan,
  teachers: { id: number; firstName: string; lastName: string; username: string }[],
  problems: RowLevelProblem[],
  choices: ImportPreview["choices"],
): ImportPreview {
  const diff = rosterDiff(roster.previous, roster.state);
  const teacherName = new Map(
    teachers.map((t) => [t.id, `${t.firstName} ${t.lastName}`.trim() || t.username]),
  );
  const byFile = new Map<string, { errors: number; warnings: number }>();
  for (const p of problems) {
    const entry = byFile.get(p.file) ?? { errors: 0, warnings: 0 };
    if (p.severity === "error") entry.errors++;
    else entry.warnings++;
    byFile.set(p.file, entry);
  }
  return {
    files: DATA_FILES.flatMap((file) => {
      const mode = roster.read.modes[file];
      if (!mode) return [];
      return [
        {
          file: fileName(file),
          mode,
          rows: roster.read.rows[file] ?? 0,
          used: file !== "demographics",
        },
      ];
    }),
    passedOver: roster.read.passedOver,
    counts: { ...plan.counts, classes: diff.classes, enrollments: diff.enrollments },
    schools: plan.schools.map((s) => ({
      sourcedId: s.sourcedId,
      name: s.name,
      identifier: s.identifier,
      schoolId: s.schoolId,
      how: s.how,
      teachers: s.teachers.length,
      students: s.students.length,
    })),
    overwrites: plan.overwrites.slice(0, PREVIEW_OVERWRITES).map((o) => ({
      student: o.student,
      teacher: teacherName.get(o.teacherId) ?? "",
      field: o.field,
      current: o.current,
      incoming: o.incoming,
    })),
    overwritesTotal: plan.overwrites.length,
    problemsByFile: [...byFile].map(([file, n]) => ({ file, ...n })),
    choices,
  };
}

/** How long a package that was not applied waits before it is discarded with its file. */
export const UNAPPLIED_DAYS = 7;

/**
 * Daily: packages a week old that nobody applied are discarded, their files (people's names)
 * removed. Answers how many.
 */
export async function discardStaleImports(deps: Pick<ImportDeps, "db" | "store">) {
  const stale = await deps.db
    .update(rosterImports)
    .set({ status: "discarded" })
    .where(
      and(
        inArray(rosterImports.status, ["validating", "ready", "invalid", "failed"]),
        lt(rosterImports.createdAt, sql`now() - make_interval(days => ${UNAPPLIED_DAYS})`),
      ),
    )
    .returning({ fileKey: rosterImports.fileKey });
  for (const { fileKey } of stale) await deps.store.delete(fileKey);
  return stale.length;
}

/**
 * Runs a roster job's work; when it fails on its last try the import is marked failed, in
 * words the admin reads, and may be uploaded again.
 */
export async function failedOnLastTry(
  db: Db,
  importId: number,
  step: "validating" | "applying",
  run: { lastTry: boolean },
  work: () => Promise<unknown>,
) {
  try {
    await work();
  } catch (error) {
    if (run.lastTry) await failImport(db, importId, step);
    throw error;
  }
}

async function failImport(db: Db, importId: number, step: "validating" | "applying") {
  await db
    .update(rosterImports)
    .set({
      status: "failed",
      failure:
        step === "validating"
          ? "Checking the package stopped on an error. Upload it again; if it happens again, contact us."
          : "Applying stopped on an error. Schools already imported are complete; upload the package again to finish the rest.",
    })
    .where(and(eq(rosterImports.id, importId), eq(rosterImports.status, step)));
}
