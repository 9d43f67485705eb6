import type { LessonProgressSummary, RecordedClassification } from "@refrain/domain";

/**
 * The lesson player's steps, in order: a cold read recorded before the first read-along, the
 * read-along, a hot read after the third, a benchmark reading (of benchmark passages), days 1–3
 * questions and day 4 writing. The recording steps show only where recording is offered.
 */
export const PLAYER_STEPS = [
  "cold-read",
  "read",
  "hot-read",
  "benchmark",
  "1",
  "2",
  "3",
  "4",
] as const;
export type PlayerStep = (typeof PLAYER_STEPS)[number];

/** The steps where the student records a reading, with the reading each records. */
export const RECORDING_STEPS = {
  "cold-read": "cold_read",
  "hot-read": "hot_read",
  benchmark: "benchmark",
} as const satisfies Partial<Record<PlayerStep, RecordedClassification>>;
export type RecordingStep = keyof typeof RECORDING_STEPS;

export const isRecordingStep = (step: PlayerStep): step is RecordingStep => step in RECORDING_STEPS;

export const isPlayerStep = (value: string | undefined): value is PlayerStep =>
  PLAYER_STEPS.some((step) => step === value);

/** Where the lesson player opens a lesson at `step`. */
export const playerPath = (lessonId: number, step: PlayerStep = "read") =>
  `/student/learn/${lessonId}/${step}`;

/** The step to open a lesson at: the first not done, or the read-along once all is done. */
export const stepOf = (next: LessonProgressSummary["next"] | undefined): PlayerStep =>
  next === undefined || next === "done" || next === "read" ? "read" : (String(next) as PlayerStep);

/**
 * Where a recording step leads on. A cold read comes before the read-along; after a hot read or
 * a benchmark, the first step the student has not done (the home's `next`), so a day already
 * done is never offered again. Null once the lesson is done: the player then offers the home.
 */
export function nextAfterReading(
  step: RecordingStep,
  next: LessonProgressSummary["next"] | undefined,
): { label: string; step: PlayerStep } | null {
  if (step === "cold-read") return { label: "Next: Read along", step: "read" };
  if (next === "done") return null;
  const to = next === undefined ? "1" : stepOf(next);
  return { label: to === "read" ? "Next: Read along" : `Next: Day ${to}`, step: to };
}
