import type { LessonProgressSummary } from "@refrain/domain";

/** The lesson player's steps, in order: the read-along, days 1–3 questions, day 4 writing. */
export const PLAYER_STEPS = ["read", "1", "2", "3", "4"] as const;
export type PlayerStep = (typeof PLAYER_STEPS)[number];

export const isPlayerStep = (value: string | undefined): value is PlayerStep =>
  PLAYER_STEPS.some((step) => step === value);

/** Where the lesson player opens a lesson at `step`. */
export const playerPath = (lessonId: number, step: PlayerStep = "read") =>
  `/student/learn/${lessonId}/${step}`;

/** The step to open a lesson at: the first not done, or the read-along once all is done. */
export const stepOf = (next: LessonProgressSummary["next"] | undefined): PlayerStep =>
  next === undefined || next === "done" || next === "read" ? "read" : (String(next) as PlayerStep);
