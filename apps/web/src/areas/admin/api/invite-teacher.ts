import { adminCalls, NEW_TEACHER_PENDING_MS, type NewTeacherInput } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { schoolTeachersQuery } from "./list-school-teachers.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Invites a teacher, then holds the spec's short pending delay (access spec §7) before the
 * answer counts, so "Adding Teacher..." stays until the new row is about to show.
 */
export async function inviteTeacher(body: NewTeacherInput) {
  const answer = await api.call(adminCalls.newTeacher, { body });
  await pause(NEW_TEACHER_PENDING_MS);
  return answer;
}

export function useInviteTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteTeacher,
    onSuccess: async (answer) => {
      // The row shows at once; the refetch brings the server's seat count and order.
      queryClient.setQueryData(schoolTeachersQuery.queryKey, (old) =>
        old
          ? { ...old, data: { ...old.data, teachers: [...old.data.teachers, answer.data] } }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: schoolTeachersQuery.queryKey });
    },
  });
}
