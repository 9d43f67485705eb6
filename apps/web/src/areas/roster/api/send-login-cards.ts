import { type LoginCardsSendResponse, loginCardsSendResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendLoginCards = (): Promise<LoginCardsSendResponse> =>
  api.post("/teacher/media/cards/send", loginCardsSendResponse);

export const useSendLoginCards = () => useMutation({ mutationFn: sendLoginCards });
