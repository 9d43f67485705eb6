import { type ContactInfoResponse, leadsCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getContactInfo = (): Promise<ContactInfoResponse> => api.call(leadsCalls.contactInfo);

export const contactInfoQuery = queryOptions({
  queryKey: ["leads", "contact"],
  queryFn: getContactInfo,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useContactInfo = () => useQuery(contactInfoQuery);
