import type { Auth, AuthUser } from "./context.ts";
import type { StoredFile } from "./stored-file.ts";

type Done = { success: true; message: string };
type ReplaceTrack = (
  auth: Auth,
  lessonId: number,
  type: string,
  data: unknown,
  ip: string,
) => Promise<Done>;

/**
 * The lessons' read-along tracks as the API serves them: one store per process, built at boot
 * (areas/lessons/tracks/service.ts, whose `makeMissing` main.ts runs once), so a track asked for
 * while it is being made is made once.
 */
export interface LessonTrackStore {
  /** The lesson's sung audio, for whoever may open the lesson; made on request if missing. */
  audio(user: AuthUser, lessonId: number): Promise<StoredFile>;
  /** The word timings (WebVTT) that light the words as the audio plays. */
  timings(user: AuthUser, lessonId: number): Promise<StoredFile>;
  /** Staff replace a lesson's audio or its timings with an uploaded file. */
  replaceAudio: ReplaceTrack;
  replaceTimings: ReplaceTrack;
}
