import { helpCalls, type TutorialName, type TutorialResponse } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

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
  callQuery(
    ["help", "tutorial", name],
    helpCalls.tutorial,
    { params: { name } },
    {
      staleTime: 10 * 60_000,
      refetchInterval: (query) => (isPreparing(query.state.data) ? PREPARING_POLL_MS : false),
    },
  );

export const useTutorial = (name: TutorialName) => useQuery(tutorialQuery(name));
