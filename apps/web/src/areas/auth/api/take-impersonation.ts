import { authCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const takeImpersonation = (userid: number) =>
  api.call(authCalls.takeImpersonation, { params: { userid } });

export const useTakeImpersonation = () => useMutation({ mutationFn: takeImpersonation });
