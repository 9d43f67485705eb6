import { adminCalls, type SchoolBreakdown } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A period as the breakdown call takes it, YYYY-MM-DD inclusive. */
export interface UsageRange {
  start_date: string;
  end_date: string;
}

/**
 * One school's usage over `range` and its last 30 days, with its concept scores; `schoolId`
 * null (a school not chosen yet) loads nothing.
 */
export const useSchoolBreakdown = (schoolId: number | null, range: UsageRange) =>
  useQuery({
    queryKey: ["admin", "school-breakdown", schoolId, range.start_date, range.end_date],
    queryFn: (): Promise<SchoolBreakdown> =>
      api.data(adminCalls.schoolBreakdown, { params: { schoolId: schoolId ?? 0 }, query: range }),
    enabled: schoolId !== null,
  });
