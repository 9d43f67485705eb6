import {
  type CutScoresInput,
  type CutScoreTable,
  type CutScores as Cuts,
  normCuts,
  SCREENED_GRADES,
  SEASONS,
  type Season,
} from "@refrain/domain";
import { asc, eq, inArray } from "drizzle-orm";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { forbidden } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { districtCutScores } from "../../db/schema/index.ts";
import type { CalendarScope } from "./windows.ts";

/**
 * A district's own cut scores (issue 39, decision 0037): a table per grade and season that
 * replaces the norms' cuts for the tiers of its students; the percentile stays the norms'.
 */

/** A grade and season's key in a district's cuts. */
export const cutKey = (grade: number, season: Season) => `${grade} ${season}`;

/** Each district's cuts by grade and season, for the districts named. */
export async function cutsOf(
  db: Db,
  districtIds: readonly number[],
): Promise<Map<number, Map<string, Cuts>>> {
  const ids = [...new Set(districtIds)];
  const rows =
    ids.length === 0
      ? []
      : await db.select().from(districtCutScores).where(inArray(districtCutScores.districtId, ids));
  const out = new Map<number, Map<string, Cuts>>();
  for (const row of rows) {
    const cuts = out.get(row.districtId) ?? new Map<string, Cuts>();
    cuts.set(cutKey(row.grade, row.season), {
      benchmark: row.benchmark,
      wellBelow: row.wellBelow,
    });
    out.set(row.districtId, cuts);
  }
  return out;
}

/** The district admin's district's table, beside the norms'. */
export async function districtCutTable(db: Db, districtId: number | null): Promise<CutScoreTable> {
  if (districtId === null) throw forbidden();
  const rows = await db
    .select({
      grade: districtCutScores.grade,
      season: districtCutScores.season,
      benchmark: districtCutScores.benchmark,
      wellBelow: districtCutScores.wellBelow,
    })
    .from(districtCutScores)
    .where(eq(districtCutScores.districtId, districtId))
    .orderBy(asc(districtCutScores.grade));
  const order = (season: Season) => SEASONS.indexOf(season);
  rows.sort((a, b) => a.grade - b.grade || order(a.season) - order(b.season));
  const norms = SCREENED_GRADES.flatMap((grade) =>
    SEASONS.map((season) => {
      const cuts = normCuts(grade, season);
      return {
        grade,
        season,
        benchmark: cuts?.benchmark ?? null,
        wellBelow: cuts?.wellBelow ?? null,
      };
    }),
  );
  return { rows, norms };
}

/** Replaces the district's table; an empty one goes back to the norms'. Audited. */
export async function saveCutScores(
  db: Db,
  auth: Pick<Auth, "user" | "impersonator">,
  input: CutScoresInput,
  ip: string,
): Promise<CutScoreTable> {
  const districtId = auth.user.districtId;
  if (districtId === null) throw forbidden();
  await db.transaction(async (tx) => {
    await tx.delete(districtCutScores).where(eq(districtCutScores.districtId, districtId));
    if (input.rows.length > 0)
      await tx
        .insert(districtCutScores)
        .values(input.rows.map((row) => ({ ...row, districtId, updatedBy: auth.user.id })));
    await recordAudit(tx, {
      actor: auth,
      action: "screening.cut_scores",
      target: null,
      ip,
      details: { districtId, rows: input.rows },
    });
  });
  return districtCutTable(db, districtId);
}

/** The district's cut scores of a class's scope, by grade and season (none: the norms'). */
export async function cutsOfScope(
  db: Db,
  scope: CalendarScope,
): Promise<ReadonlyMap<string, Cuts>> {
  if (scope.districtId === null) return new Map();
  return (await cutsOf(db, [scope.districtId])).get(scope.districtId) ?? new Map();
}

/** The cut scores a grade is judged by in a season: the district's, else the norms'. */
export const cutsFor = (cuts: ReadonlyMap<string, Cuts>, grade: number, season: Season) =>
  cuts.get(cutKey(grade, season)) ?? normCuts(grade, season);
