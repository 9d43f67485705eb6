import { type LeadKind, leadsCalls } from "@refrain/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export interface LeadsFilter {
  kind?: LeadKind;
  q?: string;
  page: number;
}

export const leadsQuery = (filter: LeadsFilter) =>
  callQuery(
    ["leads", "inbox", filter],
    leadsCalls.leads,
    { query: filter },
    // The table keeps its rows while the next page or filter loads.
    { placeholderData: keepPreviousData },
  );

export const useLeads = (filter: LeadsFilter) => useQuery(leadsQuery(filter));
