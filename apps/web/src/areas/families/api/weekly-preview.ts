import { weeklyReportCalls } from "@refrain/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** This week's real weekly report of one student, as their parent would receive it. */
export const useWeeklyReportPreview = (studentId: number | null) =>
  useQuery({
    queryKey: ["families", "weekly-preview", studentId],
    queryFn: () =>
      api.data(weeklyReportCalls.preview, { params: { studentId: studentId as number } }),
    enabled: studentId !== null,
    // Switching students keeps the last letter on screen under the loader.
    placeholderData: keepPreviousData,
  });
