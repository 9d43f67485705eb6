import { type SchoolOption, schoolsByZipResponse, zipReady } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listSchoolsByZip = (zip: string): Promise<SchoolOption[]> =>
  api.get(`/support/schoolsByZip/${encodeURIComponent(zip)}`, schoolsByZipResponse);

export const schoolsByZipQuery = (zip: string) =>
  queryOptions({
    queryKey: ["auth", "schools-by-zip", zip],
    queryFn: () => listSchoolsByZip(zip),
    staleTime: 10 * 60_000,
  });

/** Loads only once the ZIP has exactly five digits. */
export const useSchoolsByZip = (zip: string) =>
  useQuery({ ...schoolsByZipQuery(zip), enabled: zipReady(zip) });
