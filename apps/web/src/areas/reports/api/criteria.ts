import { classSummaryCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The report criteria's students: a teacher's class, by name; `null` asks for none. */
export const useCriteriaStudents = (teacherId: number | null) =>
  useQuery({
    queryKey: ["reports", "criteria", "students", teacherId],
    queryFn: () =>
      api.data(classSummaryCalls.studentList, { params: { teacherId: teacherId ?? 0 } }),
    enabled: teacherId !== null,
  });

/** The report criteria's teachers for an admin (their school, or their district's). */
export const useCriteriaTeachers = (adminId: number | null, schoolId?: number) =>
  useQuery({
    queryKey: ["reports", "criteria", "teachers", adminId, schoolId],
    queryFn: () =>
      api.data(classSummaryCalls.adminTeachers, {
        params: { adminId: adminId ?? 0 },
        query: schoolId === undefined ? {} : { school_id: schoolId },
      }),
    enabled: adminId !== null,
  });
