import { learningCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const studentHomeQuery = callQuery(["learning", "home"], learningCalls.home);

export const useStudentHome = () => useQuery(studentHomeQuery);
