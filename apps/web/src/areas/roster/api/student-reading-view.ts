import { learningCalls, type ReadingView } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { callQuery } from "../../../lib/call-query.ts";

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
  const key = studentReadingViewQuery(studentId).queryKey;
  return useMutation({
    mutationFn: (view: ReadingView) =>
      api.call(learningCalls.saveStudentReadingView, { params: { studentId }, body: view }),
    onMutate: async (view) => {
      // A read still under way (the panel was just opened) would put the old view back.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, { success: true as const, data: view });
      return { before };
    },
    onError: (_error, _view, context) => queryClient.setQueryData(key, context?.before),
  });
}
