import { rosterCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const feedbackQuery = (studentId: number) =>
  callQuery(["roster", "feedback", studentId], rosterCalls.feedback, { params: { studentId } });

export const useFeedback = (studentId: number) => useQuery(feedbackQuery(studentId));
