import { type DistrictPricingRequest, type LeadMessageResponse, leadsCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const requestDistrictPricing = (
  body: DistrictPricingRequest,
): Promise<LeadMessageResponse> => api.call(leadsCalls.districtPricing, { body });

export const useRequestDistrictPricing = () => useMutation({ mutationFn: requestDistrictPricing });
