import { redirectResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const leaveImpersonation = () => api.post("/impersonate/leave", redirectResponse);

export const useLeaveImpersonation = () => useMutation({ mutationFn: leaveImpersonation });
