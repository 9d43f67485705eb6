import { type CompleteSignupInfo, completeSignupInfoResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getCompleteSignup = async (): Promise<CompleteSignupInfo> =>
  (await api.get("/teacher/complete_signup", completeSignupInfoResponse)).data;

export const completeSignupQuery = queryOptions({
  queryKey: ["auth", "complete-signup"],
  queryFn: getCompleteSignup,
});

export const useCompleteSignupInfo = () => useQuery(completeSignupQuery);
