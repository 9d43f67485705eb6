import { rosterCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const rosterParametersQuery = callQuery(
  ["roster", "parameters"],
  rosterCalls.students.parameters,
);

export const useRosterParameters = () => useQuery(rosterParametersQuery);
