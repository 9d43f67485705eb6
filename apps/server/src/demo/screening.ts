import {
  BENCHMARK_PLAN_ID,
  type BenchmarkWindow,
  PASSAGES_PER_WINDOW,
  setsLastWord,
} from "@refrain/domain";
import { and, asc, eq, inArray, min } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  assignments,
  lessons,
  lessonWords,
  monitoringDecisions,
  monitoringPlans,
  readAlongs,
  recordingGrades,
  recordings,
  users,
} from "../db/schema/index.ts";
import { seededRandom } from "./plan/random.ts";
import { atDay, planDemoScreening, type ScreeningInput } from "./plan/screening.ts";
import type { WorldSize } from "./plan/world.ts";
import { DEMO_RECORDING_TEACHERS, LYRICS_ONLY_TEACHERS } from "./recordings.ts";

/**
 * Writes the demo's screening (planned in plan/screening.ts from what the world already holds):
 * the readings and their grades, the passages' assignments, the monitoring plans and decisions.
 */

/** The seconds a demo benchmark clip lasts (recordings-media.ts): where its last word falls. */
const CLIP_SECONDS = 35;

/** The students of the recording classes, their levels' lessons, and the windows' passages. */
async function loadInput(db: Db): Promise<ScreeningInput> {
  const teachers = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.role, "teacher"), inArray(users.username, DEMO_RECORDING_TEACHERS)));
  const classOf = new Map(
    teachers.map((t) => [
      t.id,
      { idx: DEMO_RECORDING_TEACHERS.indexOf(t.username), username: t.username },
    ]),
  );
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      teacherId: users.teacherId,
      planId: users.planId,
    })
    .from(users)
    .where(and(eq(users.role, "student"), inArray(users.teacherId, [0, ...classOf.keys()])))
    .orderBy(asc(users.id));
  const students = rows.map((s) => {
    const owner = classOf.get(s.teacherId as number);
    return {
      id: s.id,
      firstName: s.firstName,
      teacherId: s.teacherId as number,
      classIdx: owner?.idx ?? 0,
      planId: s.planId ?? 6,
      lyricsOnly: LYRICS_ONLY_TEACHERS.has(owner?.username ?? ""),
    };
  });
  const catalog = await db
    .select({ id: lessons.id, planId: lessons.planId, grade: lessons.benchmarkGrade })
    .from(lessons)
    .orderBy(asc(lessons.id));
  const passages = new Map<number, number[]>();
  for (const l of catalog)
    if (l.planId === BENCHMARK_PLAN_ID && l.grade !== null)
      passages.set(l.grade, [...(passages.get(l.grade) ?? []), l.id].slice(0, PASSAGES_PER_WINDOW));
  const firstReads = await db
    .select({
      studentId: readAlongs.studentId,
      lessonId: readAlongs.lessonId,
      at: min(readAlongs.createdAt),
    })
    .from(readAlongs)
    .where(inArray(readAlongs.studentId, [0, ...students.map((s) => s.id)]))
    .groupBy(readAlongs.studentId, readAlongs.lessonId);
  const firstOf = new Map(firstReads.map((r) => [`${r.studentId}|${r.lessonId}`, r.at]));
  const levelLessons = new Map(
    students.map((s) => [
      s.id,
      catalog
        .filter((l) => l.planId === s.planId)
        .map((l) => ({ lessonId: l.id, firstReadAlong: firstOf.get(`${s.id}|${l.id}`) ?? null })),
    ]),
  );
  return { students, passages, levelLessons };
}

/**
 * Seeds the demo's screening readings with their grades, the passages' assignments (the teacher
 * gives the class its passages as each window opens) and the monitoring plans with their
 * decisions; none in the large world. Returns how many readings were made.
 */
