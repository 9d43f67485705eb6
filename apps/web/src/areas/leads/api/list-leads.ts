import { type LeadKind, type LeadsResponse, leadsCalls } from "@refrain/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface LeadsFilter {
  kind?: LeadKind;
  q?: string;
  page: number;
}

export function listLeads(filter: LeadsFilter): Promise<LeadsResponse> {
  const { page, kind, q } = filter;
  return api.call(leadsCalls.leads, { query: { page, kind, q } });
}

export const leadsQuery = (filter: LeadsFilter) =>
  queryOptions({
    queryKey: ["leads", "inbox", filter],
    queryFn: () => listLeads(filter),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useLeads = (filter: LeadsFilter) => useQuery(leadsQuery(filter));
