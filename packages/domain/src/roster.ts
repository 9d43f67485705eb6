import { z } from "zod";

/** Tri-state student setting: inherit the teacher's default, or force on (1) / off (0). */
export const triState = z.union([z.literal("inherit"), z.literal(1), z.literal(0)]);

/** Roster student (classroom spec §3). */
export const rosterStudent = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  planid: z.number(),
  username: z.string(),
  password: z.string(),
  parent_email: z.string().nullable(),
  require_3x: triState,
  require_retake: triState,
  slow_video: triState,
  enable_fluency_recording: triState,
  fluency_recording_lyrics_only: triState,
});
export type RosterStudent = z.infer<typeof rosterStudent>;

export const rosterListRequest = z.object({ verb: z.literal("list") });
export const rosterListResponse = z.object({
  success: z.literal(true),
  students: z.array(rosterStudent),
});
export type RosterListResponse = z.infer<typeof rosterListResponse>;
