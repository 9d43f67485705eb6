import { rosterImportCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useSaveFile } from "../../../lib/save-file.ts";

export type SampleVariant = "valid" | "errors";

/** Saves a sample package (the server names the file): fetched as a call, so a refusal shows. */
export const useDownloadRosterSample = () =>
  useSaveFile((variant: SampleVariant) =>
    api.download(rosterImportCalls.sample, {
      params: { variant },
      filename: `oneroster-sample-${variant}.zip`,
    }),
  );
