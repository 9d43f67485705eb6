import { type SchoolTeachersResponse, schoolTeachersResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listSchoolTeachers = (): Promise<SchoolTeachersResponse> =>
  api.get("/school/admin/teachers_json", schoolTeachersResponse);

export const schoolTeachersQuery = queryOptions({
  queryKey: ["admin", "school-teachers"],
  queryFn: listSchoolTeachers,
});

export const useSchoolTeachers = () => useQuery(schoolTeachersQuery);
