import { adminCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendTeacherPasswordLink = (teacherId: number) =>
  api.call(adminCalls.teacherPasswordLink, { params: { teacherId } });

export const useTeacherPasswordLink = () => useMutation({ mutationFn: sendTeacherPasswordLink });
