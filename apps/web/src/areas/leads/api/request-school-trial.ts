import { type LeadMessageResponse, leadsCalls, type SchoolTrialRequest } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const requestSchoolTrial = (body: SchoolTrialRequest): Promise<LeadMessageResponse> =>
  api.call(leadsCalls.schoolTrial, { body });

export const useRequestSchoolTrial = () => useMutation({ mutationFn: requestSchoolTrial });
