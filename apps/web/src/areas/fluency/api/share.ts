import { gradingCalls, type ShareBody } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { FLUENCY_KEY } from "./recordings.ts";

const sharesKey = (id: number) => [...FLUENCY_KEY, "shares", id];

/** The Share with Parent form, filled by the server: the parent's address, a subject and body. */
export const useShareDraft = (id: number) =>
  useQuery({
    queryKey: [...FLUENCY_KEY, "share-draft", id],
    queryFn: () => api.data(gradingCalls.shareDraft, { params: { id } }),
    // The form is filled once: a refetch must not overwrite what the teacher typed.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The links shared for a reading, to see their views and turn one off. */
export const useShares = (id: number) =>
  useQuery({
    queryKey: sharesKey(id),
    queryFn: () => api.data(gradingCalls.shares, { params: { id } }),
  });

/** E-mails the parent a link; the reading's links, the draft's address and the counts reload. */
export function useShare(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareBody) => api.call(gradingCalls.share, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLUENCY_KEY }),
  });
}

export function useRevokeShare(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) =>
      api.call(gradingCalls.revokeShare, { params: { id, shareId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}
