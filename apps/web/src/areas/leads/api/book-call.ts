import { type BookCallRequest, type BookCallResponse, leadsCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const bookCall = (body: BookCallRequest): Promise<BookCallResponse> =>
  api.call(leadsCalls.bookCall, { body });

export const useBookCall = () => useMutation({ mutationFn: bookCall });
