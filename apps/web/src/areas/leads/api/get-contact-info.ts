import { leadsCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const contactInfoQuery = callQuery(
  ["leads", "contact"],
  leadsCalls.contactInfo,
  {},
  {
    staleTime: Number.POSITIVE_INFINITY,
  },
);

export const useContactInfo = () => useQuery(contactInfoQuery);
