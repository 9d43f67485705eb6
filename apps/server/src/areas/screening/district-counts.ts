import { dayOf, type Season, schoolYearNumber } from "@refrain/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { schoolsOf } from "../../core/access.ts";
import type { Db } from "../../db/client.ts";
import {
  districts,
  schools,
  screeningCounts,
  screeningCountsMade,
  screeningDistrictCounts,
  screeningDistrictCountsState,
} from "../../db/schema/index.ts";
import { freshCounts, type SumRow, WHOLE_SCHOOL } from "./counts.ts";
import { calendarsOf } from "./windows.ts";

/**
 * A district's screening sums (decision 0038): its schools' whole-school counts added up per
 * season, grade and bucket, kept in `screening_district_counts` and made again whole when
 * `screening_district_counts_state` says a school of the district changed since. A view of a
 * district whose sums stand reads one row to know it, however many schools the district has.
 */

/**
 * Makes a district's year's sums again unless they stand: its schools' counts made current first
 * (`freshCounts`), then added up in the database, whole.
 *
 * The state is cleared before any input is read, so a change landing while the sums are made
 * marks them again and the next view makes them anew. Each maker takes a number as it clears;
 * only the latest may keep its sums (an earlier one, overtaken, read older inputs), and until it
 * has (or if it fails) `made` differs from `making` and the sums do not stand.
 */
export async function freshDistrictCounts(db: Db, districtId: number, year: number): Promise<void> {
  const state = screeningDistrictCountsState;
  const ofYear = and(eq(state.districtId, districtId), eq(state.schoolYear, year));
  const [found] = await db
    .select({ changed: state.changed, making: state.making, made: state.made })
    .from(state)
    .where(ofYear);
  if (found && !found.changed && found.made === found.making) return;
  const [maker] = await db
    .insert(state)
    .values({ districtId, schoolYear: year, changed: false, making: 1 })
    .onConflictDoUpdate({
      target: [state.districtId, state.schoolYear],
      set: { changed: false, making: sql`${state.making} + 1` },
    })
    .returning({ making: state.making });
  const schoolRows = await db
    .select({ id: schools.id, districtId: schools.districtId })
    .from(schools)
    .where(schoolsOf(districtId));
  await freshCounts(db, schoolRows, year, await calendarsOf(db, schoolRows, year));
  await db.transaction(async (tx) => {
    // One maker of a district's sums at a time: a second waits here, then finds whether it is
    // still the latest.
    await tx.execute(
      sql`select ${districts.id} from ${districts} where ${districts.id} = ${districtId} for no key update`,
    );
    const [latest] = await tx.select({ making: state.making }).from(state).where(ofYear);
    if (!maker || latest?.making !== maker.making) return;
    await tx
      .delete(screeningDistrictCounts)
      .where(
        and(
          eq(screeningDistrictCounts.districtId, districtId),
          eq(screeningDistrictCounts.schoolYear, year),
        ),
      );
    await tx.execute(sql`insert into ${screeningDistrictCounts}
      (district_id, school_year, season, grade, bucket, students)
      select ${districtId}, ${year}, c.season, c.grade, c.bucket, sum(c.students)::int
      from ${screeningCounts} c
      join ${schools} s on s.id = c.school_id and s.district_id = ${districtId}
      join ${screeningCountsMade} m on m.school_id = c.school_id and m.school_year = ${year}
      where c.school_year = ${year} and c.teacher_id = ${WHOLE_SCHOOL}
      group by c.season, c.grade, c.bucket`);
    await tx.update(state).set({ made: maker.making }).where(ofYear);
  });
}

/** A district's kept sums in a year's seasons, per grade (`schoolId` null: the whole district). */
export async function districtGradeSums(
  db: Db,
  districtId: number,
  year: number,
  seasons: readonly Season[],
): Promise<SumRow[]> {
  return db
    .select({
      schoolId: sql<null>`null`,
      grade: screeningDistrictCounts.grade,
      season: screeningDistrictCounts.season,
      bucket: screeningDistrictCounts.bucket,
      students: screeningDistrictCounts.students,
    })
    .from(screeningDistrictCounts)
    .where(
      and(
        eq(screeningDistrictCounts.districtId, districtId),
        eq(screeningDistrictCounts.schoolYear, year),
        inArray(screeningDistrictCounts.season, [...seasons]),
      ),
    );
}

/**
 * The "screening-counts" schedule's sweep: this school year's counts of every school made again
 * where its inputs changed, and each district's sums of them, so that a change reaching many
 * schools at once (a district's windows or cut scores, a roster import) is counted before an
 * admin opens the page.
 */
export async function sweepCounts(db: Db, now = new Date()): Promise<void> {
  const year = schoolYearNumber(dayOf(now));
  const schoolRows = await db
    .select({ id: schools.id, districtId: schools.districtId })
    .from(schools);
  await freshCounts(db, schoolRows, year, await calendarsOf(db, schoolRows, year));
  for (const districtId of new Set(schoolRows.flatMap((s) => s.districtId ?? [])))
    await freshDistrictCounts(db, districtId, year);
}
