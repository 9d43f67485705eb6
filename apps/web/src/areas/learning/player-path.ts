/** The lesson player's steps: the read-along first, then the days (later). */
export type PlayerStep = "read";

/** Where the lesson player opens a lesson at `step`. */
export const playerPath = (lessonId: number, step: PlayerStep = "read") =>
  `/student/learn/${lessonId}/${step}`;
