import {
  type CompleteSignupRequest,
  type CompleteSignupResponse,
  completeSignupResponse,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const completeSignup = (body: CompleteSignupRequest): Promise<CompleteSignupResponse> =>
  api.post("/teacher/complete_signup_postback", completeSignupResponse, body);

export const useCompleteSignup = () => useMutation({ mutationFn: completeSignup });
