import {
  DEFAULT_SUGGESTION_HELP,
  type GradeBody,
  gradingCalls,
  type ReadingSet,
  type SavedGrade,
  type SuggestionHelp,
  type SuggestionHelpBody,
  suggestionCalls,
} from "@refrain/domain";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../../lib/api.ts";
import { callQuery, showAtOnce } from "../../../../lib/call-query.ts";
import { FLUENCY_KEY } from "../../api/recordings.ts";
import { pollWhileMade } from "../../media-readiness.ts";

/** How often an open modal asks again while a reading's suggestion is being worked out. */
const SUGGESTION_POLL_MS = 5000;

const suggestionPending = (set: ReadingSet | undefined) =>
  Object.values(set?.entries ?? {}).some((r) => r?.suggestion?.status === "pending");

/**
 * The readings a recording belongs with and the lesson's words (GET /teacher/recordings/:id).
 * Under the fluency key, so the reload after a grade brings the new grade here too. An answer
 * for another recording than asked loads nothing (grading spec §7).
 */
export const useReadingSet = (id: number | null) =>
  useQuery({
    queryKey: [...FLUENCY_KEY, "reading-set", id],
    enabled: id !== null,
    queryFn: async () => {
      const { data } = await api.call(gradingCalls.readingSet, { params: { id: id ?? 0 } });
      if (data.id !== id) throw new ApiError(409, "This reading could not be loaded.");
      return data;
    },
    // A suggestion, and a video being made, arrive by themselves while the modal is open.
    refetchInterval: (query) =>
      suggestionPending(query.state.data)
        ? SUGGESTION_POLL_MS
        : pollWhileMade(
            Object.values(query.state.data?.entries ?? {}).filter((r) => r !== undefined),
          ),
  });

/** POST /teacher/recordings/:id/suggestions/retry: the reading set shows it pending again. */
export function useRetrySuggestion(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(suggestionCalls.retry, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...FLUENCY_KEY, "reading-set"] }),
  });
}

/** GET /teacher/suggestions/help, asked once while the app runs. */
export const helpQuery = callQuery(
  [...FLUENCY_KEY, "suggestion-help"],
  suggestionCalls.help,
  {},
  {
    staleTime: Number.POSITIVE_INFINITY,
  },
);

/**
 * How much of a suggestion the teacher wants shown; the default while it loads or when it cannot
 * be read (the suggestions are still only suggestions).
 */
export const useSuggestionHelp = (): SuggestionHelp =>
  useQuery(helpQuery).data?.data.help ?? DEFAULT_SUGGESTION_HELP;

/**
 * POST /teacher/suggestions/help: the modal shows the new level at once and keeps it for the
 * teacher's next readings; back to the saved one when it could not be saved.
 */
export const setHelpMutation = (client: QueryClient) => ({
  mutationFn: (body: SuggestionHelpBody) => api.call(suggestionCalls.setHelp, { body }),
  ...showAtOnce<SuggestionHelpBody>(client, helpQuery.queryKey),
});

export const useSetSuggestionHelp = () => useMutation(setHelpMutation(useQueryClient()));

/** POST /teacher/recordings/:id/grade: a new grade for each grade started; the newest counts. */
export const useGradeReading = (id: number) =>
  useMutation<SavedGrade, unknown, GradeBody>({
    mutationFn: (body) => api.data(gradingCalls.grade, { params: { id }, body }),
  });
