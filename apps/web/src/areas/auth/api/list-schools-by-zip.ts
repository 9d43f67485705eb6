import { authCalls, type SchoolOption, zipReady } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listSchoolsByZip = (zip: string): Promise<SchoolOption[]> =>
  api.call(authCalls.schoolsByZip, { params: { zip } });

export const schoolsByZipQuery = (zip: string) =>
  queryOptions({
    queryKey: ["auth", "schools-by-zip", zip],
    queryFn: () => listSchoolsByZip(zip),
    staleTime: 10 * 60_000,
  });

/** Loads only once the ZIP has exactly five digits. */
export const useSchoolsByZip = (zip: string) =>
  useQuery({ ...schoolsByZipQuery(zip), enabled: zipReady(zip) });
