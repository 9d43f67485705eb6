import { type RecountInput, rosterImportCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useImportChange } from "./get-roster-import.ts";

/**
 * Counts the preview again with the admin's choices; the answer is the import, checking again,
 * which the page then follows until its new preview is ready.
 */
export const useRecountRosterImport = (importId: number) =>
  useImportChange(
    (body: RecountInput) => api.call(rosterImportCalls.recount, { params: { importId }, body }),
    { listChanged: false },
  );
