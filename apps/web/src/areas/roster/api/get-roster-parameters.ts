import { type RosterParametersResponse, rosterCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getRosterParameters = (): Promise<RosterParametersResponse> =>
  api.call(rosterCalls.students.parameters);

export const rosterParametersQuery = queryOptions({
  queryKey: ["roster", "parameters"],
  queryFn: getRosterParameters,
});

export const useRosterParameters = () => useQuery(rosterParametersQuery);
