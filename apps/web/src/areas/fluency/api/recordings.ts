import { fluencyCalls, gradingCalls, type RecordingRow } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { pollWhileMade } from "../media-readiness.ts";

/** A row the server is still processing: the list asks again until none is (pollWhileMade). */
export const inProgress = (row: Pick<RecordingRow, "status">) =>
  row.status === "queued" || row.status === "processing";

/** Every list of the teacher's fluency pages, so a delete, retry or grade reloads them all. */
export const FLUENCY_KEY = ["fluency"] as const;

/** The review page's tabs: New Fluency Videos (ungraded) or All Fluency Recordings. */
export type RecordingsTab = "new" | "all";

export const recordingsQuery = (type: RecordingsTab, studentId: number | null) =>
  queryOptions({
    queryKey: [...FLUENCY_KEY, "recordings", type, studentId],
    queryFn: (): Promise<RecordingRow[]> =>
      api.data(fluencyCalls.recordings, {
        query: { type, ...(studentId === null ? {} : { student_id: studentId }) },
      }),
    refetchInterval: (query) => pollWhileMade(query.state.data ?? []),
  });

export const useRecordings = (type: RecordingsTab, studentId: number | null) =>
  useQuery(recordingsQuery(type, studentId));

/**
 * The class's students with their newest readings (at most 10 each, the popup's rows) and how
 * many are new: the student filter and the per-student popup.
 */
export const useRecordingsByStudent = () =>
  useQuery({
    queryKey: [...FLUENCY_KEY, "by-student"],
    queryFn: () => api.data(gradingCalls.byStudent, { query: { type: "all" } }),
    refetchInterval: (query) =>
      pollWhileMade((query.state.data ?? []).flatMap((student) => student.recordings)),
  });

/** The class's counts of new, graded and shared readings (Fluency → Overview). */
export const useFluencyOverview = () =>
  useQuery({
    queryKey: [...FLUENCY_KEY, "overview"],
    queryFn: () => api.data(gradingCalls.overview),
  });

/** After a delete, retry or grade: every fluency list and count is asked for again. */
export function useReloadFluency() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: FLUENCY_KEY });
}

/** A failed processing queued again: the row comes back queued, and the lists poll. */
export function useRetryRecording() {
  const reload = useReloadFluency();
  return useMutation({
    mutationFn: (id: number) => api.call(fluencyCalls.retry, { params: { id } }),
    onSuccess: reload,
  });
}

/** Grading spec §4: the list reloads after a delete. */
export function useDeleteRecording() {
  const reload = useReloadFluency();
  return useMutation({
    mutationFn: (id: number) => api.call(fluencyCalls.remove, { params: { id } }),
    onSuccess: reload,
  });
}
