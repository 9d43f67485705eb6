import { consentCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { saveFile } from "../../../lib/save-file.ts";

/** Saves a consent record's slip scan (the server names the file). */
export const useDownloadConsentSlip = () =>
  useMutation({
    mutationFn: async (recordId: number) =>
      saveFile(
        await api.download(consentCalls.slip, {
          params: { recordId },
          filename: `consent-slip-${recordId}`,
        }),
      ),
  });
