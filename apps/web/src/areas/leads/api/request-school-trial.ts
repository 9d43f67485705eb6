import {
  type LeadMessageResponse,
  leadMessageResponse,
  type SchoolTrialRequest,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const requestSchoolTrial = (body: SchoolTrialRequest): Promise<LeadMessageResponse> =>
  api.post("/school/free_trial", leadMessageResponse, body);

export const useRequestSchoolTrial = () => useMutation({ mutationFn: requestSchoolTrial });
