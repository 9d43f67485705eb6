import { authCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const logout = () => api.call(authCalls.logout);

export const useLogout = () => useMutation({ mutationFn: logout });
