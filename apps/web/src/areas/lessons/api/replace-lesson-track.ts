import {
  LESSON_TRACK_TYPES,
  lessonsCalls,
  pathOf,
  type TrackReplacedResponse,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Where a media element finds a lesson's track and its word timings. */
export const trackUrl = (lessonId: number) => pathOf(lessonsCalls.track, { lessonId });
export const timingsUrl = (lessonId: number) => pathOf(lessonsCalls.timings, { lessonId });

export interface TrackUpload {
  lessonId: number;
  what: "track" | "timings";
  file: File;
}

/**
 * The type a track is sent as: by its extension, since browsers type a file from the disk by
 * its container (a .webm is "video/webm" even when it holds only audio).
 */
function trackType(file: File): string {
  const ext = file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase();
  return LESSON_TRACK_TYPES[ext as keyof typeof LESSON_TRACK_TYPES] ?? file.type;
}

export const replaceLessonTrack = ({
  lessonId,
  what,
  file,
}: TrackUpload): Promise<TrackReplacedResponse> =>
  what === "track"
    ? api.upload(lessonsCalls.replaceTrack, { params: { lessonId }, file, type: trackType(file) })
    : // Browsers often give a .vtt file no type, or text/plain: the file input took only .vtt.
      api.upload(lessonsCalls.replaceTimings, { params: { lessonId }, file, type: "text/vtt" });

export const useReplaceLessonTrack = () => useMutation({ mutationFn: replaceLessonTrack });
