import { type BookCallRequest, type BookCallResponse, bookCallResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const bookCall = (body: BookCallRequest): Promise<BookCallResponse> =>
  api.post("/tutor/book-call", bookCallResponse, body);

export const useBookCall = () => useMutation({ mutationFn: bookCall });
