import {
  type DistrictPricingRequest,
  type LeadMessageResponse,
  leadMessageResponse,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const requestDistrictPricing = (
  body: DistrictPricingRequest,
): Promise<LeadMessageResponse> => api.post("/district_pricing", leadMessageResponse, body);

export const useRequestDistrictPricing = () => useMutation({ mutationFn: requestDistrictPricing });
