import { familiesCalls, type ManagedStudent, type ParentList } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { putParent } from "./save-parent.ts";

export const resubscribeParent = async (input: {
  student_id: number;
  list: ParentList;
}): Promise<ManagedStudent> =>
  (await api.data(familiesCalls.parents.resubscribe, { body: input })).student;

/** Clears a parent's unsubscribe once the teacher confirmed the parent asked for it. */
export function useResubscribeParent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubscribeParent,
    onSuccess: (student) => putParent(queryClient, student),
  });
}
