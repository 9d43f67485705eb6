import { authCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const completeSignupQuery = queryOptions({
  queryKey: ["auth", "complete-signup"],
  queryFn: () => api.data(authCalls.completeSignupInfo),
});

/** Asked only while the sign-up is incomplete: the server refuses a complete one (409). */
export const useCompleteSignupInfo = (incomplete: boolean) =>
  useQuery({ ...completeSignupQuery, enabled: incomplete });
