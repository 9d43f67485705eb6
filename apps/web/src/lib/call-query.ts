import type { CallOutput, Contract } from "@refrain/domain";
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  type UseQueryOptions,
} from "@tanstack/react-query";
import type { z } from "zod";
import { api, type InputArgs } from "./api.ts";

/** What a query adds to its call (staleTime, retry, refetchInterval…): all but key and fetch. */
type Extras<T, K extends QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, "queryKey" | "queryFn">;

/**
 * The query options of a contract's call: its answer, cached under `queryKey` (which the
 * invalidations name). The input may be left out when the contract takes none, or be `{}`
 * when extras follow.
 */
export function callQuery<C extends Contract & { response: z.ZodType }, K extends QueryKey>(
  queryKey: K,
  c: C,
  ...[input, extras]: [...InputArgs<C>, extras?: Extras<CallOutput<C>, K>]
) {
  return queryOptions({
    ...extras,
    queryKey,
    queryFn: () => api.call(c, ...([input] as InputArgs<C>)),
  });
}

/**
 * A mutation's handlers that show the value it sends as its query's answer at once, and put the
 * kept answer back if the call is refused (or read it again when there was none). A read under
 * way is cancelled first: its older answer would land over the new one.
 */
export function showAtOnce<V>(queryClient: QueryClient, queryKey: QueryKey) {
  return {
    onMutate: async (value: V) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, { success: true as const, data: value });
      return { before };
    },
    onError: (_error: Error, _value: V, kept: { before: unknown } | undefined) => {
      if (kept?.before !== undefined) queryClient.setQueryData(queryKey, kept.before);
      // Never read (the read gave way to the change): read it again rather than keep the
      // refused value on screen.
      else void queryClient.resetQueries({ queryKey });
    },
  };
}
