import { type ApplyInput, rosterImportCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useImportChange } from "./get-roster-import.ts";

/** Starts the apply job; the answer is the import, now applying, which the page then follows. */
export const useApplyRosterImport = (importId: number) =>
  useImportChange((body: ApplyInput) =>
    api.call(rosterImportCalls.apply, { params: { importId }, body }),
  );
