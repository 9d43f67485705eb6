import { adminCalls, type SchoolBreakdown } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A period as the breakdown call takes it, YYYY-MM-DD inclusive. */
export interface UsageRange {
  start_date: string;
  end_date: string;
}

/** One school's usage over `range` and its last 30 days, with its concept scores. */
export const schoolBreakdownOptions = (schoolId: number, range: UsageRange) =>
  queryOptions({
    queryKey: ["admin", "school-breakdown", schoolId, range.start_date, range.end_date],
    queryFn: (): Promise<SchoolBreakdown> =>
      api.data(adminCalls.schoolBreakdown, { params: { schoolId }, query: range }),
  });

/** `schoolId` null (a school not chosen yet) loads nothing. */
export const useSchoolBreakdown = (schoolId: number | null, range: UsageRange) =>
  useQuery({
    ...schoolBreakdownOptions(schoolId ?? 0, range),
    enabled: schoolId !== null,
  });
