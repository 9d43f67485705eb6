import { adminCalls, type SchoolTeachersResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listSchoolTeachers = (): Promise<SchoolTeachersResponse> =>
  api.call(adminCalls.schoolTeachers);

export const schoolTeachersQuery = queryOptions({
  queryKey: ["admin", "school-teachers"],
  queryFn: listSchoolTeachers,
});

export const useSchoolTeachers = () => useQuery(schoolTeachersQuery);
