import { redirectResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const takeImpersonation = (userid: number) =>
  api.post(`/impersonate/take/${userid}`, redirectResponse);

export const useTakeImpersonation = () => useMutation({ mutationFn: takeImpersonation });
