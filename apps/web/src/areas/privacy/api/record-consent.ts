import { consentCalls, type RecordConsentRequest } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A file as base64, as the record call takes a slip scan. */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  // In slices: one spread of megabytes of arguments overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Records one kind of consent for several students; every consent view loads afresh. */
export function useRecordConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordConsentRequest) => api.call(consentCalls.record, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["privacy", "consent"] }),
  });
}
