import { rosterImportCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { rosterImportQuery } from "./get-roster-import.ts";
import { rosterImportsKey } from "./list-roster-imports.ts";

export interface PackageUpload {
  file: File;
  /** Staff name the district; a district admin's is their own. */
  districtId?: number;
}

/** The ZIP as the request's body, whatever type the browser gave the file. */
export const uploadRosterPackage = ({ file, districtId }: PackageUpload) =>
  api.upload(rosterImportCalls.upload, {
    query: { fileName: file.name, districtId },
    file,
    type: "application/zip",
  });

export function useUploadRosterPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRosterPackage,
    onSuccess: (answer) => {
      queryClient.setQueryData(rosterImportQuery(answer.data.id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: rosterImportsKey });
    },
  });
}
