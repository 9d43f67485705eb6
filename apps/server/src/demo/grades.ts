import { createHash } from "node:crypto";
import {
  type RecordedClassification,
  SHARE_LINK_DAYS_DEFAULT,
  setsLastWord,
  wpmFromLastWord,
} from "@refrain/domain";
import { and, eq, isNull } from "drizzle-orm";
import { planReading } from "../areas/fluency/index.ts";
import type { Db } from "../db/client.ts";
import { recordingGrades, recordingShares, recordings, users } from "../db/schema/index.ts";
import { type Random, seededRandom } from "./plan/random.ts";
import type { WorldSize } from "./plan/world.ts";
import { DEMO_RECORDING_TEACHERS } from "./recordings.ts";
import { type DemoReading, demoReadingClip, loadDemoReadings } from "./recordings-media.ts";

/**
 * The demo teachers' grades and one shared link, so the review page shows New readings beside
 * graded ones and a parent's page can be tried. Graded at seeding, before processing has made
 * the videos: the list's action reads graded_at (View Grades) whatever the processing, and the
 * grade is the one a teacher would give the finished video, because its missed words are the
 * very words the reading's clip skips or swaps (recordings-media.ts makes the clip from the same
 * plan) and its WPM is the words said in the clip's time.
 */

/** Readings newer than this stay New: the teacher has not got to them yet. */
const NEW_DAYS = 3;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The demo's shared link's token. Public on purpose, as the demo logins' passwords are: the demo
 * world is development data, made only in an empty database, and anyone who can read this can
 * already sign in as the teacher who shared it. Stored, like every share token, as its SHA-256.
 */
export const DEMO_SHARE_TOKEN = createHash("sha256")
  .update("refrain demo shared reading")
  .digest("base64url");
export const shareTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A demo reading as the grader sees it: who recorded it for which teacher, and the words. */
export interface GradableReading extends DemoReading {
  id: number;
  teacherId: number;
  createdAt: Date;
  words: { id: number; text: string }[];
}

export interface PlannedGrade {
  recordingId: number;
  gradedBy: number;
  accuracy: number;
  expression: number;
  feedback: string;
  selectedWordIds: number[];
  wpm: number;
  lastWordId: number | null;
  createdAt: Date;
}

const EXPRESSION: Record<RecordedClassification, [number, number]> = {
  cold_read: [2, 3],
  hot_read: [3, 5],
  benchmark: [2, 4],
};

/** A short note in the teacher's voice, naming up to two of the words to look at again. */
function feedbackFor(r: GradableReading, missed: string[], random: Random): string {
  const name = r.firstName;
  const look =
    missed.length === 0
      ? ""
      : ` Look again at ${missed
          .slice(0, 2)
          .map((w) => `“${w}”`)
          .join(" and ")}.`;
  if (r.classification === "hot_read")
    return missed.length <= 1
      ? random.pick([
          `You sound so confident, ${name}! All that practice shows.`,
          `Smooth and expressive, ${name}. Great hot read!`,
        ])
      : `Much smoother than your cold read, ${name}.${look}`;
  if (r.classification === "benchmark")
    return `Thanks for reading the passage, ${name}. Steady pace.${look}`;
  return missed.length <= 1
    ? `Nice careful first read, ${name}!`
    : random.pick([
        `Good start, ${name}. Read it along a few times and it will flow.${look}`,
        `A brave cold read, ${name}! Slow down at the long words.${look}`,
      ]);
}

/**
 * Which readings are graded and how, the same way every time for the same readings and `now`:
 * about three in four of those older than NEW_DAYS, by the reading's teacher, a few hours to a
 * day after it was recorded.
 */
