import {
  type HomeschoolInvoiceRequest,
  leadsCalls,
  type QuoteResponse,
  type SchoolQuoteRequest,
} from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A school's quote or a homeschool family's invoice: one endpoint, told apart by `product`. */
export const requestQuote = (
  body: SchoolQuoteRequest | HomeschoolInvoiceRequest,
): Promise<QuoteResponse> => api.call(leadsCalls.quote, { body });

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    // A staff member requesting a test quote sees it in the inbox straight away.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["leads"] }),
  });
}
