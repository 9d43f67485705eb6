import { rosterImportCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useImportChange } from "./get-roster-import.ts";

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

export const useUploadRosterPackage = () => useImportChange(uploadRosterPackage);
