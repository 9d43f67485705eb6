import { rosterImportCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { saveFile } from "../../../lib/save-file.ts";

export type SampleVariant = "valid" | "errors";

/** Saves a sample package (the server names the file): fetched as a call, so a refusal shows. */
export const useDownloadRosterSample = () =>
  useMutation({
    mutationFn: async (variant: SampleVariant) =>
      saveFile(
        await api.download(rosterImportCalls.sample, {
          params: { variant },
          filename: `oneroster-sample-${variant}.zip`,
        }),
      ),
  });
