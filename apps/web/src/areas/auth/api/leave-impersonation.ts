import { leaveImpersonationCall } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const leaveImpersonation = () => api.call(leaveImpersonationCall);

export const useLeaveImpersonation = () => useMutation({ mutationFn: leaveImpersonation });
