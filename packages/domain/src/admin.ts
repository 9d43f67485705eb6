import { z } from "zod";
import {
  districtSettingsRequest,
  districtSettingsResponse,
  newTeacherRequest,
  searchRequest,
  searchResponse,
  teacherEmailRequest,
  teacherEmailResponse,
} from "./admin/people.ts";
import {
  districtSummary,
  districtSummaryQuery,
  schoolBreakdownQuery,
  schoolBreakdownResponse,
} from "./admin/usage.ts";
import { contract } from "./contract.ts";
import { dataResponse, idParam, messageResponse } from "./validation.ts";

export * from "./admin/oneroster.ts";
export * from "./admin/oneroster-rows.ts";
export * from "./admin/people.ts";
export * from "./admin/roster-import.ts";
export * from "./admin/roster-model.ts";
export * from "./admin/roster-plan.ts";
export * from "./admin/usage.ts";

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
  /** Invited and has not chosen a password yet (nor signed in through single sign-on). */
  invited: z.boolean(),
});
export type SchoolTeacher = z.infer<typeof schoolTeacher>;
export const schoolTeachersResponse = dataResponse(
  z.object({
    teachers: z.array(schoolTeacher),
    seats: z.number(),
    school: z.string(),
  }),
);
export type SchoolTeachersResponse = z.infer<typeof schoolTeachersResponse>;

export const districtSchool = z.object({
  id: z.number(),
  name: z.string(),
  teachers: z.number(),
  students: z.number(),
});
export const districtSchoolsResponse = dataResponse(
  z.object({ district: z.string(), schools: z.array(districtSchool) }),
);
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
  districtSummary: contract({
    tag: "admin",
    policy: "districtAdmins",
    method: "GET",
    path: "/district_admin/summary/:districtId",
    summary:
      "The district summary: the district admin's district's usage over the school year to date and its last 30 days, and a page of its schools with each one's people and usage",
    params: z.object({ districtId: idParam }),
    query: districtSummaryQuery,
    response: dataResponse(districtSummary),
  }),
  schoolBreakdown: contract({
    tag: "admin",
    policy: "admins",
    method: "GET",
    path: "/district_admin/school_breakdown/:schoolId",
    summary: "A school's usage over a period and its last 30 days, and its concept scores",
    params: z.object({ schoolId: idParam }),
    query: schoolBreakdownQuery,
    response: schoolBreakdownResponse,
  }),
  district: contract({
    tag: "admin",
    policy: "districtAdmins",
    method: "GET",
    path: "/district_admin/district/:districtId",
    summary: "The district admin's district settings",
    params: z.object({ districtId: idParam }),
    response: districtSettingsResponse,
  }),
  updateDistrict: contract({
    tag: "admin",
    policy: "districtAdmins",
    method: "POST",
    path: "/district_admin/district/:districtId",
    summary: "Rename the district admin's district",
    params: z.object({ districtId: idParam }),
    body: districtSettingsRequest,
    response: districtSettingsResponse,
  }),
  newTeacher: contract({
    tag: "admin",
    policy: "schoolAdmins",
    method: "POST",
    path: "/school_admin/new_teacher",
    summary: "Invite a teacher to the school admin's school (a seat each)",
    body: newTeacherRequest,
    response: z.object({ success: z.literal(true), data: schoolTeacher, message: z.string() }),
  }),
  teacherPasswordLink: contract({
    tag: "admin",
    policy: "schoolAdmins",
    method: "POST",
    path: "/school_admin/teachers/:teacherId/password_link",
    summary: "E-mail a teacher of the school a link to choose a new password",
    params: z.object({ teacherId: idParam }),
    response: messageResponse,
  }),
  search: contract({
    tag: "admin",
    policy: "districtAdmins",
    method: "POST",
    path: "/district_admin/search_postback",
    summary: "Find the district's teachers or students by login, name or e-mail",
    body: searchRequest,
    response: searchResponse,
  }),
  teacherEmail: contract({
    tag: "admin",
    policy: "classOwners",
    method: "POST",
    path: "/teacher/email/endpoint",
    summary: "Preview or send a teacher's class summary to their school admin or colleagues",
    body: teacherEmailRequest,
    response: teacherEmailResponse,
  }),
};
