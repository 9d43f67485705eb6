import { useTeacherTime } from "../api/record-learning.ts";

/**
 * A class owner's time on the grading and report pages, where the shell puts it: a chunk of its
 * own, so no other page downloads the learning area's calls for it. Nothing on screen.
 */
export function TeacherTime() {
  useTeacherTime(true);
  return null;
}
