import { consentCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useSaveFile } from "../../../lib/save-file.ts";

/** Saves a consent record's slip scan (the server names the file). */
export const useDownloadConsentSlip = () =>
  useSaveFile((recordId: number) =>
    api.download(consentCalls.slip, {
      params: { recordId },
      filename: `consent-slip-${recordId}`,
    }),
  );
