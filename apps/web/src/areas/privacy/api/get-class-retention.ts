import { type RecordingRetention, retentionCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** How long each recording of the teacher's class is kept, by recording id (one call a page). */
export const classRetentionQuery = () =>
  queryOptions({
    queryKey: ["privacy", "class-retention"],
    queryFn: async (): Promise<Map<number, RecordingRetention>> => {
      const answer = await api.call(retentionCalls.classRecordings, {});
      return new Map(answer.data.map((row) => [row.id, row]));
    },
  });

export const useClassRetention = () => useQuery(classRetentionQuery());
