import { rosterImportCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { saveFile } from "../../../lib/save-file.ts";

/** Saves every problem of an import as a CSV report (the preview lists only the first). */
export const useDownloadRosterProblems = () =>
  useMutation({
    mutationFn: async (importId: number) =>
      saveFile(
        await api.download(rosterImportCalls.problems, {
          params: { importId },
          filename: `roster-import-${importId}-problems.csv`,
        }),
      ),
  });
