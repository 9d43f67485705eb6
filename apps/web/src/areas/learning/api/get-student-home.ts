import { studentHomeCall } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const studentHomeQuery = callQuery(["learning", "home"], studentHomeCall);

export const useStudentHome = () => useQuery(studentHomeQuery);
