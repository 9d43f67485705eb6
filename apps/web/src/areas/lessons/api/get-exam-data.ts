import { lessonsCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const examDataQuery = (lesson: number, day: number) =>
  callQuery(
    ["lessons", "exam", lesson, day],
    lessonsCalls.examData,
    { body: { lesson, day, mode: "take" } },
    { staleTime: 10 * 60_000 },
  );

export const useExamData = (lesson: number, day: number) => useQuery(examDataQuery(lesson, day));
