import { rosterCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useSaveFile } from "../../../lib/save-file.ts";

/** The students' login cards PDF, fetched through the api client so a refusal shows on the page. */
export const useDownloadLoginCards = () =>
  useSaveFile(() => api.download(rosterCalls.loginCardsPdf, { filename: "login-cards.pdf" }));
