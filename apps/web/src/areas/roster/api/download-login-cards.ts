import { rosterCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { saveFile } from "../../../lib/save-file.ts";

/**
 * Fetches the cards PDF through the api client, so a refusal shows on the page, then hands the
 * file to the browser as a download.
 */
export async function downloadLoginCards(): Promise<void> {
  saveFile(await api.download(rosterCalls.loginCardsPdf, { filename: "login-cards.pdf" }));
}

export const useDownloadLoginCards = () => useMutation({ mutationFn: downloadLoginCards });
