import { familiesCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const parentsQuery = queryOptions({
  queryKey: ["families", "parents"],
  queryFn: async () => (await api.data(familiesCalls.parents.list)).students,
});

export const useParents = () => useQuery(parentsQuery);
