import { adminCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const schoolTeachersQuery = callQuery(
  ["admin", "school-teachers"],
  adminCalls.schoolTeachers,
);

export const useSchoolTeachers = () => useQuery(schoolTeachersQuery);
