import { z } from "zod";
import { contract } from "./contract.ts";
import { idParam } from "./validation.ts";

/** A teacher of the school admin's list (access spec §3). */
export const schoolTeacher = z.object({
  userid: z.number(),
  email: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  login: z.string(),
  students: z.number(),
  /**
   * What the caller may do with this teacher, decided by the server's impersonation rule
   * (policies.ts), so the page shows the button without repeating the rule.
   */
  canImpersonate: z.boolean(),
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

// ───────────────────────── Calls ─────────────────────────

export const adminCalls = {
  schoolTeachers: contract({
    tag: "admin",
    policy: "schoolAdmins",
    method: "GET",
    path: "/school/admin/teachers_json",
    summary: "The teachers of the school admin's school",
    response: schoolTeachersResponse,
  }),
  districtSchools: contract({
    tag: "admin",
    policy: "districtAdmins",
    method: "GET",
    path: "/district_admin/school_list/:districtId",
    summary: "The schools of the district admin's district",
    params: z.object({ districtId: idParam }),
    response: districtSchoolsResponse,
  }),
};
