import { helpCalls, type TutorialName } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { tutorialQuery } from "./get-tutorial.ts";

/** Complete This Step: the server remembers it for this user, so the popup does not come back. */
export function useCompleteTutorial(name: TutorialName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(helpCalls.dismissTutorial, { params: { name } }),
    onSuccess: () =>
      queryClient.setQueryData(tutorialQuery(name).queryKey, (answer) =>
        answer?.success ? { ...answer, data: { ...answer.data, show: false } } : answer,
      ),
  });
}
