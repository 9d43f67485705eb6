import { authCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const completeSignupQuery = queryOptions({
  queryKey: ["auth", "complete-signup"],
  queryFn: () => api.data(authCalls.completeSignupInfo),
});

export const useCompleteSignupInfo = () => useQuery(completeSignupQuery);
