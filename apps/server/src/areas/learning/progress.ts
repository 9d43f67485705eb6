import {
  dayPercent,
  EMPTY_PROGRESS,
  isLessonComplete,
  type LessonProgress,
  type LessonRules,
  resolveLessonRules,
  TEST_DAYS,
  type TestDay,
  type TriState,
} from "@refrain/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import {
  assignments,
  classSettings,
  examAttempts,
  extensionResponses,
  lessons,
  readAlongs,
  users,
} from "../../db/schema/index.ts";
import { classSettingsColumns, lessonDefaultsOf, orDefaults } from "../account/index.ts";
import { studentMayTake } from "../lessons/index.ts";

/** What the server knows of a lesson beyond the domain's progress: attempts per day. */
export interface StoredProgress extends LessonProgress {
  attempts: Record<TestDay, number>;
  /** When anything was last recorded in the lesson, for "continue where I left off". */
  lastActivity: Date | null;
}

/** A stored nullable setting as the roster's tri-state: null inherits the class default. */
export const tri = (value: boolean | null): TriState =>
  value === null ? "inherit" : value ? 1 : 0;

/** The student's `require_3x` and `require_retake`, resolved against their class's preferences. */
export async function rulesOf(db: Db, studentId: number): Promise<LessonRules> {
  const [row] = await db
    .select({
      require3x: users.require3x,
      requireRetake: users.requireRetake,
      settings: classSettingsColumns,
    })
    .from(users)
    .leftJoin(classSettings, eq(classSettings.teacherId, users.teacherId))
    .where(eq(users.id, studentId));
  const own = ownedOr404(row);
  return resolveLessonRules(
    { require_3x: tri(own.require3x), require_retake: tri(own.requireRetake) },
    lessonDefaultsOf(orDefaults(own.settings)),
  );
}

/** A lesson the student may open (their level or in their plan), else 404. */
export async function lessonForStudent(db: Db, studentId: number, lessonId: number) {
  const [row] = await db
    .select({ id: lessons.id, planId: lessons.planId })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  const lesson = ownedOr404(row);
  await studentMayTake(db, studentId, lesson);
  return lesson;
}

// One text for any number of lessons (`= any(array)`, not `in (…)`), so each is prepared once.
const studentIdIs = sql.placeholder("studentId");
const lessonIdsAre = (column: AnyPgColumn) =>
  sql`${column} = any(${sql.placeholder("lessonIds")}::int[])`;

const readAlongCounts = hot("learning_read_along_counts", (db) =>
  db
    .select({
      lessonId: readAlongs.lessonId,
      n: sql<number>`count(*)::int`,
      last: sql<string>`max(${readAlongs.createdAt})`,
    })
    .from(readAlongs)
    .where(and(eq(readAlongs.studentId, studentIdIs), lessonIdsAre(readAlongs.lessonId)))
    .groupBy(readAlongs.lessonId),
);

const examTries = hot("learning_exam_tries", (db) =>
  db
    .select({
      lessonId: examAttempts.lessonId,
      day: examAttempts.day,
      attempt: examAttempts.attempt,
      correct: examAttempts.correct,
      solved: examAttempts.solved,
      createdAt: examAttempts.createdAt,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.studentId, studentIdIs), lessonIdsAre(examAttempts.lessonId)))
    .orderBy(examAttempts.attempt),
);

const extensionStates = hot("learning_extension_states", (db) =>
  db
    .select({
      lessonId: extensionResponses.lessonId,
      submittedAt: extensionResponses.submittedAt,
      draftSavedAt: extensionResponses.draftSavedAt,
    })
    .from(extensionResponses)
    .where(
      and(eq(extensionResponses.studentId, studentIdIs), lessonIdsAre(extensionResponses.lessonId)),
    ),
);

/**
 * Each lesson's progress: read-alongs counted, each day's latest attempt (a retake replaces
 * the score judged), how many attempts, and the day 4 state.
 */
export async function progressOf(
  db: Db,
  studentId: number,
  lessonIds: readonly number[],
): Promise<Map<number, StoredProgress>> {
  const out = new Map<number, StoredProgress>();
  if (lessonIds.length === 0) return out;
  const ids = [...lessonIds];
  for (const id of ids)
    out.set(id, {
      ...EMPTY_PROGRESS,
      days: { ...EMPTY_PROGRESS.days },
      attempts: { 1: 0, 2: 0, 3: 0 },
      lastActivity: null,
    });
  const touch = (p: StoredProgress, at: Date) => {
    if (!p.lastActivity || at > p.lastActivity) p.lastActivity = at;
  };
  const reads = await readAlongCounts(db).execute({ studentId, lessonIds: ids });
  for (const r of reads) {
    const p = out.get(r.lessonId);
    if (!p) continue;
    p.readAlongs = r.n;
    touch(p, new Date(r.last));
  }
  const tries = await examTries(db).execute({ studentId, lessonIds: ids });
  for (const t of tries) {
    const p = out.get(t.lessonId);
    if (!p || !TEST_DAYS.includes(t.day as TestDay)) continue;
    const day = t.day as TestDay;
    // Ordered by attempt, so the last one written is the latest.
    p.days[day] = dayPercent(t.correct, t.solved);
    p.attempts[day] = Math.max(p.attempts[day], t.attempt);
    touch(p, t.createdAt);
  }
  const written = await extensionStates(db).execute({ studentId, lessonIds: ids });
  for (const w of written) {
    const p = out.get(w.lessonId);
    if (!p) continue;
    p.extension = w.submittedAt ? "submitted" : "draft";
    touch(p, w.draftSavedAt);
  }
  return out;
}

export async function progressOfOne(db: Db, studentId: number, lessonId: number) {
  const map = await progressOf(db, studentId, [lessonId]);
  return map.get(lessonId) as StoredProgress;
}

/**
 * The student opened or worked in the lesson: a teacher's assignment moves from assigned to
 * started, and a lesson nobody assigned becomes theirs, started on their own
 * (docs/decisions/0006). A started or completed one stays as it is.
 */
export async function markStarted(db: Db, studentId: number, lessonId: number, now: Date) {
  await db
    .insert(assignments)
    .values({ studentId, lessonId, assignedBy: "auto", status: "started", startedAt: now })
    .onConflictDoUpdate({
      target: [assignments.studentId, assignments.lessonId],
      set: { status: "started", startedAt: now },
      setWhere: eq(assignments.status, "assigned"),
    });
}

/** Something was recorded in the lesson: it is started, and completed if that finished it. */
export async function recordActivity(db: Db, studentId: number, lessonId: number) {
  const now = new Date();
  await markStarted(db, studentId, lessonId, now);
  const rules = await rulesOf(db, studentId);
  const progress = await progressOfOne(db, studentId, lessonId);
  if (!isLessonComplete(progress, rules)) return;
  await db
    .update(assignments)
    .set({ status: "completed", completedAt: now })
    .where(
      and(
        eq(assignments.studentId, studentId),
        eq(assignments.lessonId, lessonId),
        ne(assignments.status, "completed"),
      ),
    );
}
