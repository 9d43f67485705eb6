import { learningCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { studentHomeQuery } from "./get-student-home.ts";

/** Counts a read-along played through; the home's progress is stale after it. */
export function useRecordReadAlong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lesson: number) => api.call(learningCalls.readAlong, { body: { lesson } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentHomeQuery.queryKey }),
  });
}

/** Time spent reading a lesson since the last heartbeat (the server caps what it credits). */
export const sendReadingHeartbeat = (lesson: number, seconds: number) =>
  api.call(learningCalls.studentHeartbeat, { body: { lesson, kind: "reading", seconds } });
