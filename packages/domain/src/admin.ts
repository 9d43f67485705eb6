import { z } from "zod";

/** A teacher of the school admin's list (access spec §3). */
export const schoolTeacher = z.object({
  userid: z.number(),
  email: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  login: z.string(),
  students: z.number(),
});
export const schoolTeachersResponse = z.object({
  success: z.literal(true),
  data: z.object({ teachers: z.array(schoolTeacher), seats: z.number(), school: z.string() }),
});
export type SchoolTeachersResponse = z.infer<typeof schoolTeachersResponse>;

export const districtSchool = z.object({
  id: z.number(),
  name: z.string(),
  teachers: z.number(),
  students: z.number(),
});
export const districtSchoolsResponse = z.object({
  success: z.literal(true),
  data: z.object({ district: z.string(), schools: z.array(districtSchool) }),
});
export type DistrictSchoolsResponse = z.infer<typeof districtSchoolsResponse>;
