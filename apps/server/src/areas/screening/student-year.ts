import { dayOf, gradeOfPlan, SEASONS, type Season, schoolYearNumber } from "@refrain/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { cutsFor, cutsOfScope } from "./cut-scores.ts";
import { benchmarkReadings, passagesOf, studentInWindow } from "./results.ts";
import { scopeOfClass, windowsIn } from "./windows.ts";

/**
 * One window of a student's school year as the family's graph draws it (issue 39): the score
 * and the line it is measured against, and nothing else (no tier, no percentile).
 */
export interface SeasonScore {
  season: Season;
  /** The median WCPM of the three passages; null until all three are graded. */
  wcpm: number | null;
  /**
   * The lowest score at grade level: the district's cut, else the norms' 50th percentile (the
   * cut the tier is taken by); null where the norms have no row (grade 1 in the fall).
   */
  benchmark: number | null;
}

/**
 * A student's three windows of today's school year, in their class's calendar: one student's
 * readings, not the class's, since a family's page is about one child.
 */
export async function screeningYearOf(
  db: Db,
  studentId: number,
  now = new Date(),
): Promise<SeasonScore[]> {
  const [student] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      planId: users.planId,
      teacherId: users.teacherId,
    })
    .from(users)
    .where(eq(users.id, studentId));
  if (!student || student.teacherId === null) return [];
  const scope = await scopeOfClass(db, student.teacherId);
  const { windows } = await windowsIn(db, scope, schoolYearNumber(dayOf(now)));
  const cuts = await cutsOfScope(db, scope);
  const days = windows.flatMap((w) => [w.start, w.end]).sort();
  const readings = await benchmarkReadings(
    db,
    eq(users.id, student.id),
    [...new Set(windows.flatMap(passagesOf))],
    days[0] as string,
    days.at(-1) as string,
  );
  const grade = gradeOfPlan(student.planId ?? 6);
  return SEASONS.flatMap((season) => {
    const window = windows.find((w) => w.season === season);
    if (!window) return [];
    const { result } = studentInWindow(student, window, readings, new Map(), cuts);
    return [
      {
        season,
        wcpm: result && result.status !== "incomplete" ? result.wcpm : null,
        benchmark: cutsFor(cuts, grade, season)?.benchmark ?? null,
      },
    ];
  });
}
