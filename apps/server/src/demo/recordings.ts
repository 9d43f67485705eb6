import {
  dayOf,
  READ_ALONGS_REQUIRED,
  type RecordedClassification,
  schoolYearNumber,
} from "@refrain/domain";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  assignments,
  classSettings,
  consentRecords,
  monitoringPlans,
  readAlongs,
  recordings,
  users,
} from "../db/schema/index.ts";
import { type Random, seededRandom } from "./plan/random.ts";
import type { WorldSize } from "./plan/world.ts";

/**
 * The demo classes' fluency recordings: each teacher has fluency recording on, with parent
 * permission and admin approval on file, and each student a few readings that fit what they
 * did in their lessons (history.ts): a cold read of a lesson they started, taken before its
 * first read-along; a hot read of a lesson read along three times or more, taken after the
 * third. Benchmark readings, and a monitored student's cold reads, are screening.ts's. The rows
 * are made with
 * the world, once, queued and without their file: recordings-media.ts makes each reading's
 * clip in the background after the server listens and hands it to the real processing.
 */

/** The demo teachers whose classes record; mr.patel's records sound only (lyrics only). */
export const DEMO_RECORDING_TEACHERS = ["ms.rivera", "mr.okafor", "ms.chen", "mr.patel"];
export const LYRICS_ONLY_TEACHERS = new Set(["mr.patel"]);
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A lesson of a student's plan and its read-alongs, oldest first. */
export interface LessonDone {
  lessonId: number;
  status: "started" | "completed";
  startedAt: Date;
  readAlongs: Date[];
}

export interface StudentWork {
  studentId: number;
  planId: number;
  lyricsOnly: boolean;
  /** Monitored (screening.ts): their cold reads are their plan's check-ins. */
  monitored: boolean;
  lessons: LessonDone[];
}

export interface PlannedRecording {
  studentId: number;
  lessonId: number;
  classification: RecordedClassification;
  lyricsOnly: boolean;
  createdAt: Date;
}

/** A moment between `from` and `to` (or in the two minutes after `from`), never after `now`. */
function between(random: Random, from: Date, to: Date | undefined, now: Date): Date {
  const end = Math.min(to ? to.getTime() : from.getTime() + 2 * MINUTE_MS, now.getTime());
  const span = end - from.getTime();
  return new Date(from.getTime() + Math.max(1, Math.floor(span * (0.25 + 0.5 * random.next()))));
}

/**
 * Which readings each student has, deterministic for the same work and `now`. A lesson with
 * both a cold and a hot read gets the server's comparison when processed; about half of the
 * students who can have one do (their cold read is of the lesson they read along 3+ times).
 */
export function planDemoRecordings(
  students: readonly StudentWork[],
  now: Date,
): PlannedRecording[] {
  const random = seededRandom(6161);
  const out: PlannedRecording[] = [];
  for (const s of students) {
    const add = (lessonId: number, classification: RecordedClassification, createdAt: Date) =>
      out.push({
        studentId: s.studentId,
        lessonId,
        classification,
        lyricsOnly: s.lyricsOnly,
        createdAt,
      });
    // Newest first: the teacher's list shows recent work.
    const byRecent = [...s.lessons].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
    const practised = byRecent.find((l) => l.readAlongs.length >= READ_ALONGS_REQUIRED);
    const started = byRecent.find((l) => l.status === "started");
    const cold = practised && random.next() < 0.5 ? practised : started;
    if (cold && !s.monitored)
      add(cold.lessonId, "cold_read", between(random, cold.startedAt, cold.readAlongs[0], now));
    if (practised) {
      const third = practised.readAlongs[READ_ALONGS_REQUIRED - 1] as Date;
      add(
        practised.lessonId,
        "hot_read",
        between(random, third, practised.readAlongs[READ_ALONGS_REQUIRED], now),
      );
    }
  }
  return out;
}

