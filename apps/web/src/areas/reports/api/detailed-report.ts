import { type DetailedReport, detailedReportCalls } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

const detailedKey = (studentId: number) => ["reports", "detailed", studentId];

/** A student's lessons in the Completed, Assigned and Incompleted tables (grading spec §2). */
export const useDetailedReport = (studentId: number) =>
  useQuery({
    queryKey: detailedKey(studentId),
    queryFn: () => api.data(detailedReportCalls.data.view, { params: { student_id: studentId } }),
  });

/** A reset: one day of a lesson (1–3, or 4 for the extension), or every lesson of the student. */
export type ScoreReset = { lesson_id: number; day: 1 | 2 | 3 | 4 } | "overall";

/**
 * Resets scores; the answer carries the fresh lesson list, which replaces the shown one (the
 * spec's "a reset reloads the lesson list"). Other reports cached for the class are stale now.
 */
export function useResetScores(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reset: ScoreReset) =>
      reset === "overall"
        ? api.call(detailedReportCalls.data.reset_overall, { params: { student_id: studentId } })
        : api.call(detailedReportCalls.data.reset, {
            params: { student_id: studentId },
            body: reset,
          }),
    onSuccess: async (answer) => {
      queryClient.setQueryData<DetailedReport>(detailedKey(studentId), answer.data);
      await queryClient.invalidateQueries({
        queryKey: ["reports"],
        predicate: (query) => query.queryKey[1] !== "detailed",
      });
    },
  });
}
