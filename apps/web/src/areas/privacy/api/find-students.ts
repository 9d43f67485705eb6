import { privacySearchCalls } from "@refrain/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Students of the admin's school or district matching `q`; nothing is asked before a search. */
export const useFindStudents = (q: string | null) =>
  useQuery({
    queryKey: ["privacy", "find-students", q],
    queryFn: () => api.data(privacySearchCalls.findStudents, { query: { q: q ?? "" } }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
