import { type LeadKind, type LeadsResponse, leadsResponse } from "@refrain/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface LeadsFilter {
  kind?: LeadKind;
  q?: string;
  page: number;
}

export function listLeads(filter: LeadsFilter): Promise<LeadsResponse> {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.q) params.set("q", filter.q);
  return api.get(`/staff/leads?${params}`, leadsResponse);
}

export const leadsQuery = (filter: LeadsFilter) =>
  queryOptions({
    queryKey: ["leads", "inbox", filter],
    queryFn: () => listLeads(filter),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useLeads = (filter: LeadsFilter) => useQuery(leadsQuery(filter));
