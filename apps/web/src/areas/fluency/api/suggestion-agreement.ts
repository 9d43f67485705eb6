import { suggestionCalls } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { FLUENCY_KEY } from "./recordings.ts";

/** GET /staff/suggestions: teachers' agreement with suggested scoring, per engine version. */
export const useSuggestionAgreement = () =>
  useQuery({
    queryKey: [...FLUENCY_KEY, "suggestion-agreement"],
    queryFn: () => api.data(suggestionCalls.agreement),
  });

const SCHOOLS_KEY = [...FLUENCY_KEY, "suggestion-schools"];

/** GET /staff/suggestions/schools: each school's adapted recognizer, before and after. */
export const useSchoolAdaptations = () =>
  useQuery({
    queryKey: SCHOOLS_KEY,
    queryFn: () => api.data(suggestionCalls.schools),
    // While an adaptation is queued or being made, its outcome is looked for now and then.
    refetchInterval: (query) => (query.state.data?.some((s) => s.queued) ? 2000 : false),
  });

/** POST /staff/suggestions/schools/{id}/adapt: adapt a school now. */
export function useAdaptSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(suggestionCalls.adapt, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHOOLS_KEY }),
  });
}
