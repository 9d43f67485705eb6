import { exportCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** E-mails the parent on file a single-use link to the export (class owner only). */
export function useSendExport() {
  return useMutation({
    mutationFn: (exportId: number) => api.call(exportCalls.send, { params: { exportId } }),
  });
}
