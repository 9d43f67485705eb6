import { familiesCalls, type ManagedStudent, type ParentRowInput } from "@refrain/domain";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { parentsQuery } from "./list-parents.ts";

export const saveParent = async (student: ParentRowInput): Promise<ManagedStudent> =>
  (await api.data(familiesCalls.parents.save, { body: { student } })).student;

/** Puts a saved row into the class list, so the search and a later visit see it. */
export function putParent(queryClient: QueryClient, student: ManagedStudent) {
  queryClient.setQueryData(parentsQuery.queryKey, (list) =>
    list?.map((s) => (s.id === student.id ? student : s)),
  );
}

/** Saves one student's parent address, subscriptions and language. */
export function useSaveParent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveParent,
    onSuccess: (student) => putParent(queryClient, student),
  });
}
