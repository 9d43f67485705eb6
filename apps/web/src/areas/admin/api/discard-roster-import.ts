import { rosterImportCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useImportChange } from "./get-roster-import.ts";

/** Drops an import that was not applied, and its package. */
export const useDiscardRosterImport = (importId: number) =>
  useImportChange(() => api.call(rosterImportCalls.discard, { params: { importId } }));
