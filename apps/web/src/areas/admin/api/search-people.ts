import { adminCalls, type SearchInput } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A search is something the admin runs (Enter or Search), so a mutation rather than a query. */
export const searchPeople = (body: SearchInput) => api.call(adminCalls.search, { body });

export const useSearchPeople = () => useMutation({ mutationFn: searchPeople });