export async function seedDemoScreening(db: Db, size: WorldSize, now: Date): Promise<number> {
  if (size !== "demo") return 0;
  const input = await loadInput(db);
  const plan = planDemoScreening(input, now);
  if (plan.readings.length === 0) return 0;
  const firstOfName = new Map(input.students.map((s) => [s.id, s]));
  const words = await db
    .select({ id: lessonWords.id, lessonId: lessonWords.lessonId })
    .from(lessonWords)
    .where(inArray(lessonWords.lessonId, [...new Set(plan.readings.map((r) => r.lessonId))]))
    .orderBy(asc(lessonWords.lessonId), asc(lessonWords.position));
  const wordsOf = new Map<number, number[]>();
  for (const w of words) wordsOf.set(w.lessonId, [...(wordsOf.get(w.lessonId) ?? []), w.id]);
  const random = seededRandom(4747);
  const firstWindow = plan.windows[0] as BenchmarkWindow;

  await db.transaction(async (tx) => {
    const benchmarks = plan.readings.filter((r) => r.classification === "benchmark");
    const assigned = new Map(benchmarks.map((r) => [`${r.studentId}|${r.lessonId}`, r]));
    // The class's passages from the first window's first day: one assignment, kept all year.
    if (assigned.size > 0)
      await tx.insert(assignments).values(
        [...assigned.values()].map((r) => ({
          studentId: r.studentId,
          lessonId: r.lessonId,
          assignedBy: "teacher" as const,
          status: "assigned" as const,
          assignedAt: atDay(firstWindow.start, 14),
        })),
      );
    const ids = await tx
      .insert(recordings)
      .values(
        plan.readings.map((r) => ({
          studentId: r.studentId,
          lessonId: r.lessonId,
          classification: r.classification,
          lyricsOnly: r.lyricsOnly,
          sourceType: r.lyricsOnly ? "audio/webm" : "video/webm",
          createdAt: r.createdAt,
          gradedAt: r.grade?.gradedAt ?? null,
        })),
      )
      .returning({ id: recordings.id });
    const grades = plan.readings.flatMap((r, i) => {
      if (!r.grade) return [];
      const passage = wordsOf.get(r.lessonId) ?? [];
      const { wcpm, missed, gradedAt } = r.grade;
      const wpm = wcpm + missed;
      // The words the timer stopped at, and the missed ones among them.
      const read = Math.max(1, Math.min(passage.length, Math.round((wpm * CLIP_SECONDS) / 60)));
      const marked = new Set<number>();
      while (marked.size < Math.min(missed, read - 1)) marked.add(random.int(1, read - 1));
      const name = firstOfName.get(r.studentId)?.firstName ?? "";
      return [
        {
          recordingId: ids[i]?.id as number,
          gradedBy: firstOfName.get(r.studentId)?.teacherId ?? null,
          accuracy: -missed,
          expression: random.int(2, 4),
          feedback:
            r.classification === "benchmark"
              ? `Thanks for reading the passage, ${name}. Keep your eyes moving ahead.`
              : `Good check-in, ${name}: ${wcpm} words correct a minute.`,
          selectedWordIds: [...marked].sort((a, b) => a - b).map((k) => passage[k] as number),
          wpm,
          lastWordId: setsLastWord(r) ? (passage[read - 1] ?? null) : null,
          createdAt: gradedAt,
        },
      ];
    });
    if (grades.length > 0) await tx.insert(recordingGrades).values(grades);
    for (const p of plan.plans) {
      const [row] = await tx
        .insert(monitoringPlans)
        .values({
          studentId: p.studentId,
          startedOn: p.startedOn,
          tier: p.tier,
          baselineWcpm: p.baselineWcpm,
          goalWcpm: p.goalWcpm,
          goalOn: p.goalOn,
          cadenceDays: p.cadenceDays,
          createdBy: p.teacherId,
          createdAt: p.createdAt,
        })
        .returning({ id: monitoringPlans.id });
      if (row && p.decisions.length > 0)
        await tx
          .insert(monitoringDecisions)
          .values(p.decisions.map((d) => ({ planId: row.id, ...d, decidedBy: p.teacherId })));
    }
  });
  return plan.readings.length;
}
