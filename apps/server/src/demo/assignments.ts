import { STUDENT_PLAN_IDS } from "@refrain/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { assignments, lessons, users } from "../db/schema/index.ts";
import { seededRandom } from "./plan/random.ts";

interface PlannedRow {
  studentId: number;
  lessonId: number;
  assignedBy: "teacher" | "auto";
  status: "assigned" | "started" | "completed";
  assignedAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

const DAY_MS = 86_400_000;
const BATCH = 20_000;

/**
 * A history of lesson plans for every student of the world, so the assignment counts and
 * checkboxes mean something: two to four lessons of the student's level assigned by the
 * teacher (the oldest completed, the newest just assigned, any between started or completed)
 * and up to two the student started on their own. Dates spread over the last five weeks.
 * Deterministic for a given world (students and lessons in id order); `now` anchors the dates.
 */
export async function generateAssignments(db: Db, now = new Date()): Promise<number> {
  const random = seededRandom(1105);
  const students = await db
    .select({ id: users.id, planId: users.planId })
    .from(users)
    .where(eq(users.role, "student"))
    .orderBy(asc(users.id));
  const catalog = await db
    .select({ id: lessons.id, planId: lessons.planId })
    .from(lessons)
    .where(inArray(lessons.planId, [...STUDENT_PLAN_IDS]))
    .orderBy(asc(lessons.id));
  const byLevel = new Map<number, number[]>();
  for (const l of catalog) byLevel.set(l.planId, [...(byLevel.get(l.planId) ?? []), l.id]);

  // A school-day hour `days` before now, never later than now.
  const daysAgo = (days: number, hour: number) =>
    new Date(now.getTime() - days * DAY_MS - (18 - hour) * 3_600_000);
  const rows: PlannedRow[] = [];
  for (const student of students) {
    const pool = [...(byLevel.get(student.planId ?? 0) ?? [])];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
    }
    const teacherCount = Math.min(pool.length, random.int(2, 4));
    const ownCount = Math.min(pool.length - teacherCount, random.int(0, 2));
    // Oldest first: each lesson was assigned about a week after the one before.
    for (let k = 0; k < teacherCount; k++) {
      const assignedDaysAgo = 35 - 8 * k - random.int(0, 3);
      const status =
        k === 0
          ? "completed"
          : k === teacherCount - 1
            ? "assigned"
            : random.pick(["started", "completed"] as const);
      rows.push(
        plannedRow(
          student.id,
          pool[k] as number,
          "teacher",
          status,
          assignedDaysAgo,
          random,
          daysAgo,
        ),
      );
    }
    for (let k = 0; k < ownCount; k++) {
      const startedDaysAgo = random.int(2, 20);
      const status = random.next() < 0.75 ? "started" : "completed";
      rows.push(
        plannedRow(
          student.id,
          pool[teacherCount + k] as number,
          "auto",
          status,
          startedDaysAgo,
          random,
          daysAgo,
        ),
      );
    }
  }
  for (let i = 0; i < rows.length; i += BATCH) await insertBatch(db, rows.slice(i, i + BATCH));
  return rows.length;
}

/** A Postgres array literal, so a whole column travels as one parameter. */
const pgArray = (values: readonly (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? "NULL" : typeof v === "number" ? v : `"${v}"`)).join(",")}}`;

/**
 * One statement per batch with a parameter per column (unnest of arrays): on PGlite this is
 * several times faster than a multi-row VALUES list for the large world's 80,000 rows.
 */
async function insertBatch(db: Db, rows: readonly PlannedRow[]) {
  const column = <T extends string | number | null>(pick: (r: PlannedRow) => T) =>
    pgArray(rows.map(pick));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  await db.execute(sql`
    insert into ${assignments}
      (student_id, lesson_id, assigned_by, status, assigned_at, started_at, completed_at)
    select * from unnest(
      ${column((r) => r.studentId)}::int[],
      ${column((r) => r.lessonId)}::int[],
      ${column((r) => r.assignedBy)}::text[],
      ${column((r) => r.status)}::text[],
      ${column((r) => iso(r.assignedAt))}::timestamptz[],
      ${column((r) => iso(r.startedAt))}::timestamptz[],
      ${column((r) => iso(r.completedAt))}::timestamptz[]
    )`);
}

function plannedRow(
  studentId: number,
  lessonId: number,
  assignedBy: "teacher" | "auto",
  status: "assigned" | "started" | "completed",
  firstDaysAgo: number,
  random: ReturnType<typeof seededRandom>,
  daysAgo: (days: number, hour: number) => Date,
): PlannedRow {
  const hour = random.int(8, 14);
  // A student's own lesson is assigned to them the moment they start it.
  const startedDaysAgo = assignedBy === "auto" ? firstDaysAgo : firstDaysAgo - random.int(0, 2);
  const completedDaysAgo = Math.max(0, startedDaysAgo - random.int(3, 5));
  return {
    studentId,
    lessonId,
    assignedBy,
    status,
    assignedAt: daysAgo(firstDaysAgo, hour),
    startedAt: status === "assigned" ? null : daysAgo(startedDaysAgo, hour + 1),
    completedAt: status === "completed" ? daysAgo(completedDaysAgo, hour + 2) : null,
  };
}
