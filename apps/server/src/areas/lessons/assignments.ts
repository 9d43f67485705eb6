import {
  type AssignLessonsResponse,
  type AssignmentStudent,
  type assignLessonsRequest,
  fullName,
  readingLevel,
} from "@refrain/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { classOrder, studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { assignments, lessons, users } from "../../db/schema/index.ts";
import { namedPerson } from "../auth/index.ts";

type AssignBody = z.output<typeof assignLessonsRequest>;
type AssignmentRow = typeof assignments.$inferSelect;

const INSERT_BATCH = 1000;

/**
 * The teacher's students with the lesson ids of their assignments, sorted by name.
 * A lesson is `assigned` while the teacher's and not completed, `started` and `completed` by
 * its status whoever assigned it, and `unassigned` while the student's own and not completed.
 */
export async function listAssignmentStudents(
  db: Db,
  teacherId: number,
): Promise<AssignmentStudent[]> {
  const students = await db
    .select({
      ...namedPerson,
      planId: users.planId,
    })
    .from(users)
    .where(studentsOf(teacherId))
    .orderBy(...classOrder);
  const rows = await db
    .select({
      studentId: assignments.studentId,
      lessonId: assignments.lessonId,
      assignedBy: assignments.assignedBy,
      status: assignments.status,
    })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.studentId))
    .where(studentsOf(teacherId))
    .orderBy(asc(assignments.lessonId));
  const byStudent = new Map<number, typeof rows>();
  for (const row of rows)
    byStudent.set(row.studentId, [...(byStudent.get(row.studentId) ?? []), row]);

  return students.map((s) => {
    const own = byStudent.get(s.id) ?? [];
    const ids = (keep: (row: (typeof rows)[number]) => boolean) =>
      own.filter(keep).map((row) => row.lessonId);
    return {
      id: s.id,
      name: fullName(s.firstName, s.lastName),
      login: s.username,
      level: readingLevel(s.planId ?? 0)?.name ?? "",
      assigned_lessons: ids((r) => r.assignedBy === "teacher" && r.status !== "completed"),
      completed_lessons: ids((r) => r.status === "completed"),
      started_lessons: ids((r) => r.status === "started"),
      unassigned_lessons: ids((r) => r.assignedBy === "auto" && r.status !== "completed"),
    };
  });
}

/**
 * Assigns and removes lessons for several of the teacher's students in one transaction. Any
 * student not in the class or unknown lesson answers 404 and changes nothing.
 *
 * Assigning creates the assignment, or turns a lesson the student started on their own into an
 * assigned one: with `preserve_progress` it keeps its status and dates, without it the lesson
 * starts over. Removing deletes the assignment, untouched or completed; a lesson the student
 * is in the middle of is handed back to them instead (it becomes their own started lesson,
 * progress kept), so reassigning it later with `preserve_progress` picks up where they were. A
 * lesson they are working on of their own accord is left alone.
 */
export async function assignLessons(
  db: Db,
  auth: Auth,
  body: AssignBody,
  ip: string,
): Promise<AssignLessonsResponse> {
  const teacherId = auth.user.id;
  const lessonIds = [...body.assign_lesson_ids, ...body.remove_lesson_ids];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(studentsOf(teacherId), inArray(users.id, body.student_ids)));
    if (found.length !== body.student_ids.length) throw notFound();
    const known = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(inArray(lessons.id, lessonIds));
    if (known.length !== lessonIds.length) throw notFound();

    const existing = await tx
      .select()
      .from(assignments)
      .where(
        and(
          inArray(assignments.studentId, body.student_ids),
          inArray(assignments.lessonId, lessonIds),
        ),
      )
      // Rows are locked so two teachers' tabs cannot interleave on the same students.
      .for("update");
    const rowOf = new Map(existing.map((r) => [`${r.studentId}:${r.lessonId}`, r]));
    const at = (studentId: number, lessonId: number) => rowOf.get(`${studentId}:${lessonId}`);

    const inserts: (typeof assignments.$inferInsert)[] = [];
    const adopt: number[] = [];
    const restart: number[] = [];
    for (const studentId of body.student_ids) {
      for (const lessonId of body.assign_lesson_ids) {
        const row = at(studentId, lessonId);
        if (!row) inserts.push({ studentId, lessonId, assignedBy: "teacher", status: "assigned" });
        // Finished work is never undone: a lesson the student completed on their own is
        // adopted as it is; one they only started restarts unless progress is preserved.
        else if (row.assignedBy === "auto")
          (body.preserve_progress || row.status === "completed" ? adopt : restart).push(row.id);
      }
    }
    const handBack: number[] = [];
    const drop: number[] = [];
    for (const studentId of body.student_ids) {
      for (const lessonId of body.remove_lesson_ids) {
        const row = at(studentId, lessonId);
        if (!row || isStudentsOwn(row)) continue;
        // Only an untouched assignment goes; a started or completed lesson stays the
        // student's own with its progress and scores, so nothing they did is erased.
        (row.status === "assigned" ? drop : handBack).push(row.id);
      }
    }

    let inserted = 0;
    for (let i = 0; i < inserts.length; i += INSERT_BATCH) {
      const rows = await tx
        .insert(assignments)
        .values(inserts.slice(i, i + INSERT_BATCH))
        .onConflictDoNothing()
        .returning({ id: assignments.id });
      inserted += rows.length;
    }
    if (adopt.length > 0)
      await tx
        .update(assignments)
        .set({ assignedBy: "teacher" })
        .where(inArray(assignments.id, adopt));
    if (restart.length > 0)
      await tx
        .update(assignments)
        .set({
          assignedBy: "teacher",
          status: "assigned",
          assignedAt: sql`now()`,
          startedAt: null,
          completedAt: null,
        })
        .where(inArray(assignments.id, restart));
    if (handBack.length > 0)
      await tx
        .update(assignments)
        .set({ assignedBy: "auto" })
        .where(inArray(assignments.id, handBack));
    if (drop.length > 0) await tx.delete(assignments).where(inArray(assignments.id, drop));

    const removed = handBack.length + drop.length;
    if (removed > 0) {
      await recordAudit(tx, {
        actor: auth,
        target: teacherId,
        action: "lessons.remove",
        ip,
        details: {
          studentIds: body.student_ids,
          lessonIds: body.remove_lesson_ids,
          deleted: drop.length,
          handedBack: handBack.length,
        },
      });
    }
    const n = body.student_ids.length;
    return {
      success: true as const,
      message: `Lessons updated for ${n} ${n === 1 ? "student" : "students"}.`,
      data: { assigned: inserted + adopt.length + restart.length, removed },
    };
  });
}

/** A lesson the student took up on their own: removing leaves it with them. */
const isStudentsOwn = (row: AssignmentRow) => row.assignedBy === "auto";