/** The demo students' lessons and read-alongs, as the planner needs them. */
async function loadStudentWork(db: Db, teacherIds: Map<number, string>): Promise<StudentWork[]> {
  const students = await db
    .select({ id: users.id, planId: users.planId, teacherId: users.teacherId })
    .from(users)
    .where(and(eq(users.role, "student"), inArray(users.teacherId, [...teacherIds.keys()])))
    .orderBy(asc(users.id));
  const ids = students.map((s) => s.id);
  const monitored = await db
    .select({ id: monitoringPlans.studentId })
    .from(monitoringPlans)
    .where(inArray(monitoringPlans.studentId, [0, ...ids]));
  const plans = await db
    .select({
      studentId: assignments.studentId,
      lessonId: assignments.lessonId,
      status: assignments.status,
      startedAt: assignments.startedAt,
    })
    .from(assignments)
    .where(and(inArray(assignments.studentId, ids), ne(assignments.status, "assigned")))
    .orderBy(asc(assignments.studentId), asc(assignments.lessonId));
  const reads = await db
    .select({
      studentId: readAlongs.studentId,
      lessonId: readAlongs.lessonId,
      at: readAlongs.createdAt,
    })
    .from(readAlongs)
    .where(inArray(readAlongs.studentId, ids))
    .orderBy(asc(readAlongs.createdAt));
  const readsOf = new Map<string, Date[]>();
  for (const r of reads) {
    const key = `${r.studentId}|${r.lessonId}`;
    readsOf.set(key, [...(readsOf.get(key) ?? []), r.at]);
  }
  return students.map((s) => ({
    studentId: s.id,
    planId: s.planId ?? 6,
    lyricsOnly: LYRICS_ONLY_TEACHERS.has(teacherIds.get(s.teacherId as number) ?? ""),
    monitored: monitored.some((m) => m.id === s.id),
    lessons: plans
      .filter((p) => p.studentId === s.id && p.startedAt !== null)
      .map((p) => ({
        lessonId: p.lessonId,
        status: p.status as LessonDone["status"],
        startedAt: p.startedAt as Date,
        readAlongs: readsOf.get(`${s.id}|${p.lessonId}`) ?? [],
      })),
  }));
}

/**
 * Seeds the demo's consent and recording rows (none in the large world, which stays free of
 * media). Each row is queued without a source: `source_key` stays null until its clip is
 * stored, which is how the background maker finds the rows it still owes and how processing's
 * hourly sweep of lost jobs knows to leave them alone.
 */
export async function seedDemoRecordings(db: Db, size: WorldSize, now: Date): Promise<number> {
  if (size !== "demo") return 0;
  const teachers = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.role, "teacher"), inArray(users.username, DEMO_RECORDING_TEACHERS)));
  if (teachers.length === 0) return 0;
  const work = await loadStudentWork(db, new Map(teachers.map((t) => [t.id, t.username])));
  const planned = planDemoRecordings(work, now);
  await db.transaction(async (tx) => {
    await tx.insert(classSettings).values(
      teachers.map((t) => ({
        teacherId: t.id,
        recordStudentFluency: true,
        fluencyLyricsOnly: LYRICS_ONLY_TEACHERS.has(t.username),
      })),
    );
    // Every student of these classes has both consents on file (issue 19): the families signed
    // the slip at the start of term and the school's policy approves recording for reading.
    const students = await tx
      .select({ id: users.id, teacherId: users.teacherId })
      .from(users)
      .where(
        and(
          eq(users.role, "student"),
          inArray(
            users.teacherId,
            teachers.map((t) => t.id),
          ),
        ),
      );
    // Before the first screening window's readings (screening.ts).
    const termStart = dayOf(
      new Date(
        Math.min(now.getTime() - 60 * DAY_MS, Date.parse(`${schoolYearNumber(dayOf(now))}-08-25`)),
      ),
    );
    if (students.length > 0)
      await tx.insert(consentRecords).values(
        students.flatMap((student) => [
          {
            studentId: student.id,
            kind: "parent_permission" as const,
            method: "signed_slip" as const,
            givenOn: termStart,
            recordedBy: student.teacherId,
          },
          {
            studentId: student.id,
            kind: "admin_approval" as const,
            method: "school_policy" as const,
            givenOn: termStart,
            recordedBy: student.teacherId,
          },
        ]),
      );
    if (planned.length === 0) return;
    await tx.insert(recordings).values(
      planned.map((p) => ({
        studentId: p.studentId,
        lessonId: p.lessonId,
        classification: p.classification,
        lyricsOnly: p.lyricsOnly,
        sourceType: p.lyricsOnly ? "audio/webm" : "video/webm",
        createdAt: p.createdAt,
      })),
    );
  });
  return planned.length;
}
