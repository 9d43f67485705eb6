import { helpCalls, type TutorVideo } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** While a video is being made the list is asked again this often, so it shows once made. */
const PREPARING_POLL_MS = 5000;

/** A tutor video the server has not made yet: nothing to play, no captions. */
export const isPreparing = (video: TutorVideo) => video.videos.length === 0;

export const tutorVideosQuery = queryOptions({
  queryKey: ["help", "tutor-videos"],
  queryFn: async () => (await api.call(helpCalls.tutorVideos)).videos,
  staleTime: 10 * 60_000,
  refetchInterval: (query) => (query.state.data?.some(isPreparing) ? PREPARING_POLL_MS : false),
});

/** The six tutor story videos, each with its thumbnail, and its files once made. */
export const useTutorVideos = () => useQuery(tutorVideosQuery);
