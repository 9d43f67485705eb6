import {
  authCalls,
  type CompleteSignupRequest,
  type CompleteSignupResponse,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const completeSignup = (body: CompleteSignupRequest): Promise<CompleteSignupResponse> =>
  api.call(authCalls.completeSignup, { body });

export const useCompleteSignup = () => useMutation({ mutationFn: completeSignup });
