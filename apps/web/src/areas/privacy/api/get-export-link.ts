import { exportCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/**
 * A fresh single-use link to a finished export. Asked for at the click, since the server keeps
 * only the link's hash: a link made earlier could not be shown again.
 */
export function useExportLink() {
  return useMutation({
    mutationFn: (exportId: number) => api.data(exportCalls.link, { params: { exportId } }),
  });
}
