import { type DateRange, type SevenDayRow, sevenDayReportCalls } from "@refrain/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface SevenDayCriteria extends DateRange {
  student_id: number | "overall";
}

const sevenDayKey = (criteria: SevenDayCriteria) => ["reports", "seven-day", criteria];

/**
 * The seven day progress rows for a date range (grading spec §2): a row per student, or the
 * one student's. The last answer stays on screen while another range loads.
 */
export const useSevenDayRows = (criteria: SevenDayCriteria) =>
  useQuery({
    queryKey: sevenDayKey(criteria),
    queryFn: () =>
      api.data(sevenDayReportCalls.rows, {
        params: { student_id: criteria.student_id },
        query: { start_date: criteria.start_date, end_date: criteria.end_date },
      }),
    placeholderData: keepPreviousData,
  });

/** Resets every score of the lessons worked in the range; the answer's rows replace the shown. */
export function useResetSevenDay(criteria: SevenDayCriteria) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(sevenDayReportCalls.resetAll, {
        params: { student_id: criteria.student_id },
        body: { start_date: criteria.start_date, end_date: criteria.end_date },
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData<SevenDayRow[]>(sevenDayKey(criteria), answer.data);
      await queryClient.invalidateQueries({
        queryKey: ["reports"],
        predicate: (query) => query.queryKey[1] !== "seven-day",
      });
    },
  });
}