export function planDemoGrades(readings: readonly GradableReading[], now: Date): PlannedGrade[] {
  const random = seededRandom(1111);
  const out: PlannedGrade[] = [];
  for (const r of readings) {
    const roll = random.next();
    if (now.getTime() - r.createdAt.getTime() < NEW_DAYS * DAY_MS || roll >= 0.75) continue;
    const { clip } = demoReadingClip(
      r,
      r.words.map((w) => w.text),
    );
    const plan = planReading(clip.words, clip.seed, clip.seconds, clip.practised);
    // The timer, not the passage, ends most readings: the words said in the clip's seconds.
    const read = Math.min(plan.reached, Math.round((plan.rate * clip.seconds) / 60));
    if (read === 0) continue;
    const missed = [...new Set([...plan.omitted, ...plan.substituted.map((s) => s.index)])]
      .filter((index) => index < read)
      .sort((a, b) => a - b);
    const [low, high] = EXPRESSION[r.classification];
    out.push({
      recordingId: r.id,
      gradedBy: r.teacherId,
      accuracy: -missed.length,
      expression: random.int(low, high),
      feedback: feedbackFor(
        r,
        missed.map((index) => r.words[index]?.text ?? ""),
        random,
      ),
      selectedWordIds: missed.map((index) => r.words[index]?.id as number),
      wpm: wpmFromLastWord(read, clip.seconds) as number,
      lastWordId: setsLastWord(r) ? (r.words[read - 1]?.id ?? null) : null,
      createdAt: new Date(
        Math.min(r.createdAt.getTime() + random.int(2, 26) * HOUR_MS, now.getTime() - HOUR_MS),
      ),
    });
  }
  return out;
}

/**
 * The demo readings not graded yet with their teacher and their lesson's words, oldest reading id
 * first: screening.ts grades its own, whose scores make the tiers.
 */
async function loadGradable(db: Db): Promise<GradableReading[]> {
  const readings = await loadDemoReadings(db, isNull(recordings.gradedAt));
  return readings.map(({ teacherId, ...r }) => ({ ...r, teacherId: teacherId as number }));
}

/**
 * Grades part of the demo recordings (planDemoGrades) and shares one with a family: the first
 * graded reading of ms.rivera's class, the teacher the start banner names, so the link's video
 * is among the first the background maker processes. Returns how many were graded.
 */
export async function seedDemoGrades(db: Db, size: WorldSize, now: Date): Promise<number> {
  if (size !== "demo") return 0;
  const grades = planDemoGrades(await loadGradable(db), now);
  if (grades.length === 0) return 0;
  const [rivera] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.role, "teacher"), eq(users.username, DEMO_RECORDING_TEACHERS[0] as string)),
    );
  const shared = grades.find((g) => g.gradedBy === rivera?.id);
  await db.transaction(async (tx) => {
    await tx.insert(recordingGrades).values(grades);
    for (const g of grades)
      await tx
        .update(recordings)
        .set({ gradedAt: g.createdAt })
        .where(eq(recordings.id, g.recordingId));
    if (!shared) return;
    const [student] = await tx
      .select({ id: users.id, username: users.username, parentEmail: users.parentEmail })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.studentId))
      .where(eq(recordings.id, shared.recordingId));
    if (!student) return;
    // A link goes only to the parent address on file: the family's, kept on the student.
    const email = student.parentEmail ?? `family.${student.username}@home.example.com`;
    if (!student.parentEmail)
      await tx.update(users).set({ parentEmail: email }).where(eq(users.id, student.id));
    await tx.insert(recordingShares).values({
      recordingId: shared.recordingId,
      teacherId: shared.gradedBy,
      email,
      tokenHash: shareTokenHash(DEMO_SHARE_TOKEN),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SHARE_LINK_DAYS_DEFAULT * DAY_MS),
    });
  });
  return grades.length;
}

/** The demo's shared link, when this database holds it (the start banner prints it). */
export async function demoShareLink(db: Db, publicUrl: string): Promise<string | null> {
  const [share] = await db
    .select({ id: recordingShares.id })
    .from(recordingShares)
    .where(eq(recordingShares.tokenHash, shareTokenHash(DEMO_SHARE_TOKEN)));
  return share ? `${publicUrl.replace(/\/$/, "")}/shared/recordings/${DEMO_SHARE_TOKEN}` : null;
}
