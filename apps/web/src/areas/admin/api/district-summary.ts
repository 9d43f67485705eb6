import { adminCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

/** The district summary's whole view: every school with its people and figures, in one call. */
export const useDistrictSummary = (districtId: number) =>
  useQuery(
    callQuery(["admin", "district-summary", districtId], adminCalls.districtSummary, {
      params: { districtId },
    }),
  );
