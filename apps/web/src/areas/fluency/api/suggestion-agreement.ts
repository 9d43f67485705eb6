import { suggestionCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { FLUENCY_KEY } from "./recordings.ts";

/** GET /staff/suggestions: teachers' agreement with suggested scoring, per engine version. */
export const useSuggestionAgreement = () =>
  useQuery({
    queryKey: [...FLUENCY_KEY, "suggestion-agreement"],
    queryFn: () => api.data(suggestionCalls.agreement),
  });
