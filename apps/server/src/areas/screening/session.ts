import {
  currentWindow,
  dayOf,
  gradeOfPlan,
  schoolYearNumber,
  type WindowWithPassages,
  windowOn,
} from "@refrain/domain";
import { and, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recordings } from "../../db/schema/index.ts";
import { scopeOfClass, windowsIn } from "./windows.ts";

/**
 * A student's benchmark readings window by window (issue 39). A grade's passages may be the same
 * three in every window (the default windows', decision 0037), so a passage read in the fall is
 * read again in the winter: a benchmark reading counts in the window it was made in, and what a
 * student has "already read" is what they read since the current window began.
 */

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

async function classWindows(db: Db, teacherId: number, now: Date): Promise<WindowWithPassages[]> {
  const scope = await scopeOfClass(db, teacherId);
  return (await windowsIn(db, scope, schoolYearNumber(dayOf(now)))).windows;
}

/**
 * When the class's current window began (the one open today, else the latest begun this school
 * year): a benchmark reading made before it belongs to an earlier window, and the passage may be
 * recorded again.
 */
export async function windowBeganFor(db: Db, teacherId: number, now = new Date()): Promise<Date> {
  const windows = await classWindows(db, teacherId, now);
  return midnight(currentWindow(dayOf(now), windows).start);
}

/**
 * Of `assignedIds` (the benchmark passages the teacher assigned, in the home's order), those the
 * student is to read now: the passages of their grade in the window open today, not yet read in
 * it. None while no window is open: a reading then would count in no window.
 */
export async function benchmarkToReadOf(
  db: Db,
  student: { id: number; teacherId: number; planId: number | null },
  assignedIds: readonly number[],
  now = new Date(),
): Promise<number[]> {
  if (assignedIds.length === 0) return [];
  const open = windowOn(dayOf(now), await classWindows(db, student.teacherId, now));
  if (!open) return [];
  const ofGrade =
    open.passages[String(gradeOfPlan(student.planId ?? 6)) as keyof WindowWithPassages["passages"]];
  const due = assignedIds.filter((id) => ofGrade?.includes(id));
  if (due.length === 0) return [];
  const read = await db
    .select({ lessonId: recordings.lessonId })
    .from(recordings)
    .where(
      and(
        eq(recordings.studentId, student.id),
        eq(recordings.classification, "benchmark"),
        inArray(recordings.lessonId, due),
        gte(recordings.createdAt, midnight(open.start)),
      ),
    );
  const done = new Set(read.map((r) => r.lessonId));
  return due.filter((id) => !done.has(id));
}
