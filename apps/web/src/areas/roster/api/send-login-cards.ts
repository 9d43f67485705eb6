import { type LoginCardsSendResponse, rosterCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendLoginCards = (): Promise<LoginCardsSendResponse> =>
  api.call(rosterCalls.sendLoginCards);

export const useSendLoginCards = () => useMutation({ mutationFn: sendLoginCards });
