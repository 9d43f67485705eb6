import { type GradeBody, gradingCalls, type SavedGrade } from "@refrain/domain";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../../lib/api.ts";
import { FLUENCY_KEY } from "../../api/recordings.ts";

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
  });

/** POST /teacher/recordings/:id/grade: a new grade each time; the newest counts. */
export const useGradeReading = (id: number) =>
  useMutation<SavedGrade, unknown, GradeBody>({
    mutationFn: async (body) => (await api.call(gradingCalls.grade, { params: { id }, body })).data,
  });
