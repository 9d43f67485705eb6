import { logoutCall } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const logout = () => api.call(logoutCall);

export const useLogout = () => useMutation({ mutationFn: logout });
