import {
  csvLine,
  dayOf,
  EXPORT_COLUMNS,
  gradeOfPlan,
  percentileText,
  SEASONS,
  type StudentScreening,
  WINDOW_SHORT,
  windowOn,
  windowsOnly,
} from "@refrain/domain";
import { and, asc, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import { studentsOfSchool } from "../../core/access.ts";
import type { Db } from "../../db/client.ts";
import { monitoringPlans, schools, users } from "../../db/schema/index.ts";
import { cutsOf } from "./cut-scores.ts";
import { pointsOf } from "./plan-figures.ts";
import { benchmarkReadings, passagesOf, type Reading, studentInWindow } from "./results.ts";
import { calendarsOf } from "./windows.ts";

/**
 * A district's screening data for a school year (issue 39 part 6, decision 0037), as CSV lines:
 * one row per student and window with a passage read, and one per monitoring point, keyed by
 * the roster's `sourcedId` where the district rostered from OneRoster and by Refrain's ids.
 * Read one school at a time, so memory holds one school's students and readings, whatever the
 * district's size; the caller writes the lines as they come. `onSchool` hears how many of the
 * district's schools are done as each begins and at the end, for the job's progress.
 */
export async function* districtExport(
  db: Db,
  districtId: number,
  year: number,
  onSchool: (done: number, total: number) => Promise<void>,
): AsyncGenerator<string> {
  yield csvLine(EXPORT_COLUMNS);
  const schoolRows = await db
    .select({
      id: schools.id,
      name: schools.name,
      districtId: schools.districtId,
      sourcedId: schools.sourcedId,
    })
    .from(schools)
    .where(eq(schools.districtId, districtId))
    .orderBy(asc(schools.name), asc(schools.id));
  const [calendars, cutsByDistrict] = await Promise.all([
    calendarsOf(db, schoolRows, year),
    cutsOf(db, [districtId]),
  ]);
  const cuts = cutsByDistrict.get(districtId) ?? new Map();
  const names = new Map<number, string>();
  for (const [done, school] of schoolRows.entries()) {
    await onSchool(done, schoolRows.length);
    const windows = calendars.get(school.id) ?? [];
    const students = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        planId: users.planId,
        username: users.username,
        sourcedId: users.sourcedId,
      })
      .from(users)
      .where(studentsOfSchool(school.id))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    if (students.length === 0 || windows.length === 0) continue;
    const first = windows[0]?.start as string;
    const last = windows.at(-1)?.end as string;
    const [readings, plans] = await Promise.all([
      benchmarkReadings(
        db,
        studentsOfSchool(school.id),
        [...new Set(windows.flatMap(passagesOf))],
        first,
        last,
      ),
      // Plans begun by the year's end, still open or ended within it.
      db
        .select({ studentId: monitoringPlans.studentId, createdAt: monitoringPlans.createdAt })
        .from(monitoringPlans)
        .innerJoin(users, eq(users.id, monitoringPlans.studentId))
        .where(
          and(
            studentsOfSchool(school.id),
            lte(monitoringPlans.startedOn, last),
            or(isNull(monitoringPlans.endedOn), gte(monitoringPlans.endedOn, first)),
          ),
        ),
    ]);
    const planStart = new Map<number, Date>();
    for (const p of plans) {
      const known = planStart.get(p.studentId);
      if (!known || p.createdAt < known) planStart.set(p.studentId, p.createdAt);
    }
    const monitored = students.filter((s) => planStart.has(s.id));
    const since = new Date(Math.min(...[...planStart.values()].map((d) => d.getTime())));
    const points = monitored.length === 0 ? [] : await pointsOf(db, monitored, since);
    const yearPoints = points.filter(
      (p) =>
        p.day >= first &&
        p.day <= last &&
        p.at >= (planStart.get(p.studentId) as Date).toISOString(),
    );
    await nameGraders(db, names, [
      ...readings.map((r) => r.gradedBy),
      ...yearPoints.map((p) => p.gradedBy),
    ]);
    const byStudent = new Map<number, Reading[]>();
    for (const r of readings)
      byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), r]);
    const pointsBy = new Map<number, typeof yearPoints>();
    for (const p of yearPoints)
      pointsBy.set(p.studentId, [...(pointsBy.get(p.studentId) ?? []), p]);

    for (const student of students) {
      const keys = [
        school.sourcedId,
        school.id,
        school.name,
        student.sourcedId,
        student.id,
        student.username,
        student.lastName,
        student.firstName,
        gradeOfPlan(student.planId ?? 6),
      ];
      const own = byStudent.get(student.id) ?? [];
      for (const season of SEASONS) {
        const window = windows.find((w) => w.season === season);
        if (!window || own.length === 0) continue;
        const screened = studentInWindow(student, window, own, new Map(), cuts);
        const read = screened.passages.filter((p) => p.state !== "not_read");
        if (read.length === 0) continue;
        yield csvLine([
          ...keys,
          "benchmark",
          WINDOW_SHORT[season],
          lastDay(own, screened),
          ...screened.passages.map((p) => p.wcpm),
          ...resultCells(screened),
          graders(own, screened, names),
        ]);
      }
      for (const p of pointsBy.get(student.id) ?? []) {
        const window = windowOn(p.day, windowsOnly(windows));
        yield csvLine([
          ...keys,
          "monitoring",
          window ? WINDOW_SHORT[window.season] : null,
          p.day,
          p.wcpm,
          null,
          null,
          null,
          p.accuracy,
          null,
          null,
          p.gradedBy === null ? null : (names.get(p.gradedBy) ?? null),
        ]);
      }
    }
  }
  await onSchool(schoolRows.length, schoolRows.length);
}

/** Median, accuracy, tier and percentile of a window's result: blank where there is none. */
function resultCells(s: StudentScreening): (string | number | null)[] {
  const r = s.result;
  if (!r) return [null, null, null, null];
  if (r.status === "incomplete") return [null, null, "incomplete", null];
  if (r.status === "unrated") return [r.wcpm, r.accuracy, "unrated", null];
  return [r.wcpm, r.accuracy, r.tier, r.percentile ? percentileText(r.percentile) : null];
}

/** The day of the latest reading that counts among a window's passages. */
function lastDay(own: readonly Reading[], s: StudentScreening): string {
  const ids = new Set(s.passages.flatMap((p) => (p.recordingId === null ? [] : [p.recordingId])));
  const days = own.filter((r) => ids.has(r.recordingId)).map((r) => dayOf(r.createdAt));
  return days.sort().at(-1) ?? "";
}

/** Who confirmed a window's passages: the graders of the readings that count, by name. */
function graders(own: readonly Reading[], s: StudentScreening, names: Map<number, string>) {
  const ids = new Set(s.passages.flatMap((p) => (p.recordingId === null ? [] : [p.recordingId])));
  const who = new Set(
    own.flatMap((r) =>
      ids.has(r.recordingId) && r.gradedBy !== null && r.wpm !== null
        ? [names.get(r.gradedBy) ?? ""]
        : [],
    ),
  );
  who.delete("");
  return [...who].join("; ") || null;
}

/** Adds the names of graders not named yet (one query a school). */
async function nameGraders(db: Db, names: Map<number, string>, ids: (number | null)[]) {
  const missing = [...new Set(ids)].filter((id): id is number => id !== null && !names.has(id));
  if (missing.length === 0) return;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, missing));
  for (const r of rows) names.set(r.id, `${r.firstName} ${r.lastName}`.trim());
}
