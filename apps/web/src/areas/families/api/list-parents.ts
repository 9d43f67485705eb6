import { familiesCalls, type ManagedStudent } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listParents = async (): Promise<ManagedStudent[]> =>
  (await api.call(familiesCalls.parents.list)).data.students;

export const parentsQuery = queryOptions({
  queryKey: ["families", "parents"],
  queryFn: listParents,
});

export const useParents = () => useQuery(parentsQuery);
