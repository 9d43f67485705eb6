import { districtSchoolsResponse, idParam, schoolTeachersResponse } from "@refrain/domain";
import { z } from "zod";
import { area } from "../../context.ts";
import { authOf, requirePolicy } from "../../plugins/guards.ts";
import { listDistrictSchools, listSchoolTeachers } from "./service.ts";

export const adminArea = area("admin", ({ app, db }) => {
  app.get(
    "/school/admin/teachers_json",
    {
      onRequest: requirePolicy("schoolAdmins"),
      schema: {
        tags: ["admin"],
        summary: "The teachers of the school admin's school",
        response: { 200: schoolTeachersResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listSchoolTeachers(db, authOf(request).user.schoolId),
    }),
  );

  app.get(
    "/district_admin/school_list/:districtId",
    {
      onRequest: requirePolicy("districtAdmins"),
      schema: {
        tags: ["admin"],
        summary: "The schools of the district admin's district",
        params: z.object({ districtId: idParam }),
        response: { 200: districtSchoolsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listDistrictSchools(
        db,
        authOf(request).user.districtId,
        request.params.districtId,
      ),
    }),
  );
});
