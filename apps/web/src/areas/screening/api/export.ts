import { type DistrictExport, exportFileName, screeningExportCalls } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSaveFile } from "../../../lib/save-file.ts";

/** While an export is being made the page asks again this often, to move its progress bar. */
const POLL_MS = 1500;

export const making = (e: DistrictExport | null) =>
  e?.status === "queued" || e?.status === "running";

/** The district's newest export with its progress, and its finished file. */
export const districtExportsQuery = () =>
  queryOptions({
    queryKey: ["screening", "exports"],
    queryFn: () => api.data(screeningExportCalls.latest),
    refetchInterval: (query) => (making(query.state.data?.latest ?? null) ? POLL_MS : false),
  });

export const useDistrictExports = () => useQuery(districtExportsQuery());

/** Starts the CSV of a school year; the panel then follows its progress. */
export function useStartDistrictExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => api.call(screeningExportCalls.start, { body: { year } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: districtExportsQuery().queryKey }),
  });
}

/** Saves a finished export under its school year's file name. */
export const useDownloadDistrictExport = () =>
  useSaveFile((e: DistrictExport) =>
    api.download(screeningExportCalls.file, {
      params: { exportId: e.id },
      filename: exportFileName(e.year),
    }),
  );
