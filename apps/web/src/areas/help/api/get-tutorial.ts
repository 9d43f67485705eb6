import { helpCalls, type TutorialName, type TutorialResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** While the video is being made the tutorial is asked again this often, so it shows once made. */
const PREPARING_POLL_MS = 5000;

const isPreparing = (answer: TutorialResponse | undefined) =>
  answer?.success === true && answer.data.preparing;

/**
 * A tutorial by name: its text, its video and captions once made, whether it is still being
 * made, and whether its popup is due for this user. A POST, as the spec has it, that changes
 * nothing: dismissing is its own call.
 */
export const tutorialQuery = (name: TutorialName) =>
  queryOptions({
    queryKey: ["help", "tutorial", name],
    queryFn: () => api.call(helpCalls.tutorial, { params: { name } }),
    staleTime: 10 * 60_000,
    refetchInterval: (query) => (isPreparing(query.state.data) ? PREPARING_POLL_MS : false),
  });

export const useTutorial = (name: TutorialName) => useQuery(tutorialQuery(name));
