import { authCalls, zipReady } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const schoolsByZipQuery = (zip: string) =>
  callQuery(
    ["auth", "schools-by-zip", zip],
    authCalls.schoolsByZip,
    { params: { zip } },
    { staleTime: 10 * 60_000 },
  );

/** Loads only once the ZIP has exactly five digits. */
export const useSchoolsByZip = (zip: string) =>
  useQuery({ ...schoolsByZipQuery(zip), enabled: zipReady(zip) });
