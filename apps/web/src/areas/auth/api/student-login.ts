import {
  type StudentLoginRequest,
  type StudentLoginResponse,
  studentLoginResponse,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const studentLogin = (body: StudentLoginRequest): Promise<StudentLoginResponse> =>
  api.post("/student/login", studentLoginResponse, body);

export const useStudentLogin = () => useMutation({ mutationFn: studentLogin });
