import { type ExamDataResponse, lessonsCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getExamData = (lesson: number, day: number): Promise<ExamDataResponse> =>
  api.call(lessonsCalls.examData, { body: { lesson, day, mode: "take" } });

export const examDataQuery = (lesson: number, day: number) =>
  queryOptions({
    queryKey: ["lessons", "exam", lesson, day],
    queryFn: () => getExamData(lesson, day),
    staleTime: 10 * 60_000,
  });

export const useExamData = (lesson: number, day: number) => useQuery(examDataQuery(lesson, day));
