import { viewCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Who viewed one recording of the teacher's class, newest first; loaded when asked for. */
export const recordingViewsQuery = (recordingId: number) =>
  queryOptions({
    queryKey: ["privacy", "recording-views", recordingId],
    queryFn: () => api.data(viewCalls.recording, { params: { recordingId } }),
  });

export const useRecordingViews = (recordingId: number, enabled: boolean) =>
  useQuery({ ...recordingViewsQuery(recordingId), enabled });
