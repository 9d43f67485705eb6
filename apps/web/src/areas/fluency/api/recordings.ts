import { fluencyCalls, type RecordingRow } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A row the server is still processing: the list asks again until none is. */
export const inProgress = (row: Pick<RecordingRow, "status">) =>
  row.status === "queued" || row.status === "processing";

const POLL_MS = 3000;

export const recordingsQuery = queryOptions({
  queryKey: ["fluency", "recordings"],
  queryFn: async (): Promise<RecordingRow[]> =>
    (await api.call(fluencyCalls.recordings, { query: {} })).data,
  refetchInterval: (query) => (query.state.data?.some(inProgress) ? POLL_MS : false),
});

export const useRecordings = () => useQuery(recordingsQuery);

/** A failed processing queued again: the row comes back queued, and the list polls. */
export function useRetryRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(fluencyCalls.retry, { params: { id } }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData(recordingsQuery.queryKey, (rows) =>
        rows?.map((row) => (row.id === data.id ? data : row)),
      ),
  });
}

/** Grading spec §4: the list reloads after a delete. */
export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(fluencyCalls.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries(recordingsQuery),
  });
}
