import { rosterImportCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useSaveFile } from "../../../lib/save-file.ts";

/** Saves every problem of an import as a CSV report (the preview lists only the first). */
export const useDownloadRosterProblems = () =>
  useSaveFile((importId: number) =>
    api.download(rosterImportCalls.problems, {
      params: { importId },
      filename: `roster-import-${importId}-problems.csv`,
    }),
  );
