import { authCalls, type CompleteSignupInfo } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getCompleteSignup = async (): Promise<CompleteSignupInfo> =>
  (await api.call(authCalls.completeSignupInfo)).data;

export const completeSignupQuery = queryOptions({
  queryKey: ["auth", "complete-signup"],
  queryFn: getCompleteSignup,
});

export const useCompleteSignupInfo = () => useQuery(completeSignupQuery);
