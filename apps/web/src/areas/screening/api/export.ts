import { exportFileName, screeningExportCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useSaveFile } from "../../../lib/save-file.ts";

/** Saves every benchmark and monitoring score of a school year in the district, as CSV. */
export const useDownloadDistrictExport = () =>
  useSaveFile((year: number) =>
    api.download(screeningExportCalls.district, {
      query: { year },
      filename: exportFileName(year),
    }),
  );
