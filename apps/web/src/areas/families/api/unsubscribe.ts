import { type UnsubscribeChoice, type UnsubscribeState, unsubscribeCalls } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const unsubscribeStateQuery = (token: string) =>
  queryOptions({
    queryKey: ["families", "unsubscribe", token],
    queryFn: (): Promise<UnsubscribeState> =>
      api.data(unsubscribeCalls.state, { params: { token } }),
    // A tampered link stays tampered: asking again would only delay the page that says so.
    retry: false,
  });

export const useUnsubscribeState = (token: string) => useQuery(unsubscribeStateQuery(token));

/** The parent stops (or, with undo, restarts) what they chose; the page then shows the answer. */
export function useChooseUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { choice: UnsubscribeChoice; undo?: boolean }) =>
      api.data(unsubscribeCalls.choose, { params: { token }, body: input }),
    onSuccess: (state) => queryClient.setQueryData(unsubscribeStateQuery(token).queryKey, state),
  });
}
