import { redirectResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const logout = () => api.post("/logout", redirectResponse);

export const useLogout = () => useMutation({ mutationFn: logout });
