import { learningCalls, type ReadingView } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { callQuery, showAtOnce } from "../../../lib/call-query.ts";

export const studentReadingViewQuery = (studentId: number) =>
  callQuery(["roster", "reading-view", studentId], learningCalls.studentReadingView, {
    params: { studentId },
  });

/** One student's reading view, read when the teacher opens it. */
export const useStudentReadingView = (studentId: number, enabled: boolean) =>
  useQuery({ ...studentReadingViewQuery(studentId), enabled });

/**
 * The teacher sets a student's reading view; the student sees it in their next lesson. The
 * panel shows the choice at once; a refusal puts the kept view back.
 */
export function useSaveStudentReadingView(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: ReadingView) =>
      api.call(learningCalls.saveStudentReadingView, { params: { studentId }, body: view }),
    ...showAtOnce<ReadingView>(queryClient, studentReadingViewQuery(studentId).queryKey),
  });
}
