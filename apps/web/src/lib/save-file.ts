import { useMutation } from "@tanstack/react-query";
import type { DownloadedFile } from "./api.ts";

/** Hands a downloaded file to the browser, which saves it under the file's name. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file the person asks for: `fetch` gets it through the api client, so a refusal shows as the
 * mutation's error, then the browser saves it.
 */
export const useSaveFile = <V>(fetch: (variables: V) => Promise<DownloadedFile>) =>
  useMutation({ mutationFn: async (variables: V) => saveFile(await fetch(variables)) });
