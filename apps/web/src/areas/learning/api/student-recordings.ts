import { fluencyCalls, type OwnRecording, type StudentLessonRecordings } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A reading the server is still making ready: the player asks again until it is done. */
export const inProgress = (recording: Pick<OwnRecording, "status">) =>
  recording.status === "queued" || recording.status === "processing";

const POLL_MS = 3000;

export const studentRecordingsQuery = (lessonId: number) =>
  queryOptions({
    queryKey: ["learning", "recordings", lessonId],
    queryFn: (): Promise<StudentLessonRecordings> =>
      api.data(fluencyCalls.studentLesson, { params: { lessonId } }),
    refetchInterval: (query) => (query.state.data?.recordings.some(inProgress) ? POLL_MS : false),
  });

/** The student's readings of a lesson and which they may record now (students only). */
export const useStudentRecordings = (lessonId: number, enabled: boolean) =>
  useQuery({ ...studentRecordingsQuery(lessonId), enabled });
