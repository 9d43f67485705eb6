import { authCalls, type StudentLoginRequest, type StudentLoginResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const studentLogin = (body: StudentLoginRequest): Promise<StudentLoginResponse> =>
  api.call(authCalls.studentLogin, { body });

export const useStudentLogin = () => useMutation({ mutationFn: studentLogin });
