import { type UnsubscribeChoice, type UnsubscribeState, unsubscribeCalls } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const unsubscribeStateQuery = (token: string) =>
  queryOptions({
    queryKey: ["families", "unsubscribe", token],
    queryFn: async (): Promise<UnsubscribeState> =>
      (await api.call(unsubscribeCalls.state, { params: { token } })).data,
    // A tampered link stays tampered: asking again would only delay the page that says so.
    retry: false,
  });

export const useUnsubscribeState = (token: string) => useQuery(unsubscribeStateQuery(token));

/** The parent stops (or, with undo, restarts) what they chose; the page then shows the answer. */
export function useChooseUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { choice: UnsubscribeChoice; undo?: boolean }) =>
      (await api.call(unsubscribeCalls.choose, { params: { token }, body: input })).data,
    onSuccess: (state) => queryClient.setQueryData(unsubscribeStateQuery(token).queryKey, state),
  });
}
