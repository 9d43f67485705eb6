import { adminCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const districtSchoolsQuery = (districtId: number) =>
  callQuery(["admin", "district-schools", districtId], adminCalls.districtSchools, {
    params: { districtId },
  });

export const useDistrictSchools = (districtId: number) =>
  useQuery(districtSchoolsQuery(districtId));
